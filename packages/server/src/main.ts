import fs from 'node:fs';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { connect, runMigrations } from './db/client.js';
import { startEmbeddedPostgres } from './db/embedded.js';
import { embeddedJudgeEnabled, startEmbeddedJudge, type EmbeddedJudge } from './embedded-judge.js';
import { judgeToken } from './lib/secrets.js';
import { startNoticeDelivery } from './modules/message/notice-delivery.js';
import { firstStartSeed } from './seed.js';

/**
 * `oj start`: database (embedded unless DATABASE_URL), migrations, first-start seed, HTTP server, and
 * the built-in judge daemon over loopback (unless OJ_EMBEDDED_JUDGE=0).
 */
async function main() {
  const config = loadConfig();
  fs.mkdirSync(config.dataDir, { recursive: true });

  let url = config.databaseUrl;
  if (!url) {
    const embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'));
    url = embedded.url;
    if (embedded.orphanStopped) console.log(`Stopped the embedded PostgreSQL (pid ${embedded.orphanStopped}) left running by a site that was killed.`);
    console.log(`Embedded PostgreSQL is running (data in ${path.join(config.dataDir, 'pg')}).`);
  }
  const database = connect(url);
  await runMigrations(database);
  const seeded = await firstStartSeed({ config, database });
  if (seeded.generatedRootPassword) {
    console.log(`\nSuper admin created: username "root", password "${seeded.generatedRootPassword}"`);
    console.log(`(also written to ${path.join(config.dataDir, 'initial-root-password')}; change it after logging in)\n`);
  }

  const app = await buildApp({ config, database });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // Admin notices reach their recipients by an hourly job on every node; the database makes each delivery happen once.
  const stopNotices = startNoticeDelivery(database.db, (err) => app.log.error(err));

  let judge: EmbeddedJudge = { state: 'off' };
  let stopping = false;
  // The embedded PostgreSQL registers its own exit hook that stops the server; ours stops the judge
  // (it still needs HTTP to give its tasks back), then closes HTTP and the pool.
  exitHook((done) => {
    stopping = true;
    console.log('Stopping…');
    (judge.state === 'running' ? judge.daemon.stop() : Promise.resolve())
      .then(() => stopNotices())
      .then(() => app.close())
      .then(() => database.close())
      .catch(() => {})
      .finally(() => done());
  });

  if (embeddedJudgeEnabled()) {
    judge = await startEmbeddedJudge({
      port,
      host: config.host,
      token: await judgeToken({ config, database }),
      dataDir: config.dataDir,
      logLevel: config.logLevel,
    });
    // Ctrl-C while the judge was starting: the hook above did not see it, stop it now.
    if (stopping && judge.state === 'running') await judge.daemon.stop(0);
  }
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(`Online judge is up at http://${shownHost}:${port}/  (Ctrl-C to stop)`);
  if (judge.state === 'running') {
    const { capacity, languages } = judge.info;
    console.log(`Built-in judge: ${capacity} worker${capacity === 1 ? '' : 's'}, ${languages.length} languages (${languages.join(', ')}).`);
  } else if (judge.state === 'disabled') {
    console.warn(`Warning: judging disabled: ${judge.reason}. The site runs; submissions wait until a judge connects (oj judge).`);
  } else {
    console.log('Built-in judge: off (OJ_EMBEDDED_JUDGE=0); submissions wait for remote judges (oj judge).');
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
