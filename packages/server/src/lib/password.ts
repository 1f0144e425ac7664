import crypto from 'node:crypto';
import os from 'node:os';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (pw: crypto.BinaryLike, salt: crypto.BinaryLike, len: number, opts: crypto.ScryptOptions) => Promise<Buffer>;
const KEYLEN = 64;
const DEFAULT_COST = 16384;

/**
 * scrypt's cost N for new hashes: 2^14 unless OJ_PASSWORD_COST names another power of two from 2^10 to
 * 2^20. The test suites take 2^10: they make and log in thousands of accounts, each a 16 MB, 50 ms hash
 * at the default. A hash keeps its own N, so a changed cost never locks anyone out.
 */
export function passwordCost(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.OJ_PASSWORD_COST;
  if (raw === undefined || raw === '') return DEFAULT_COST;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1024 || n > 1_048_576 || (n & (n - 1)) !== 0) {
    throw new Error(`OJ_PASSWORD_COST must be a power of two from 1024 to 1048576, got "${raw}"`);
  }
  return n;
}

const N = passwordCost();

/**
 * Cost of the accounts an admin creates in bulk (CSV import, generated users): 16 times cheaper than N,
 * so 1 000 accounts take seconds instead of half a minute on two cores. Such a hash is replaced by a
 * full-cost one at the account's first login (`needsRehash`), so it only lasts until the password is
 * first used.
 */
const BATCH_N = N / 16;

/** Stored as `scrypt$N$salt$hash` so the cost can be raised later without breaking old hashes. */
export async function hashPassword(password: string, cost: number = N): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, KEYLEN, { N: cost, r: 8, p: 1 });
  return `scrypt$${cost}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** A hash made with less than today's cost (a bulk-created account): rehash it once the password is known. */
export const needsRehash = (stored: string) => stored.startsWith('scrypt$') && Number(stored.split('$')[1]) < N;

/**
 * Parallel hashes of a bulk creation: one core less than the machine has, so the event loop keeps a
 * core and libuv's pool keeps threads for file system calls. OJ_BULK_HASH_THREADS overrides it
 * (bench/user-generate.ts compares widths).
 */
const BULK_WIDTH = Number(process.env.OJ_BULK_HASH_THREADS) || Math.max(1, os.availableParallelism() - 1);

/**
 * Hashes many passwords on libuv's thread pool (async crypto.scrypt runs there, off the event loop),
 * at most `width` at a time.
 */
export async function hashPasswordsInBulk(passwords: readonly string[], width = BULK_WIDTH): Promise<string[]> {
  const out = new Array<string>(passwords.length);
  let next = 0;
  const lane = async () => {
    while (next < passwords.length) {
      const i = next++;
      out[i] = await hashPassword(passwords[i]!, BATCH_N);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, passwords.length) }, lane));
  return out;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algo, n, salt, hash] = stored.split('$');
  if (algo !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, { N: Number(n), r: 8, p: 1 });
  return crypto.timingSafeEqual(actual, expected);
}

/** A readable random password (no look-alike characters). */
export function generatePassword(length = 16): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = crypto.randomBytes(length);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}
