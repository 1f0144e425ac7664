/** A second API node for the tests of per-node caches: another app on the test app's database. */
import { buildApp } from '../src/app.js';
import { connect, type Database } from '../src/db/client.js';
import { sessionCacheOf } from '../src/lib/session-cache.js';
import type { TestApp } from './harness.js';

export interface SecondNode {
  /** its own pool and LISTEN connection, as another host would have */
  database: Database;
  app: Awaited<ReturnType<typeof buildApp>>;
  /** resolves once this node has heard of every change committed so far (notices arrive in commit order) */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export async function secondNode(t: TestApp): Promise<SecondNode> {
  const database = connect(t.database.url, 2);
  const app = await buildApp({ config: t.config, database });
  await app.ready();
  return {
    database,
    app,
    settled: () => sessionCacheOf(database).settled(),
    async close() {
      await app.close();
      await database.close();
    },
  };
}
