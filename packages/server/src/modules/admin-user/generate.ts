/**
 * Bulk generation of accounts: usernames prefix + number + suffix for
 * every number of the range, plus the extra accounts, each with a random password. The list with the
 * passwords is kept for an hour under DATA_DIR/generated-users/ (shared by every API node, like the
 * other files) and downloaded as CSV by `GET /api/file/generate-user-excel?key=`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ADMIN_USER_LIMITS, usernameField, type GeneratedUsers, type GenerateUsersBody } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { fail } from '../../lib/errors.js';
import { generatePassword } from '../../lib/password.js';
import { createAccounts, takenNames } from './accounts.js';

interface StoredList {
  owner: string;
  createdAt: number;
  expiresAt: number;
  accounts: { username: string; password: string }[];
}

const dirOf = (ctx: AppContext) => path.join(ctx.config.dataDir, 'generated-users');
const fileOf = (ctx: AppContext, key: string) => path.join(dirOf(ctx), `${key}.json`);

/** The usernames of a batch, in order, without repeats (an extra account may equal a numbered one). */
export function batchUsernames(b: GenerateUsersBody): string[] {
  const names: string[] = [];
  const count = b.number_to - b.number_from + 1;
  const extras = b.extra_account.split(/\s+/).filter(Boolean);
  if (count + extras.length > ADMIN_USER_LIMITS.generateMax) throw fail('generateTooMany', { max: ADMIN_USER_LIMITS.generateMax });
  for (let n = b.number_from; n <= b.number_to; n++) names.push(`${b.prefix}${n}${b.suffix}`);
  names.push(...extras);
  const seen = new Set<string>();
  return names.filter((n) => {
    const k = n.toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Removes lists past their expiry (a generation is rare, so it sweeps on the way). */
async function sweep(ctx: AppContext) {
  const dir = dirOf(ctx);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const now = Date.now();
  for (const name of names) {
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat && now - stat.mtimeMs > ADMIN_USER_LIMITS.generatedListTtlMs) await fs.rm(file, { force: true });
  }
}

export async function generateUsers(ctx: AppContext, owner: string, b: GenerateUsersBody): Promise<GeneratedUsers> {
  const names = batchUsernames(b);
  for (const username of names) {
    const r = usernameField.safeParse(username);
    if (!r.success) throw fail('generateUsernameInvalid', { username, reason: r.error.issues[0]?.message ?? '' });
  }
  const taken = await takenNames(ctx.database.db, 'username', names);
  if (taken.size) {
    const shown = names.filter((n) => taken.has(n.toLowerCase()));
    throw fail('generateUsersExist', { usernames: shown.slice(0, 10).join(', ') + (shown.length > 10 ? ` … (${shown.length})` : '') });
  }
  const accounts = names.map((username) => ({ username, password: generatePassword(b.password_length) }));
  await createAccounts(ctx.database.db, accounts);

  await sweep(ctx);
  const key = crypto.randomBytes(16).toString('hex');
  const now = Date.now();
  const stored: StoredList = { owner, createdAt: now, expiresAt: now + ADMIN_USER_LIMITS.generatedListTtlMs, accounts };
  await fs.mkdir(dirOf(ctx), { recursive: true, mode: 0o700 });
  // Written aside and renamed, so another node never reads half a list; readable by the site's user only.
  const tmp = `${fileOf(ctx, key)}.${process.pid}.tmp`;
  await fs.writeFile(tmp, JSON.stringify(stored), { mode: 0o600 });
  await fs.rename(tmp, fileOf(ctx, key));
  return { key, count: accounts.length };
}

/** A spreadsheet would run a cell starting with = + - @ as a formula: such cells get a leading quote. */
const cell = (v: string) => {
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The CSV of a generated list (UTF-8 with a BOM so spreadsheets read it as UTF-8), or null when gone. */
export async function generatedListCsv(ctx: AppContext, key: string): Promise<string | null> {
  let stored: StoredList;
  try {
    stored = JSON.parse(await fs.readFile(fileOf(ctx, key), 'utf8')) as StoredList;
  } catch {
    return null;
  }
  if (stored.expiresAt <= Date.now()) {
    await fs.rm(fileOf(ctx, key), { force: true });
    return null;
  }
  const lines = ['username,password', ...stored.accounts.map((a) => `${cell(a.username)},${cell(a.password)}`)];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
