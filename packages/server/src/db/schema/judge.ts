import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Languages offered for each judge (oj ME for our own); judges fill in ME rows from what they detect. */
export const languages = pgTable(
  'language',
  {
    id: serial('id').primaryKey(),
    oj: text('oj').notNull().default('ME'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    compileCommand: text('compile_command').notNull().default(''),
    template: text('template').notNull().default(''),
    codeTemplate: text('code_template').notNull().default(''),
    contentType: text('content_type').notNull().default('text/plain'),
    isSpj: boolean('is_spj').notNull().default(false),
    seq: integer('seq').notNull().default(0),
    gmtModified: timestamp('gmt_modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('language_oj_name_uq').on(t.oj, t.name)],
);
