/**
 * The ghost board of a virtual participation: the real participants as they stood at the virtual
 * participant's elapsed time, plus him and the contest's other virtual runners (each one's latest run)
 * as they stood at that same time on their own clocks, their rows marked `virtual`. It is folded by the contest's own rule
 * (`foldOf`, the real board's folds) from the real board's state (board-state.ts) under a window that ends
 * at the start plus his elapsed time, with his submissions moved onto the contest's clock; the seal is the
 * contest's, at that time (from sealRankTime on while his clock runs; after it, for good when the real
 * board stays sealed). A real participant's row at a time depends only on how many of his submissions
 * were made before it, so rows are kept per state and fold settings with that count and his version, and
 * shared by every runner of the contest: a read finds each participant's count by a binary search and
 * refolds only the rows whose count or submissions moved, then ranks all rows. The runners' rows are
 * folded at each read (few, and each runner's clock moves them).
 */
import {
  sealActive,
  type AcmRankRow,
  type ContestRankQuery,
  type OiRankRow,
  type RankSubmission,
  type RankUserInfo,
  type RowFold,
  type VirtualRankPage,
  type VirtualRankRow,
} from '@oj/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail } from '../../lib/errors.js';
import { assertCanView, visibleContest, type ContestRow } from './access.js';
import { contestState, foldOf, settingsOf } from './board.js';
import { subtaskScores, type BoardState } from './board-state.js';
import { boardPage } from './rank.js';
import { latestRun, type VirtualRow } from './virtual.js';

type Row = AcmRankRow | OiRankRow;

/** A real participant's row as last folded for a ghost board: from his first `n` submissions, at `version`. */
interface KeptRow {
  version: number;
  n: number;
  row: Row | null;
}

/**
 * Kept rows per real board state (dropped with it: a rebuild starts afresh) and fold settings other than
 * the time (start, seal, names, rule): uid → row.
 */
const kept = new WeakMap<BoardState, Map<string, Map<string, KeptRow>>>();

