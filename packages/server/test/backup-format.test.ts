/** The archive format's checks that keep a crafted archive from writing outside DATA_DIR or being misread. Pure. */
import { describe, expect, it } from 'vitest';
import { FORMAT_VERSION, parseManifest, safeDataPath } from '../src/backup/format.js';

const manifest = (o: object = {}) =>
  JSON.stringify({
    format: FORMAT_VERSION,
    appVersion: '0.1.0',
    createdAt: '2026-01-01T00:00:00.000Z',
    migrations: { count: 1, last: '0000_init' },
    tables: [],
    files: [],
    skipped: [],
    ...o,
  });

describe('backup archive format', () => {
  it('takes only plain paths below DATA_DIR, never the database files', () => {
    for (const ok of ['testcase/ab12', 'files/avatar/x.png', 'mail/1.eml', 'pgx/a']) expect(safeDataPath(ok), ok).toBe(true);
    for (const bad of ['', '../etc/passwd', 'files/../../x', '/etc/passwd', 'a//b', './a', 'a/', 'pg/base/1', 'pg.password', 'tmp/x', 'a\\..\\b', 'a\0b']) {
      expect(safeDataPath(bad), bad).toBe(false);
    }
  });

  it('reads a manifest, refuses one of a newer format (upgrade first) and says what is malformed', () => {
    expect(parseManifest(manifest()).migrations.last).toBe('0000_init');
    expect(() => parseManifest(manifest({ format: FORMAT_VERSION + 1 }))).toThrow(/newer version; upgrade first/);
    expect(() => parseManifest(manifest({ tables: [{ schema: 'public', name: 'x', columns: [], rows: 1, size: 1, sha256: 'nothex' }] }))).toThrow(
      /malformed \(tables\.0\.sha256/,
    );
    expect(() => parseManifest('{"format": 1,')).toThrow(/not JSON/);
  });
});
