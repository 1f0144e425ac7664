import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

/**
 * Every file of a Kattis fixture (`fixtures/<name>`), by its path inside the package. The package's
 * `data/` is kept as `tests/` in the repository (folders named data/ hold site data and are never tracked).
 */
export function kattisFixtureFiles(name: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (dir: string, prefix: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const entry = !prefix && e.name === 'tests' ? 'data' : e.name;
      const rel = prefix ? `${prefix}/${entry}` : entry;
      if (e.isDirectory()) walk(path.join(dir, e.name), rel);
      else out.set(rel, fs.readFileSync(path.join(dir, e.name)));
    }
  };
  walk(path.join(FIXTURES, name), '');
  return out;
}