/** How many of the (submit-ordered) submissions were made before `at`. */
function countBefore(subs: readonly RankSubmission[], at: number): number {
  let lo = 0;
  let hi = subs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (subs[mid]!.submitTime < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The kept rows of the state under these settings (the time left out). */
function keptRows(st: BoardState, c: ContestRow, sealFrom: number | null): Map<string, KeptRow> {
  let bySettings = kept.get(st);
  if (!bySettings) kept.set(st, (bySettings = new Map()));
  const key = JSON.stringify([c.startTime.getTime(), sealFrom, c.rankShowName, c.oiRankScoreType, c.type]);
  let rows = bySettings.get(key);
  if (!rows) {
    // Only the current settings are worth keeping (a moved seal or start makes the others stale).
    bySettings.clear();
    bySettings.set(key, (rows = new Map()));
  }
  return rows;
}

/**
 * Virtual runs' submissions on the contest's clock (submit order), as a board folds them, by runner: the
 * run `only`, or every other runner's latest run of the contest (`except` his own).
 */
async function runSubmissions(
  ctx: AppContext,
  c: ContestRow,
  runs: { only: VirtualRow } | { except: string },
  subtasks: boolean,
): Promise<Map<string, RankSubmission[]>> {
  // Each runner's latest run: read once, not asked again per row.
  const which =
    'only' in runs
      ? sql`select id, uid, start_time from contest_virtual where id = ${runs.only.id}`
      : sql`select distinct on (uid) id, uid, start_time from contest_virtual
          where cid = ${c.id} and uid <> ${runs.except} order by uid, id desc`;
  const { rows } = await ctx.database.db.execute<{
    submit_id: number;
    uid: string;
    display_id: string;
    status: number;
    score: number | null;
    time: number | null;
    ms: number;
    run_start: number;
  }>(sql`
    select j.submit_id, v.uid, cp.display_id, j.status, j.score, j.time,
      floor(date_part('epoch', j.submit_time) * 1000)::float8 as ms,
      floor(date_part('epoch', v.start_time) * 1000)::float8 as run_start
    from (${which}) v
    join judge j on j.vid = v.id
    join contest_problem cp on cp.cid = j.cid and cp.pid = j.pid
    order by j.submit_time, j.submit_id`);
  const groups = subtasks && rows.length ? await subtaskScores(ctx, { ids: rows.map((r) => r.submit_id) }) : null;
  const byUid = new Map<string, RankSubmission[]>();
  for (const r of rows) {
    const submitTime = Number(r.ms) + c.startTime.getTime() - Number(r.run_start);
    const s: RankSubmission = { uid: r.uid, displayId: r.display_id, status: r.status, score: r.score, time: r.time, submitTime };
    const g = groups?.get(r.submit_id);
    if (g) s.subtasks = g;
    const list = byUid.get(r.uid);
    if (list) list.push(s);
    else byUid.set(r.uid, [s]);
  }
  return byUid;
}

/** The ghost board at `elapsed` ms from the start, and whether it is sealed then. */
export async function ghostBoard(
  ctx: AppContext,
  c: ContestRow,
  run: VirtualRow,
  elapsed: number,
  removeStar: boolean,
): Promise<{ rows: VirtualRankRow[]; byUid: Map<string, VirtualRankRow>; sealed: boolean }> {
  const at = c.startTime.getTime() + elapsed;
  const sealed = sealActive(
    { sealRank: c.sealRank, sealRankTime: c.sealRankTime?.getTime() ?? null, autoRealRank: c.autoRealRank, endTime: c.endTime.getTime() },
    at,
  );
  const base = settingsOf(c, { sealed, containsEnd: false, removeStar });
  const settings = { ...base, window: { ...base.window, endTime: at } };
  const fold = foldOf(c);
  const rowFold = fold.rows(c) as RowFold<Row>;
  const [st, mine, others] = await Promise.all([
    contestState(ctx, c),
    runSubmissions(ctx, c, { only: run }, fold.subtasks),
    runSubmissions(ctx, c, { except: run.uid }, fold.subtasks),
  ]);
  const runners = [run.uid, ...others.keys()];
  const { rows: infos } = await ctx.database.db.execute<RankUserInfo & Record<string, unknown>>(
    sql`select uid, username, nickname, realname, school, avatar, gender from user_info where uid = any(${`{${runners.join(',')}}`}::text[])`,
  );
  const info = new Map(infos.map((u) => [u.uid, u]));
  const stars = settings.starUsers;
  const keep = (r: Row | null): r is Row => !!r && !(removeStar && stars.has(r.username.toLowerCase()));
  const list: Row[] = [];
  const held = keptRows(st, c, settings.window.sealFrom);
  for (const [uid, subs] of st.byUser) {
    const user = st.users.get(uid);
    // His own practice submissions after the end are not on the board he races against.
    if (!user || uid === run.uid) continue;
    const n = countBefore(subs, at);
    const version = st.userVersion.get(uid) ?? 0;
    let k = held.get(uid);
    if (!k || k.version !== version || k.n !== n) held.set(uid, (k = { version, n, row: n ? rowFold.row(user, subs, settings) : null }));
    if (keep(k.row)) list.push(k.row);
  }
  // The runners: him, and the others at the same elapsed time on their own clocks (a runner who took part
  // for real has no run, so no one is on the board twice).
  for (const [uid, subs] of [[run.uid, mine.get(run.uid) ?? []] as const, ...others]) {
    const user = info.get(uid);
    // Another runner is on the board once he has submitted by then, as a real participant is.
    const row = user && (uid === run.uid || subs.some((x) => x.submitTime < at)) ? rowFold.row(user, subs, settings) : null;
    if (keep(row)) list.push(row);
  }
  const rows: VirtualRankRow[] = rowFold.finish(list, settings);
  for (const r of rows) if (r.uid === run.uid || others.has(r.uid)) r.virtual = true;
  return { rows, byUid: new Map(rows.map((r) => [r.uid, r])), sealed };
}

/**
 * The caller's ghost board, for his latest run: at his elapsed time while it runs, at the end once it is
 * over. Whoever may see the contest's inside and has a run.
 */
export async function virtualRank(ctx: AppContext, user: AuthUser, q: ContestRankQuery): Promise<VirtualRankPage> {
  const { db } = ctx.database;
  const c = await visibleContest(db, q.cid, user);
  await assertCanView(db, c, user);
  const run = await latestRun(db, c.id, user.uid);
  if (!run) throw fail('contestVirtualNone');
  const elapsed = Math.max(0, Math.min(Date.now(), run.endTime.getTime()) - run.startTime.getTime());
  const board = await ghostBoard(ctx, c, run, elapsed, q.removeStar);
  return { ...boardPage(c, user, false, board, q, board.sealed), elapsed };
}
