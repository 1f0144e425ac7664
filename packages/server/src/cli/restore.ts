import fs from 'node:fs';
import path from 'node:path';
import { DamagedArchive } from '../backup/archive.js';
import { Progress } from '../backup/progress.js';
import { restoreBackup } from '../backup/restore.js';
import { openTarget, refuseRunningSite } from '../backup/target.js';
import { loadConfig } from '../config.js';

/**
 * `oj restore FILE [--force]`: an archive of `oj backup` into the database (DATABASE_URL, or the
 * embedded one of DATA_DIR, which must not be running) and DATA_DIR.
 */
const args = process.argv.slice(2);
const force = args.includes('--force');
const files = args.filter((a) => a !== '--force');
if (files.length !== 1 || files[0]!.startsWith('-')) {
  console.error('usage: oj restore FILE [--force]');
  process.exit(2);
}
const config = loadConfig();
const file = path.resolve(files[0]!);
if (!fs.existsSync(file)) {
  console.error(`No archive at ${file}.`);
  process.exit(1);
}
try {
  refuseRunningSite(config);
  const s = await restoreBackup({
    file,
    dataDir: config.dataDir,
    openDatabase: () => openTarget(config, 'restore'),
    force,
    progress: (title) => new Progress(title),
  });
  console.log(`Restored ${file}: ${s.tables} tables (${s.rows} rows), ${s.files} files.`);
} catch (err) {
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof DamagedArchive) console.error(`The archive ${file} is damaged: ${message}. Nothing was changed.`);
  else console.error(`Restore failed: ${message}`);
  process.exit(1);
}
