/**
 * Builds a contest's board: one query for the contest's submissions (with their problem letter) and
 * one for the users in it, folded in memory (the rules of `@oj/shared` scoreboard.ts). Boards are
 * cached per API node, contest and variant (sealed view, after-contest submissions, stars removed):
 *
 * - younger than BOARD_TTL_MS (5 s): served as is, so a board polled by every participant costs one
 *   computation per 5 s per node, whatever the number of viewers;
 * - younger than BOARD_STALE_MS (15 s): served at once while one recomputation runs in the background
 *   (busy boards: no reader ever waits for the fold);
 * - older: the reader waits for a fresh one (a lone viewer polling every 30 s must not get the board of
 *   his previous poll);
 * - contest admins can force a fresh one; admin changes (settings, problems, rejudge) forget them.
 */
import {
  acmBoard,
  ContestType,
  GroupLevel,
  ioiAdd,
  ioiBoard,
  ioiScore,
  isUnfinished,
  oiBoard,
  subtaskScore,
  type IoiBest,
  Role,
  sealActive,
  type AcmRankRow,
  type BoardInput,
  type OiRankRow,
  type OiRankScoreType,
  type RankShowName,
  type RankSubmission,
  type RankUserInfo,
  contestRule,
  type ContestTypeCode,
} from '@oj/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import type { ContestRow } from './access.js';
import { cacheLifetime } from '../../lib/cache-lifetime.js';

const BOARD_TTL_MS = cacheLifetime(5000);
/** How long a board may be served from the cache unchanged (the live stream paces its board news by it). */
export const BOARD_CACHE_MS = BOARD_TTL_MS;
const BOARD_STALE_MS = cacheLifetime(15_000);
/** Boards nobody asked for in this long are dropped (ended contests stop costing memory). */
const BOARD_DROP_MS = 10 * 60_000;

export type Board = { rows: AcmRankRow[] | OiRankRow[] } & {
  /** uid → row, for pinning the viewer and concerned users without a scan */
  byUid: Map<string, AcmRankRow | OiRankRow>;
};

export interface BoardVariant {
  /** the viewer sees the frozen board */
  sealed: boolean;
  containsEnd: boolean;
  removeStar: boolean;
}

interface Entry {
  /** when the computation of `value` started: the board is as of then */
  at: number;
  value: Promise<Board>;
  /** a recomputation under way (its result replaces `value`) */
  next?: Promise<Board>;
  used: number;
}

/** A contest's submissions and users, read once for all its variants (they fold the same data). */
interface DataEntry {
  at: number;
  value: Promise<BoardData>;
}

interface AppBoards {
  entries: Map<string, Entry>;
  data: Map<number, DataEntry>;
  /** per contest, raised by forgetBoards: a computation started before it is not kept */
  generation: Map<number, number>;
  swept: number;
}

const byApp = new WeakMap<AppContext, AppBoards>();

const keyOf = (cid: number, v: BoardVariant) => `${cid}|${+v.sealed}|${+v.containsEnd}|${+v.removeStar}`;

function boardsOf(ctx: AppContext): AppBoards {
  let b = byApp.get(ctx);
  if (!b) byApp.set(ctx, (b = { entries: new Map(), data: new Map(), generation: new Map(), swept: Date.now() }));
  return b;
}

function dataOf(ctx: AppContext, boards: AppBoards, c: ContestRow, now: number): Promise<BoardData> {
  const hit = boards.data.get(c.id);
  if (hit && now - hit.at < BOARD_TTL_MS) return hit.value;
  const value = boardData(ctx, c, foldOf(c).subtasks);
  boards.data.set(c.id, { at: now, value });
  value.catch(() => boards.data.get(c.id)?.value === value && boards.data.delete(c.id));
  return value;
}

/** Starts a computation and makes it the entry's value once it succeeds; a failure is never kept. */
function compute(ctx: AppContext, boards: AppBoards, key: string, c: ContestRow, v: BoardVariant): Promise<Board> {
  const at = Date.now();
  const generation = boards.generation.get(c.id) ?? 0;
  const value = dataOf(ctx, boards, c, at).then((data) => foldBoard(c, v, data));
  value.then(
    () => {
      const cur = boards.entries.get(key);
      if (cur?.next === value) cur.next = undefined;
      // Not kept when the contest changed meanwhile (it was folded from the old settings), nor over a
      // newer board (forced meanwhile) when this one finishes late.
      if ((boards.generation.get(c.id) ?? 0) !== generation) return;
      if (!cur || cur.at <= at) boards.entries.set(key, { at, value, used: cur?.used ?? at });
    },
    () => {
      const cur = boards.entries.get(key);
      if (cur?.next === value) cur.next = undefined;
      else if (cur?.value === value) boards.entries.delete(key);
    },
  );
  return value;
}

