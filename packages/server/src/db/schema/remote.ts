import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { RemoteAccountState } from '@oj/shared';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The remote judges' account pool. The password and the site session (its cookies) are sealed with the
 * site's remote key (lib/secrets.ts) and leave the database only towards a judge that leased the account
 * with a task; no API answer carries them. `lease_task` holds the judge task judging on the account, so
 * an account has one submission in flight at most, across every node.
 */
export const remoteAccounts = pgTable(
  'remote_account',
  {
    id: serial('id').primaryKey(),
    oj: text('oj').notNull(),
    username: text('username').notNull(),
    passwordSealed: text('password_sealed').notNull(),
    sessionSealed: text('session_sealed'),
    state: text('state').$type<RemoteAccountState>().notNull().default('free'),
    leaseTask: integer('lease_task'),
    leaseDeadline: ts('lease_deadline'),
    lastError: text('last_error'),
    lastUsedAt: ts('last_used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('remote_account_uq').on(t.oj, sql`lower(${t.username})`),
    index('remote_account_free_idx').on(t.oj, t.id).where(sql`${t.leaseTask} is null`),
  ],
);
