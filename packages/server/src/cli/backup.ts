import path from 'node:path';
import { writeBackup } from '../backup/dump.js';
import { formatSize, Progress } from '../backup/progress.js';
import { openTarget } from '../backup/target.js';
import { loadConfig } from '../config.js';

/**
 * `oj backup FILE`: the database (DATABASE_URL, or the embedded one of DATA_DIR, running or not) and the
 * files of DATA_DIR into one archive, while the site runs.
 */
const [file, ...rest] = process.argv.slice(2);
if (!file || rest.length || file.startsWith('-')) {
  console.error('usage: oj backup FILE');
  process.exit(2);
}
const config = loadConfig();
const out = path.resolve(file);
const progress = new Progress('backup');
try {
  const target = await openTarget(config, 'backup');
  try {
    const s = await writeBackup({ url: target.url, dataDir: config.dataDir, file: out, progress });
    progress.end();
    console.log(
      `Backup written to ${out}: ${s.tables} tables (${s.rows} rows), ${s.files} files` +
        `${s.skipped ? ` (${s.skipped} deleted meanwhile, left out)` : ''}, ${formatSize(s.bytes)}.`,
    );
  } finally {
    await target.close();
  }
} catch (err) {
  progress.end();
  console.error(`Backup failed: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}
