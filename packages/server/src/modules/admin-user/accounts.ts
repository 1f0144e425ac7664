import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Role } from '@oj/shared';
import type { Db } from '../../db/client.js';
import { userRoles, users } from '../../db/schema/index.js';
import { fail } from '../../lib/errors.js';
import { hashPasswordsInBulk } from '../../lib/password.js';
import { uniqueViolation } from '../../lib/users.js';

/** An account an admin creates in bulk (import or generation); it gets the plain user role. */
export interface NewAccount {
  username: string;
  password: string;
  email?: string | null;
  realname?: string | null;
  gender?: string;
  nickname?: string | null;
  school?: string | null;
}

/** Rows per INSERT: 9 columns × 1000 stays far below PostgreSQL's 65 535 parameters. */
const CHUNK = 1000;

/** Which of the names (compared lower-cased, as the unique indexes do) already belong to an account. */
export async function takenNames(db: Db, column: 'username' | 'email', names: string[]): Promise<Set<string>> {
  if (!names.length) return new Set();
  const col = column === 'username' ? users.username : users.email;
  // One parameter for the whole list, however long the file.
  const rows = await db
    .select({ v: sql<string>`lower(${col})` })
    .from(users)
    .where(sql`lower(${col}) in (select jsonb_array_elements_text(${JSON.stringify(names.map((n) => n.toLowerCase()))}::jsonb))`);
  return new Set(rows.map((r) => r.v));
}

/**
 * Hashes the passwords off the event loop (lib/password.ts `hashPasswordsInBulk`), then inserts every
 * account and its role in one transaction: all or nothing. A name taken meanwhile by someone else
 * (a registration racing the import) fails the whole batch with the usual message.
 */
export async function createAccounts(db: Db, accounts: NewAccount[]): Promise<number> {
  const hashes = await hashPasswordsInBulk(accounts.map((a) => a.password));
  const rows = accounts.map((a, i) => ({
    uid: crypto.randomUUID(),
    username: a.username,
    password: hashes[i]!,
    email: a.email || null,
    realname: a.realname || null,
    gender: a.gender ?? 'secrecy',
    nickname: a.nickname || null,
    school: a.school || null,
  }));
  try {
    await db.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += CHUNK) {
        const part = rows.slice(i, i + CHUNK);
        await tx.insert(users).values(part);
        await tx.insert(userRoles).values(part.map((r) => ({ uid: r.uid, roleId: Role.USER })));
      }
    });
  } catch (err) {
    const c = uniqueViolation(err);
    if (c === 'user_info_username_uq') throw fail('usernameExists');
    if (c === 'user_info_email_uq') throw fail('emailExists');
    throw err;
  }
  return rows.length;
}
