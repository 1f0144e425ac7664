/**
 * Contest fixtures shared by the contest API tests: times, a contest with its problems, submitting to
 * a contest and judged contest submissions written straight into the table.
 */
import { judgeCases, submissions } from '../src/db/schema/index.js';
import { client } from './client.js';
import type { TestApp } from './harness.js';

export const MIN = 60_000;

/** The ISO text of an instant given in ms. */
export const isoAt = (ms: number) => new Date(ms).toISOString();

/**
 * An ISO time some minutes from `now` (negative = in the past). Times that are compared with each
 * other (a duration, two equal times) take one `now`, so they cannot be a millisecond apart.
 */
export const iso = (minFromNow: number, now = Date.now()) => isoAt(now + minFromNow * MIN);

/** A valid contest form (running, public, ACM, exactly three hours) with the given fields changed. */
export const contestForm = (o: Record<string, unknown> = {}) => {
  const now = Date.now();
  return {
    title: 'Round',
    description: 'Solve them all.',
    startTime: iso(-60, now),
    endTime: iso(120, now),
    type: 0,
    auth: 0,
    ...o,
  };
};

/**
 * Creates a contest through the admin API and adds bank problems to it as [pid, displayId] (with
 * `extra(displayId)` merged into each add, e.g. a balloon colour); returns its id. Any refusal fails
 * the test at once.
 */
export async function createContest(
  t: TestApp,
  token: string,
  o: Record<string, unknown>,
  problems: [number, string][],
  extra: (displayId: string) => Record<string, unknown> = () => ({}),
): Promise<number> {
  const r = await client(t, token).call('adminContest.create', { body: contestForm(o) });
  if (r.status !== 200) throw new Error(`create contest: ${r.msg}`);
  for (const [pid, displayId] of problems) {
    const a = await client(t, token).call('adminContest.addFromPublic', { body: { cid: r.data.id, pid, displayId, ...extra(displayId) } });
    if (a.status !== 200) throw new Error(`add problem ${pid} as ${displayId}: ${a.msg}`);
  }
  return r.data.id;
}

/** Submits a little C++ program to problem `pid` (a contest letter) of contest `cid` through the API. */
export const submitTo = (t: TestApp, token: string, cid: number, pid = 'A') =>
  client(t, token).call('submission.submit', { body: { pid, cid, language: 'C++', code: 'int main(){return 0;}' } });

export type ContestSubmissionRow = Omit<typeof submissions.$inferInsert, 'displayPid' | 'language' | 'code' | 'status' | 'submitTime'> & {
  cid: number;
  status: number;
  submitTime: Date;
  displayPid?: string;
  language?: string;
  code?: string;
};

/**
 * A judged contest submission written straight into the table, so its time and verdict are exact
 * (display id '?', C++ and code 'x' unless given), with `cases` accepted case results; returns its id.
 */
export async function insertContestSubmission(t: TestApp, row: ContestSubmissionRow, cases = 0): Promise<number> {
  const [inserted] = await t.database.db
    .insert(submissions)
    .values({ displayPid: '?', language: 'C++', code: 'x', ...row })
    .returning({ id: submissions.submitId });
  const submitId = inserted!.id;
  for (let seq = 1; seq <= cases; seq++) {
    await t.database.db.insert(judgeCases).values({ submitId, seq, status: 0, time: 5, memory: 100, userOutput: 'out', uid: row.uid, pid: row.pid });
  }
  return submitId;
}