export function contestBoard(ctx: AppContext, c: ContestRow, v: BoardVariant, force = false): Promise<Board> {
  const boards = boardsOf(ctx);
  const now = Date.now();
  if (now - boards.swept > 60_000) {
    boards.swept = now;
    for (const [k, e] of boards.entries) if (now - e.used > BOARD_DROP_MS) boards.entries.delete(k);
    for (const [cid, d] of boards.data) if (now - d.at > BOARD_TTL_MS) boards.data.delete(cid);
  }
  if (force) boards.data.delete(c.id);
  const key = keyOf(c.id, v);
  const hit = boards.entries.get(key);
  if (hit && !force) {
    hit.used = now;
    const age = now - hit.at;
    if (age < BOARD_TTL_MS) return hit.value;
    if (!hit.next) hit.next = compute(ctx, boards, key, c, v);
    if (age < BOARD_STALE_MS) return hit.value;
    return hit.next;
  }
  const value = compute(ctx, boards, key, c, v);
  // Placed at once, so concurrent readers of a cold board share this computation.
  boards.entries.set(key, { at: now, value, used: now });
  return value;
}

/** After an admin change to a contest (settings, problems, rejudge) its boards are computed anew. */
export function forgetBoards(ctx: AppContext, cid: number): void {
  const boards = byApp.get(ctx);
  if (!boards) return;
  boards.generation.set(cid, (boards.generation.get(cid) ?? 0) + 1);
  boards.data.delete(cid);
  for (const k of [...boards.entries.keys()]) if (k.startsWith(`${cid}|`)) boards.entries.delete(k);
}

/**
 * Is the author of a submission (`uid`, an SQL expression) one of the contest's admins: policy.ts
 * `may(…, 'administer', contest)` over rows — the creator, a super admin, or a root of the group holding
 * the contest (its owner, a member at level 5; a site contest has no group, so no row matches there).
 * They test the problems: like HOJ they are not on the board, and the seal never hides their results.
 * Held to `may` by packages/server/test/policy-sql.test.ts.
 */
export const contestStaff = (uid: SQL, c: Pick<ContestRow, 'uid' | 'gid'>): SQL =>
  sql`(${uid} = ${c.uid ?? ''}
    or exists (select 1 from user_role r where r.uid = ${uid} and r.role_id = ${Role.ROOT})
    or exists (select 1 from "group" g where g.id = ${c.gid}::int and g.owner_uid = ${uid})
    or exists (select 1 from group_member m where m.gid = ${c.gid}::int and m.uid = ${uid} and m.auth = ${GroupLevel.ROOT}))`;

/** Is the board frozen for someone who is not the contest admin, right now? */
export const sealedNow = (c: ContestRow, now = Date.now()) =>
  sealActive({ sealRank: c.sealRank, sealRankTime: c.sealRankTime?.getTime() ?? null, autoRealRank: c.autoRealRank, endTime: c.endTime.getTime() }, now);

interface BoardData {
  submissions: RankSubmission[];
  users: Map<string, RankUserInfo>;
}

/**
 * The contest's submissions and their users, as the folds take them (shared: never changed); with
 * `subtasks`, each submission's subtask scores too (a fold that scores subtask-wise asks for them).
 */
export async function boardData(ctx: AppContext, c: ContestRow, subtasks = false): Promise<BoardData> {
  const { pool } = ctx.database;
  // 100 000 submissions are most of a cold board's cost, so: rows as arrays (no object per row from
  // the driver), the time as a float, no join (problem letters are mapped here from the contest's few
  // links; submissions of problems no longer in the contest drop out as a join would drop them), and
  // the users fetched by the uids seen instead of a second scan of the contest's submissions.
  const [links, subs, groups] = await Promise.all([
    pool.query<[number, string]>({ text: 'select pid, display_id from contest_problem where cid = $1', values: [c.id], rowMode: 'array' }),
    pool.query<[string, number, number, number | null, number | null, number, number]>({
      text: `select uid, pid, status, score, time, (extract(epoch from submit_time) * 1000)::float8, submit_id
             from judge where cid = $1
             order by submit_time, submit_id`,
      values: [c.id],
      rowMode: 'array',
    }),
    subtasks ? subtaskScores(ctx, c.id) : null,
  ]);
  const letter = new Map(links.rows.map(([pid, displayId]) => [pid, displayId]));
  const submissions: RankSubmission[] = [];
  const uids = new Set<string>();
  for (const r of subs.rows) {
    const displayId = letter.get(r[1]);
    if (displayId === undefined) continue;
    uids.add(r[0]);
    const s: RankSubmission = { uid: r[0], displayId, status: r[2], score: r[3], time: r[4], submitTime: r[5] };
    const g = groups?.get(r[6]);
    if (g) s.subtasks = g;
    submissions.push(s);
  }
  const people = await ctx.database.db.execute<RankUserInfo & Record<string, unknown>>(sql`
    select u.uid, u.username, u.nickname, u.realname, u.school, u.avatar, u.gender
    from user_info u
    where u.uid = any(${sql.param([...uids])}::text[]) and not ${contestStaff(sql`u.uid`, c)}`);
  const users = new Map<string, RankUserInfo>();
  for (const u of people.rows) users.set(u.uid, u);
  return { submissions, users };
}

/**
 * submit_id → (group → score) of the contest's submissions judged by subtasks, summed from their case
 * rows under the judge case mode they were judged in, as the judge and the submission's detail sum
 * them: subtask_lowest the lowest case score of the group, subtask_average the rounded mean.
 */
