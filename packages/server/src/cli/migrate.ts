import { loadConfig } from '../config.js';
import { connect, runMigrations } from '../db/client.js';

/** `oj migrate`: applies pending migrations to DATABASE_URL (for deployments with an external PostgreSQL). */
const config = loadConfig();
if (!config.databaseUrl) {
  console.error('Set DATABASE_URL to the PostgreSQL to migrate (npm start migrates the embedded one by itself).');
  process.exit(2);
}
const database = connect(config.databaseUrl, 1);
await runMigrations(database);
await database.close();
console.log('Migrations applied.');
