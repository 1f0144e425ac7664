/**
 * OJ_CACHE_TTL_MS caps the lifetimes of the server caches that may lag the database (the end-to-end
 * site sets it so a test never waits out a minute-long rank cache); without it, or with a value that is
 * not a number of milliseconds, the production lifetimes stay.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

async function lifetimeWith(value: string | undefined) {
  vi.resetModules();
  vi.stubEnv('OJ_CACHE_TTL_MS', value);
  const { cacheLifetime } = await import('../src/lib/cache-lifetime.js');
  return cacheLifetime;
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('cache lifetime', () => {
  it('keeps the production lifetimes when the cap is not set', async () => {
    const cacheLifetime = await lifetimeWith(undefined);
    expect(cacheLifetime(60_000)).toBe(60_000);
    expect(cacheLifetime(5000)).toBe(5000);
  });

  it('caps every lifetime at OJ_CACHE_TTL_MS, never lengthens one', async () => {
    const cacheLifetime = await lifetimeWith('1000');
    expect(cacheLifetime(60_000)).toBe(1000);
    expect(cacheLifetime(3_600_000)).toBe(1000);
    expect(cacheLifetime(500)).toBe(500);
  });

  it('takes 0 (no caching) and ignores a blank or non-numeric value', async () => {
    expect((await lifetimeWith('0'))(60_000)).toBe(0);
    expect((await lifetimeWith(''))(60_000)).toBe(60_000);
    expect((await lifetimeWith('soon'))(60_000)).toBe(60_000);
    expect((await lifetimeWith('-5'))(60_000)).toBe(60_000);
  });

  it('shortens the site rank list cache when the server starts with the cap', async () => {
    vi.resetModules();
    vi.stubEnv('OJ_CACHE_TTL_MS', '1000');
    const { RANK_CACHE_MS } = await import('../src/modules/rank/service.js');
    const { TOTAL_TTL_MS } = await import('../src/modules/place/totals.js');
    expect(RANK_CACHE_MS).toBe(1000);
    expect(TOTAL_TTL_MS).toBe(1000);
  });
});
