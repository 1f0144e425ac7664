/** The password hash's cost: the default, what OJ_PASSWORD_COST accepts, and old hashes after a change. */
import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, passwordCost, verifyPassword } from '../src/lib/password.js';

describe('password cost', () => {
  it('is 16384 unless OJ_PASSWORD_COST says otherwise', () => {
    expect(passwordCost({})).toBe(16384);
    expect(passwordCost({ OJ_PASSWORD_COST: '' })).toBe(16384);
    expect(passwordCost({ OJ_PASSWORD_COST: '1024' })).toBe(1024);
    expect(passwordCost({ OJ_PASSWORD_COST: '1048576' })).toBe(1_048_576);
  });

  it('refuses what is not a power of two from 1024 to 1048576', () => {
    for (const bad of ['512', '3000', '2097152', 'lots', '1e4', '-1024']) {
      expect(() => passwordCost({ OJ_PASSWORD_COST: bad }), bad).toThrow(/OJ_PASSWORD_COST must be a power of two/);
    }
  });

  it('keeps each hash at its own cost: a hash of another cost still verifies', async () => {
    const other = await hashPassword('secret-1', 2048);
    expect(other.startsWith('scrypt$2048$')).toBe(true);
    expect(await verifyPassword('secret-1', other)).toBe(true);
    expect(await verifyPassword('secret-2', other)).toBe(false);
    // This run's cost (the suite's OJ_PASSWORD_COST): a fresh hash needs no rehash, a cheaper one does.
    expect(needsRehash(await hashPassword('secret-1'))).toBe(false);
    expect(needsRehash(await hashPassword('secret-1', passwordCost() / 2))).toBe(true);
  });
});
