/** Demo trainings: two categories, two public trainings (the first starts with A + B) and a private one whose password its description gives; only once. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@oj/shared';
import { seedTrainings } from '../src/modules/training/seed.js';
import { seedProblems } from '../src/seed-problems.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, login } from './helpers.js';
import { client } from './client.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('seedTrainings', () => {
  it('does nothing without the demo problems, then creates three trainings once', async () => {
    const ctx = { config: t.config, database: t.database };
    expect(await seedTrainings(ctx)).toBe(0);
    await seedProblems(ctx);
    expect(await seedTrainings(ctx)).toBe(3);
    expect(await seedTrainings(ctx)).toBe(0);

    const cats = await client(t).call('training.categories');
    expect(cats.data.map((c) => c.name)).toEqual(['Beginner', 'Algorithms']);
    const list = await client(t).call('training.list');
    expect(list.data.records.map((r) => [r.title, r.auth, r.categoryName, r.problemCount])).toEqual([
      ['Getting Started', 'Public', 'Beginner', 5],
      ['Classic Algorithms', 'Public', 'Algorithms', 7],
      ['Private Practice', 'Private', 'Algorithms', 3],
    ]);

    await createUser(t, { username: 'newbie' });
    const token = await login(t, 'newbie');
    const first = await client(t, token).call('training.problems', { query: { tid: list.data.records[0]!.id } });
    expect(first.data[0]).toMatchObject({ problemId: 'P1000', title: 'A + B Problem' });

    // the private one opens with the password its description prints
    const priv = list.data.records[2]!.id;
    const detail = await client(t, token).call('training.detail', { query: { tid: priv } });
    const password = /`([^`]+)`/.exec(detail.data.description)?.[1];
    expect(password).toBeTruthy();
    expect((await client(t, token).call('training.register', { body: { tid: priv, password } })).msg).toBe(MSG.trainingRegistered);
    expect((await client(t, token).call('training.problems', { query: { tid: priv } })).data.map((p) => p.problemId)).toEqual(['P1010', 'P1005', 'P1009']);
  });
});
