import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROBLEMS, seedProblems } from '../src/seed-problems.js';
import { createTestApp, type TestApp } from './harness.js';
import { get, login, createUser } from './helpers.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const hasPython = (() => {
  try {
    execFileSync('python3', ['-c', 'pass']);
    return true;
  } catch {
    return false;
  }
})();

describe('demo problems', () => {
  it('are created once, with tags and test data', async () => {
    expect(await seedProblems({ config: t.config, database: t.database })).toBe(DEMO_PROBLEMS.length);
    expect(await seedProblems({ config: t.config, database: t.database })).toBe(0);
    const list = await get(t, '/api/get-problem-list', { query: { limit: '100' } });
    expect(list.data.total).toBeGreaterThanOrEqual(10);
    expect(list.data.records[0]).toMatchObject({ problemId: 'P1000', title: 'A + B Problem' });
    await createUser(t, { username: 'viewer' });
    const d = await get(t, '/api/get-problem-detail', { token: await login(t, 'viewer'), query: { problemId: 'P1000' } });
    expect(d.data.problem.examples).toEqual([{ input: '1 2\n', output: '3\n' }]);
    const root = await login(t, 'root', 'root-test-password');
    const admin = await get(t, '/api/admin/problem', { token: root, query: { pid: String(list.data.records[0].pid) } });
    expect(admin.data.cases).toHaveLength(10);
  });

  it.skipIf(!hasPython)('have answers the reference solutions produce', () => {
    for (const p of DEMO_PROBLEMS) {
      for (const [i, c] of p.cases.entries()) {
        const out = execFileSync('python3', ['-c', p.solutions.Python3!], { input: c.input, encoding: 'utf8' });
        expect(out, `${p.problemId} case ${i + 1}`).toBe(c.output);
      }
    }
  }, 60_000);
});
