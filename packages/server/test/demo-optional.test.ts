/**
 * Demo content is optional: `OJ_DEMO=0` starts a site with the super admin and the settings
 * only — no demo problems, contests, trainings, discussions, groups, welcome announcement or carousel
 * image — and a later start without it does not fill the bank with demos either.
 */
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { announcements, carousel, contests, discussions, groups, problems, trainings, users } from '../src/db/schema/index.js';
import { firstStartSeed } from '../src/seed.js';
import { createTestApp, ROOT_PASSWORD, type TestApp } from './harness.js';
import { post } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { seed: false });
});
afterAll(() => t.close());

const counts = async () => {
  const n = async (table: PgTable) => (await t.database.db.select({ n: count() }).from(table))[0]!.n;
  return {
    problems: await n(problems),
    contests: await n(contests),
    trainings: await n(trainings),
    discussions: await n(discussions),
    groups: await n(groups),
    announcements: await n(announcements),
    carousel: await n(carousel),
  };
};
const none = { problems: 0, contests: 0, trainings: 0, discussions: 0, groups: 0, announcements: 0, carousel: 0 };

describe('OJ_DEMO', () => {
  it('is on unless set to 0; a wrong value stops the start with a clear message', () => {
    expect(loadConfig({}).demo).toBe(true);
    expect(loadConfig({ OJ_DEMO: '1' }).demo).toBe(true);
    expect(loadConfig({ OJ_DEMO: '0' }).demo).toBe(false);
    expect(() => loadConfig({ OJ_DEMO: 'no' })).toThrow('OJ_DEMO must be 1 (demo content on the first start, the default) or 0 (none), got "no"');
  });

  it('=0: the first start creates root and nothing of the demo; a later start without it adds none', async () => {
    await firstStartSeed({ config: { ...t.config, demo: false }, database: t.database });
    expect(await counts()).toEqual(none);
    expect((await t.database.db.select({ username: users.username }).from(users)).map((u) => u.username)).toEqual(['root']);
    const login = await post(t, '/api/login', { username: 'root', password: ROOT_PASSWORD });
    expect(login.status).toBe(200);

    await firstStartSeed({ config: { ...t.config, demo: true }, database: t.database });
    expect(await counts()).toEqual(none);
  });
});
