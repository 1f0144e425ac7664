import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/lib/password.js';
import type { TestApp } from './harness.js';

/** Gives a seeded account (random password) a known one, so a test can log in as it. */
export async function resetPassword(t: TestApp, username: string, password = 'password1'): Promise<string> {
  await t.database.db
    .update(users)
    .set({ password: await hashPassword(password) })
    .where(eq(users.username, username));
  return password;
}
