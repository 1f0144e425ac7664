import { loadConfig } from '../config.js';
import { connect } from '../db/client.js';
import { repairVerdictCounts } from '../modules/problem/verdict-counts.js';

/**
 * `oj repair-counts`: recomputes the problems' verdict counters from the submissions of DATABASE_URL
 * (after a bulk load or a restore that bypassed the triggers) and says how many counters were wrong.
 */
const config = loadConfig();
if (!config.databaseUrl) {
  console.error('Set DATABASE_URL to the PostgreSQL whose counters to repair.');
  process.exit(2);
}
const database = connect(config.databaseUrl, 1);
const t0 = Date.now();
const fixed = await repairVerdictCounts(database.db);
await database.close();
console.log(`Verdict counters repaired: ${fixed} corrected, in ${((Date.now() - t0) / 1000).toFixed(1)} s.`);
