/** Contest fixtures shared by the contest API tests: times relative to now and a contest with its problems. */
import type { TestApp } from './harness.js';
import { post } from './helpers.js';

export const MIN = 60_000;

/** An ISO time some minutes from now (negative = in the past). */
export const iso = (minFromNow: number) => new Date(Date.now() + minFromNow * MIN).toISOString();

/** A valid contest form (running, public, ACM) with the given fields changed. */
export const contestForm = (o: Record<string, unknown> = {}) => ({
  title: 'Round',
  description: 'Solve them all.',
  startTime: iso(-60),
  endTime: iso(120),
  type: 0,
  auth: 0,
  ...o,
});

/** Creates a contest through the admin API and adds bank problems to it as [pid, displayId]; returns its id. */
export async function createContest(
  t: TestApp,
  token: string,
  o: Record<string, unknown>,
  problems: [number, string][],
  extra: (displayId: string) => Record<string, unknown> = () => ({}),
): Promise<number> {
  const r = await post(t, '/api/admin/contest', contestForm(o), { token });
  if (r.status !== 200) throw new Error(r.msg);
  for (const [pid, displayId] of problems) {
    const a = await post(t, '/api/admin/contest/add-problem-from-public', { cid: r.data.id, pid, displayId, ...extra(displayId) }, { token });
    if (a.status !== 200) throw new Error(a.msg);
  }
  return r.data.id;
}
