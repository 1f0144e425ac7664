/**
 * The first pass of a restore: reads the whole archive and checks every entry against the manifest
 * before anything is touched, so a damaged archive changes nothing.
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DamagedArchive, hashing, readArchive } from './archive.js';
import { DB_PREFIX, FILES_PREFIX, MANIFEST, parseManifest, safeDataPath, tableEntryName, type Manifest } from './format.js';
import type { Progress } from './progress.js';

const MAX_MANIFEST = 256 * 1024 * 1024;

const sink = () =>
  new Writable({
    write(_chunk, _enc, done) {
      done();
    },
  });

export async function verifyArchive(file: string, progress: Progress): Promise<Manifest> {
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestText: string | null = null;
  await readArchive(file, async (entry, content) => {
    if (seen.has(entry.name) || (entry.name === MANIFEST && manifestText !== null)) throw new DamagedArchive(`it holds ${entry.name} twice`);
    if (entry.name === MANIFEST) {
      if (entry.size > MAX_MANIFEST) throw new DamagedArchive('its manifest is implausibly large');
      const chunks: Buffer[] = [];
      for await (const c of content) chunks.push(c as Buffer);
      manifestText = Buffer.concat(chunks).toString('utf8');
      return;
    }
    if (!entry.name.startsWith(DB_PREFIX) && !entry.name.startsWith(FILES_PREFIX)) throw new DamagedArchive(`it holds an unexpected entry ${entry.name}`);
    const tap = hashing((n) => progress.addBytes(n));
    await pipeline(content, tap.stream, sink());
    seen.set(entry.name, tap.result());
  });
  if (manifestText === null) throw new DamagedArchive(`it has no ${MANIFEST} (not a backup, or cut short)`);
  let manifest: Manifest;
  try {
    manifest = parseManifest(manifestText);
  } catch (err) {
    throw new DamagedArchive((err as Error).message);
  }
  const expected = new Map<string, { size: number; sha256: string }>();
  for (const t of manifest.tables) expected.set(tableEntryName(t), t);
  for (const f of manifest.files) {
    if (!safeDataPath(f.path)) throw new DamagedArchive(`its manifest names a file outside the data directory: ${f.path}`);
    expected.set(`${FILES_PREFIX}${f.path}`, f);
  }
  for (const [name, want] of expected) {
    const got = seen.get(name);
    if (!got) throw new DamagedArchive(`${name} is missing from it`);
    if (got.size !== want.size || got.sha256 !== want.sha256) throw new DamagedArchive(`the checksum of ${name} differs from its manifest's`);
  }
  for (const name of seen.keys()) if (!expected.has(name)) throw new DamagedArchive(`${name} is not in its manifest`);
  return manifest;
}
