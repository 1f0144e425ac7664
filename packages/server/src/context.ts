import type { ServerConfig } from './config.js';
import type { Database } from './db/client.js';

/** What every module gets: settings, the database and the data directory. Nothing else is global. */
export interface AppContext {
  config: ServerConfig;
  database: Database;
}
