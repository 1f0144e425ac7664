import fs from 'node:fs';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { connect, runMigrations } from './db/client.js';
import { startEmbeddedPostgres } from './db/embedded.js';
import { seed } from './seed.js';

/** `oj start`: database (embedded unless DATABASE_URL), migrations, first-start seed, HTTP server. */
async function main() {
  const config = loadConfig();
  fs.mkdirSync(config.dataDir, { recursive: true });

  let url = config.databaseUrl;
  if (!url) {
    const embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'));
    url = embedded.url;
    console.log(`Embedded PostgreSQL is running (data in ${path.join(config.dataDir, 'pg')}).`);
  }
  const database = connect(url);
  await runMigrations(database);
  const seeded = await seed({ config, database });
  if (seeded.generatedRootPassword) {
    console.log(`\nSuper admin created: username "root", password "${seeded.generatedRootPassword}"`);
    console.log(`(also written to ${path.join(config.dataDir, 'initial-root-password')}; change it after logging in)\n`);
  }

  const app = await buildApp({ config, database });
  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(`Online judge is up at http://${shownHost}:${config.port}/  (Ctrl-C to stop)`);

  // The embedded PostgreSQL registers its own exit hook that stops the server; ours closes HTTP and the pool first.
  exitHook((done) => {
    console.log('Stopping…');
    app
      .close()
      .then(() => database.close())
      .catch(() => {})
      .finally(() => done());
  });
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
