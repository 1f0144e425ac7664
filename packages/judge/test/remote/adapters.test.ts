import { describe, expect, it } from 'vitest';
import { REMOTE_OJS } from '@oj/shared';
import { REMOTE_ADAPTERS } from '../../src/remote/adapters.js';

describe('remote adapters', () => {
  const entries = Object.entries(REMOTE_ADAPTERS);

  it('each sits under its own key, one for every remote judge the site names', () => {
    expect(Object.keys(REMOTE_ADAPTERS).sort()).toEqual([...REMOTE_OJS].sort());
    for (const [key, adapter] of entries) {
      expect(REMOTE_OJS).toContain(key);
      expect(adapter.oj).toBe(key);
      expect(adapter.defaultBaseUrl).toMatch(/^https?:\/\//);
    }
  });

  it('offers each language once by our name and once by the site’s id, with a comment syntax for the salt', () => {
    for (const [key, adapter] of entries) {
      const names = adapter.languages.map((l) => l.name);
      const ids = adapter.languages.map((l) => l.remoteId);
      expect(new Set(names).size, key).toBe(names.length);
      expect(new Set(ids).size, key).toBe(ids.length);
      expect(names.length, key).toBeGreaterThan(0);
      for (const l of adapter.languages) expect(['slash', 'hash', 'dash', 'brace'], `${key} ${l.name}`).toContain(l.comment);
    }
  });

  it('refuses ids that cannot be a problem of the site', () => {
    for (const [key, adapter] of entries) {
      for (const bad of ['', ' ', '../etc/passwd', '<script>', 'x'.repeat(300)]) expect(adapter.normaliseId(bad), `${key} ${JSON.stringify(bad)}`).toBeNull();
    }
  });
});
