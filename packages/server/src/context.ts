import type { ServerConfig } from './config.js';
import type { Database } from './db/client.js';

/** What every module gets: settings, the database and the data directory. Nothing else is global. */
export interface AppContext {
  config: ServerConfig;
  database: Database;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The context of this app, for hooks and guards that only get the request. */
    appContext: AppContext;
  }
  interface FastifyContextConfig {
    /** the route also takes HTTP Basic with an API token as the password (lib/auth.ts `apiTokenBasic`) */
    apiTokenBasic?: boolean;
  }
}
