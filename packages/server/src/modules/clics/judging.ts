/**
 * Submissions, judgements and runs of a contest as CLICS objects, each with the key that orders it in
 * the event feed: when the object last changed for this viewer. A submission's key is its submit time;
 * a judgement's the last write of its row (`gmt_modified`: judging, the verdict, a rejudge, a manual
 * verdict), or for the public, when a sealed result was unsealed (`thawedAt`), and not before the end
 * once it shows its run time (the public's judgement gains `max_run_time` then: a change a resuming
 * client must be sent); a run's its judgement's (for the public not before the end: runs are shown after it). Only submissions inside the contest's
 * time window and on its problems are served (the board's: the rest are tests and practice). One
 * judgement per submission, id = the submission's: a rejudge updates it.
 */
import { sql } from 'drizzle-orm';
import { clicsJudgementTypeOf, clicsRelTime, clicsTime, type ClicsJudgement, type ClicsRun, type ClicsSubmission } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { contestStaff } from '../contest/board-staff.js';
import type { ProblemLink } from './objects.js';
import { thawedAt, type ClicsView } from './view.js';

/** Orders events: ms, then `submit_id * 4 + kind` (0 submission, 1 judgement, 2 runs). */
export type Key = readonly [number, number];
export const compareKeys = (a: Key, b: Key) => a[0] - b[0] || a[1] - b[1];

export interface Judged {
  submission: ClicsSubmission;
  submissionKey: Key;
  judgement: ClicsJudgement | null;
  judgementKey: Key;
  runs: ClicsRun[];
  runsKey: Key;
}

interface Row {
  submit_id: number;
  uid: string;
  pid: number;
  language: string;
  status: number;
  time: number | null;
  at: number;
  modified: number;
  staff: boolean;
}

/**
 * The contest's submissions with their judgements and runs as the view shows them. `changedSince`
 * (ms): only rows that may hold an object changed from then on (a superset; the caller filters by key).
 */
export async function readJudging(
  ctx: AppContext,
  v: ClicsView,
  links: Map<number, ProblemLink>,
  languages: Map<string, string>,
  changedSince: number | null,
): Promise<Judged[]> {
  const { c } = v;
  const thaw = v.staff ? null : thawedAt(c, v.now);
  const sealTime = c.sealRankTime?.getTime() ?? null;
  const end = c.endTime.getTime();
  const since = changedSince === null ? null : new Date(changedSince).toISOString();
  // Rows whose judgement was unsealed, or whose runs were released at the end, after `since` change with them.
  const released = changedSince !== null && ((thaw !== null && thaw >= changedSince) || (!v.staff && v.runs && end >= changedSince));
  const filter = since === null ? sql`true` : sql`(j.submit_time >= ${since} or j.gmt_modified >= ${since} or ${released})`;
  const { rows } = await ctx.database.db.execute<Row & Record<string, unknown>>(sql`
    select j.submit_id, j.uid, j.pid, j.language, j.status, j.time,
      floor(extract(epoch from j.submit_time) * 1000)::float8 as at,
      floor(extract(epoch from j.gmt_modified) * 1000)::float8 as modified,
      ${contestStaff(sql`j.uid`, c)} as staff
    from judge j
    where j.cid = ${c.id} and j.submit_time >= ${c.startTime.toISOString()} and j.submit_time < ${c.endTime.toISOString()}
      and j.pid in (select pid from contest_problem where cid = ${c.id}) and ${filter}
    order by j.submit_id`);
  const out: Judged[] = [];
  const withRuns: number[] = [];
  const start = c.startTime.getTime();
  const rel = (ms: number) => clicsRelTime(ms - start);
  for (const r of rows) {
    const link = links.get(r.pid);
    if (!link || (r.staff && !v.staff)) continue;
    const id = String(r.submit_id);
    const type = clicsJudgementTypeOf(r.status);
    const hidden = v.sealFrom !== null && r.at >= v.sealFrom;
    const unsealedAt = thaw !== null && sealTime !== null && r.at >= sealTime ? thaw : 0;
    const judgedAt = Math.max(r.modified, r.at, unsealedAt);
    const submission: ClicsSubmission = {
      id,
      language_id: languages.get(r.language) ?? 'unknown',
      problem_id: link.id,
      team_id: r.staff ? null : r.uid,
      time: clicsTime(r.at),
      contest_time: rel(r.at),
      entry_point: null,
      files: v.staff ? [{ href: `contests/${c.id}/submissions/${id}/files`, filename: 'files.zip', mime: 'application/zip' }] : [],
    };
    const judgement: ClicsJudgement | null = hidden
      ? null
      : {
          id,
          submission_id: id,
          judgement_type_id: type,
          current: true,
          start_time: clicsTime(r.at),
          start_contest_time: rel(r.at),
          end_time: type === null ? null : clicsTime(r.modified),
          end_contest_time: type === null ? null : rel(r.modified),
          ...(type !== null && v.runs && r.time !== null ? { max_run_time: r.time / 1000 } : {}),
        };
    if (judgement && type !== null && v.runs) withRuns.push(r.submit_id);
    const shownAtEnd = v.staff ? judgedAt : Math.max(judgedAt, end);
    out.push({
      submission,
      submissionKey: [r.at, r.submit_id * 4],
      judgement,
      judgementKey: [judgement?.max_run_time !== undefined ? shownAtEnd : judgedAt, r.submit_id * 4 + 1],
      runs: [],
      runsKey: [shownAtEnd, r.submit_id * 4 + 2],
    });
  }
  if (withRuns.length) {
    const byId = new Map(out.map((j) => [Number(j.submission.id), j]));
    const cases = await ctx.database.pool.query<{ id: number; submit_id: number; seq: number; status: number; time: number; at: number }>({
      text: `select id, submit_id, seq, status, time, floor(extract(epoch from gmt_create) * 1000)::float8 as at
             from judge_case where submit_id = any($1::int[]) order by submit_id, seq`,
      values: [withRuns],
    });
    for (const r of cases.rows) {
      const type = clicsJudgementTypeOf(r.status);
      const j = byId.get(r.submit_id);
      if (!j || type === null) continue;
      j.runs.push({
        id: String(r.id),
        judgement_id: String(r.submit_id),
        ordinal: r.seq,
        judgement_type_id: type,
        time: clicsTime(r.at),
        contest_time: rel(r.at),
        run_time: r.time / 1000,
      });
    }
  }
  return out;
}
