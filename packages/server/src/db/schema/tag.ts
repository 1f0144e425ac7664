import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { problems } from './problem.js';
import { groups } from './group.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Groups of tags shown in the tag panel of the problem list. */
export const tagClassifications = pgTable('tag_classification', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  oj: text('oj').notNull().default('ME'),
  rank: integer('rank').notNull().default(0),
  gmtCreate: ts('gmt_create').notNull().defaultNow(),
  gmtModified: ts('gmt_modified').notNull().defaultNow(),
});

/** Problem tags; a name is unique within one oj (and group). */
export const tags = pgTable(
  'tag',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    color: text('color'),
    oj: text('oj').notNull().default('ME'),
    gid: integer('gid').references(() => groups.id, { onDelete: 'cascade' }),
    /** tag_classification.id; null = unclassified */
    tcid: integer('tcid').references(() => tagClassifications.id, { onDelete: 'set null' }),
    gmtCreate: ts('gmt_create').notNull().defaultNow(),
    gmtModified: ts('gmt_modified').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tag_oj_name_uq').on(t.oj, t.name)],
);

export const problemTags = pgTable(
  'problem_tag',
  {
    pid: integer('pid')
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    tid: integer('tid')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.pid, t.tid] }), index('problem_tag_tid_idx').on(t.tid)],
);
