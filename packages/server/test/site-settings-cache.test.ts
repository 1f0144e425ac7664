import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSetting, putSetting } from '../src/lib/site-config.js';
import { createTestApp, type TestApp } from './harness.js';
import { secondNode, type SecondNode } from './second-node.js';
import { rootToken } from './helpers.js';
import { client } from './client.js';

/**
 * Site settings are cached per API node and kept true by change notices: node A is the test app, node B a
 * second app with its own pool and LISTEN connection on the same database.
 */
describe('site settings across API nodes', () => {
  let t: TestApp;
  let b: SecondNode;

  beforeAll(async () => {
    t = await createTestApp();
    b = await secondNode(t);
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  const shortNameOn = async (app: SecondNode['app']) => (await client({ app }).call('site.websiteConfig')).data.shortName;
  /** B has heard of every change committed so far (notices arrive in commit order). */
  const bSettled = () => b.settled();

  it('serves a section from memory: a write that sends no notice is not seen', async () => {
    await bSettled();
    expect(await shortNameOn(b.app)).toBe('OJ');
    await t.database.db.execute(sql`update site_config set value = value || '{"shortName":"Silent"}'::jsonb where key = 'website'`);
    await bSettled();
    // Only the cache can explain that B still answers the old name.
    expect(await shortNameOn(b.app)).toBe('OJ');
  });

  it("root's save on node A is seen by the next call on node B", async () => {
    const r = await client(t, await rootToken(t)).call('admin.setWebConfig', { body: { shortName: 'Both' } });
    expect(r.status).toBe(200);
    await bSettled();
    expect(await shortNameOn(b.app)).toBe('Both');
    expect(await shortNameOn(t.app)).toBe('Both');
  });

  it('a write through putSetting on one node reaches a section cached on the other, section by section', async () => {
    expect((await getSetting(b.database.db, 'switch')).submitIntervalSec).toBe(8);
    expect((await getSetting(b.database.db, 'group')).groupDailyLimit).toBe(2);
    await putSetting(t.database.db, 'switch', { submitIntervalSec: 3 });
    await bSettled();
    expect((await getSetting(b.database.db, 'switch')).submitIntervalSec).toBe(3);
    expect((await getSetting(b.database.db, 'group')).groupDailyLimit).toBe(2);
  });

  it('a write rolled back tells no node anything, and the cache keeps the committed value', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`update site_config set value = value || '{"submitIntervalSec":99}'::jsonb where key = 'switch'`);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await bSettled();
    expect((await getSetting(b.database.db, 'switch')).submitIntervalSec).toBe(3);
  });

  it('each caller gets its own copy: changing one does not change the next', async () => {
    const first = await getSetting(b.database.db, 'website');
    first.shortName = 'Mutated';
    expect((await getSetting(b.database.db, 'website')).shortName).toBe('Both');
  });
});