async function subtaskScores(ctx: AppContext, cid: number): Promise<Map<number, Record<number, number>>> {
  const { rows } = await ctx.database.pool.query<[number, number, string, number, number, number]>({
    text: `select jc.submit_id, coalesce(jc.group_num, 1), jc.mode, min(coalesce(jc.score, 0))::int, sum(coalesce(jc.score, 0))::int, count(*)::int
           from judge_case jc join judge j on j.submit_id = jc.submit_id
           where j.cid = $1 and jc.mode in ('subtask_lowest', 'subtask_average')
           group by 1, 2, 3`,
    values: [cid],
    rowMode: 'array',
  });
  const out = new Map<number, Record<number, number>>();
  for (const [submitId, group, mode, min, sum, n] of rows) {
    let g = out.get(submitId);
    if (!g) out.set(submitId, (g = {}));
    g[group] = subtaskScore(mode, min, sum, n);
  }
  return out;
}

/**
 * One participant's score per problem (pid) as his contest's board counts it, for the formats whose fold
 * scores subtask-wise (IOI), so "my score" on the problem list and bar agrees with his row; results from
 * `hideFrom` on do not count. null: the format counts one submission's score, which the caller has.
 */
export async function foldedOwnScores(db: DbOrTx, c: ContestRow, uid: string, hideFrom: Date | null): Promise<Map<number, number> | null> {
  if (!foldOf(c).subtasks) return null;
  const visible = hideFrom ? sql`j.submit_time < ${hideFrom.toISOString()}` : sql`true`;
  const [subs, groups] = await Promise.all([
    db.execute<{ submit_id: number; pid: number; status: number; score: number | null }>(
      sql`select j.submit_id, j.pid, j.status, j.score from judge j where j.cid = ${c.id} and j.uid = ${uid} and ${visible}`,
    ),
    db.execute<{ submit_id: number; g: number; mode: string; min: number; sum: number; n: number }>(sql`
      select jc.submit_id, coalesce(jc.group_num, 1) as g, jc.mode, min(coalesce(jc.score, 0))::int as min, sum(coalesce(jc.score, 0))::int as sum, count(*)::int as n
      from judge_case jc join judge j on j.submit_id = jc.submit_id
      where j.cid = ${c.id} and j.uid = ${uid} and ${visible} and jc.mode in ('subtask_lowest', 'subtask_average')
      group by 1, 2, 3`),
  ]);
  const bySubmission = new Map<number, Record<number, number>>();
  for (const r of groups.rows) {
    let g = bySubmission.get(r.submit_id);
    if (!g) bySubmission.set(r.submit_id, (g = {}));
    g[r.g] = subtaskScore(r.mode, r.min, r.sum, r.n);
  }
  const best = new Map<number, IoiBest>();
  for (const s of subs.rows) {
    if (isUnfinished(s.status)) continue;
    best.set(s.pid, ioiAdd(best.get(s.pid), { score: s.score, subtasks: bySubmission.get(s.submit_id) }));
  }
  return new Map([...best].map(([pid, b]) => [pid, ioiScore(b)]));
}

function foldBoard(c: ContestRow, v: BoardVariant, data: BoardData): Board {
  const { submissions } = data;
  const stars = new Set(c.starAccount.map((s) => s.toLowerCase()));
  const users = v.removeStar ? new Map([...data.users].filter(([, u]) => !stars.has(u.username.toLowerCase()))) : data.users;
  const input: BoardInput = {
    submissions,
    users,
    window: {
      startTime: c.startTime.getTime(),
      endTime: c.endTime.getTime(),
      sealFrom: v.sealed ? (c.sealRankTime?.getTime() ?? null) : null,
      includeAfterEnd: v.containsEnd && c.allowEndSubmit,
    },
    starUsers: stars,
    rankShowName: c.rankShowName as RankShowName,
    awardType: c.awardType,
    awards: c.awardConfig,
  };
  const rows = foldOf(c).fold(c, input);
  return { rows, byUid: new Map<string, AcmRankRow | OiRankRow>(rows.map((r) => [r.uid, r])) };
}

interface BoardFold {
  /** the fold reads each submission's subtask scores (an extra query over the contest's case rows) */
  subtasks: boolean;
  fold: (c: ContestRow, input: BoardInput) => AcmRankRow[] | OiRankRow[];
}

/** How each contest format folds its submissions into board rows (the rest of a format: @oj/shared contest-rules.ts). */
const BOARD_FOLDS: Record<ContestTypeCode, BoardFold> = {
  [ContestType.ACM]: { subtasks: false, fold: (_c, input) => acmBoard(input) },
  [ContestType.OI]: { subtasks: false, fold: (c, input) => oiBoard({ ...input, scoreType: c.oiRankScoreType as OiRankScoreType }) },
  [ContestType.IOI]: { subtasks: true, fold: (_c, input) => ioiBoard(input) },
};

const foldOf = (c: ContestRow) => BOARD_FOLDS[contestRule(c.type).type];
