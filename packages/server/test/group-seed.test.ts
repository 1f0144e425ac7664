/** Demo groups: a public club and a private class with members, their own problems, a training and a contest; only once. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupAuth } from '@oj/shared';
import { contests, groups, problems, trainings } from '../src/db/schema/index.js';
import { seedContests } from '../src/modules/contest/seed.js';
import { seedGroups } from '../src/modules/group/seed.js';
import { seedProblems } from '../src/seed-problems.js';
import { createTestApp, type TestApp } from './harness.js';
import { login, rootToken } from './helpers.js';
import { resetPassword } from './seed-helpers.js';
import { client } from './client.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('seedGroups', () => {
  it('does nothing without the demo users and problems, then creates two groups once', async () => {
    const ctx = { config: t.config, database: t.database };
    expect(await seedGroups(ctx)).toBe(0);
    await seedProblems(ctx);
    await seedContests(ctx);
    expect(await seedGroups(ctx)).toBe(2);
    expect(await seedGroups(ctx)).toBe(0);

    const { db } = t.database;
    const rows = await db.select().from(groups).orderBy(groups.id);
    expect(rows.map((g) => [g.name, g.auth])).toEqual([
      ['Algorithm Club', GroupAuth.PUBLIC],
      ['Class of 2026', GroupAuth.PRIVATE],
    ]);
    const [club, klass] = rows;
    expect(klass!.code).toMatch(/^.{6}$/);
    expect(
      await db
        .select({ id: problems.id })
        .from(problems)
        .where(and(eq(problems.gid, club!.id), eq(problems.problemId, 'ALGOCLUB1'))),
    ).toHaveLength(1);
    expect(await db.select({ id: trainings.id }).from(trainings).where(eq(trainings.gid, club!.id))).toHaveLength(1);
    expect(await db.select({ id: contests.id }).from(contests).where(eq(contests.gid, klass!.id))).toHaveLength(1);

    // root owns both; the demo users stand where the description says
    const root = await rootToken(t);
    expect((await client(t, root).call('group.access', { query: { gid: klass!.id } })).data).toMatchObject({ owner: true, root: true });
    const bob = await login(t, 'demo_bob', await resetPassword(t, 'demo_bob'));
    expect((await client(t, bob).call('group.auth', { query: { gid: club!.id } })).data).toBe(3);
    expect((await client(t, bob).call('group.auth', { query: { gid: klass!.id } })).data).toBe(1);
    // the class's code is for its root only
    expect((await client(t, bob).call('group.detail', { query: { gid: klass!.id } })).data.code).toBeNull();
    expect((await client(t, root).call('group.detail', { query: { gid: klass!.id } })).data.code).toBe(klass!.code);
  });
});
