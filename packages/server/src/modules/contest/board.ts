/**
 * A contest's board, per API node, contest and variant (sealed view, after-contest submissions, stars
 * removed), folded from the contest's submissions kept in memory (board-state.ts) with the rules of
 * `@oj/shared` scoreboard.ts. A refresh reads only what changed since the last one and refolds only the
 * rows of the participants whose submissions changed, then ranks all rows again (a cost that grows with
 * the participants, not the submissions). Served boards:
 *
 * - younger than BOARD_TTL_MS (5 s): served as is, so a board polled by every participant costs one
 *   refresh per 5 s per node, whatever the number of viewers;
 * - younger than BOARD_STALE_MS (15 s): served at once while one refresh runs in the background;
 * - older: the reader waits for a fresh one (a lone viewer polling every 30 s must not get the board of
 *   his previous poll);
 * - contest admins can force a fresh one (read whole); admin changes (settings, problems, rejudge)
 *   forget them on every node (`forgetBoards`, a change notice).
 */
import {
  ACM_FOLD,
  ContestType,
  IOI_FOLD,
  ioiAdd,
  ioiScore,
  isUnfinished,
  oiFold,
  type IoiBest,
  sealActive,
  type AcmRankRow,
  type FoldSettings,
  type OiRankRow,
  type OiRankScoreType,
  type RankShowName,
  type RowFold,
  contestRule,
  type ContestTypeCode,
} from '@oj/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import type { ContestRow } from './access.js';
import { cacheLifetime } from '../../lib/cache-lifetime.js';
import { CHANGE_CHANNEL } from '../../lib/session-cache.js';
import { BoardState, dataKeyOf, REBUILD_MS } from './board-state.js';
import { noticeBoardChange } from '../../lib/change-notices.js';

export { contestStaff } from './board-staff.js';

const BOARD_TTL_MS = cacheLifetime(5000);
/** How long a board may be served from the cache unchanged (the live stream paces its board news by it). */
export const BOARD_CACHE_MS = BOARD_TTL_MS;
const BOARD_STALE_MS = cacheLifetime(15_000);
/** Boards nobody asked for in this long are dropped (ended contests stop costing memory). */
const BOARD_DROP_MS = 10 * 60_000;

type Row = AcmRankRow | OiRankRow;

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

/**
 * A variant's rows as last folded: each participant's row (before ranking) with the version of his
 * submissions it was folded from, so a refresh refolds only those whose version moved.
 */
interface View {
  state: BoardState;
  /** the contest settings the rows were folded under */
  key: string;
  rows: Map<string, Row | null>;
  versions: Map<string, number>;
  folded: number;
  board: Board | null;
}

interface AppBoards {
  entries: Map<string, Entry>;
  /** per contest: its state (being read whole, or read) and when it was read whole */
  states: Map<number, { at: number; value: Promise<BoardState> }>;
  views: Map<string, View>;
  /** per contest, raised by forgetBoards: a computation started before it is not kept */
  generation: Map<number, number>;
  swept: number;
}

const byApp = new WeakMap<AppContext, AppBoards>();

const keyOf = (cid: number, v: BoardVariant) => `${cid}|${+v.sealed}|${+v.containsEnd}|${+v.removeStar}`;

function boardsOf(ctx: AppContext): AppBoards {
  let b = byApp.get(ctx);
  if (b) return b;
  const boards: AppBoards = (b = { entries: new Map(), states: new Map(), views: new Map(), generation: new Map(), swept: Date.now() });
  byApp.set(ctx, boards);
  const { listener } = ctx.database;
  listener.on(CHANGE_CHANNEL, (payload) => {
    if (payload.startsWith('board:')) dropContest(boards, Number(payload.slice(6)));
    else if (payload.startsWith('sub:')) {
      const [cid, id] = payload.slice(4).split(':').map(Number);
      if (cid)
        void boards.states.get(cid)?.value.then(
          (st) => st.recheck.add(id!),
          () => {},
        );
    } else if (payload.startsWith('user:')) {
      const uid = payload.slice(5);
      for (const { value } of boards.states.values())
        void value.then(
          (st) => st.has(uid) && st.dirtyUsers.add(uid),
          () => {},
        );
    }
  });
  // Notices may have been missed: every state is read anew.
  listener.onReset(() => {
    for (const cid of [...boards.states.keys()]) bumpGeneration(boards, cid);
    boards.states.clear();
  });
  return boards;
}

function bumpGeneration(boards: AppBoards, cid: number) {
  boards.generation.set(cid, (boards.generation.get(cid) ?? 0) + 1);
}

function dropContest(boards: AppBoards, cid: number) {
  bumpGeneration(boards, cid);
  boards.states.delete(cid);
  for (const k of [...boards.entries.keys()]) if (k.startsWith(`${cid}|`)) boards.entries.delete(k);
  for (const k of [...boards.views.keys()]) if (k.startsWith(`${cid}|`)) boards.views.delete(k);
}

/**
 * The contest's state, up to date: read whole when there is none (or it is too old, or the contest's staff
 * changed, or notices cannot be trusted, or `whole`), else refreshed with what changed.
 */
async function stateOf(ctx: AppContext, boards: AppBoards, c: ContestRow, whole: boolean): Promise<BoardState> {
  const subtasks = foldOf(c).subtasks;
  const held = boards.states.get(c.id);
  if (held && !whole && ctx.database.listener.live && Date.now() - held.at < REBUILD_MS) {
    const st = await held.value.catch(() => null);
    if (st && st.dataKey === dataKeyOf(c, subtasks)) {
      await st.refresh(ctx, c);
      return st;
    }
  }
  const value = BoardState.build(ctx, c, subtasks);
  // Kept only while change notices can be trusted; a failure is never kept.
  if (ctx.database.listener.live) {
    boards.states.set(c.id, { at: Date.now(), value });
    value.catch(() => boards.states.get(c.id)?.value === value && boards.states.delete(c.id));
  }
  return value;
}

/** What the variant's rows are folded under: a change (times, seal, stars, names, awards) refolds every row. */
export function settingsOf(c: ContestRow, v: BoardVariant): FoldSettings {
  return {
    window: {
      startTime: c.startTime.getTime(),
      endTime: c.endTime.getTime(),
      sealFrom: v.sealed ? (c.sealRankTime?.getTime() ?? null) : null,
      includeAfterEnd: v.containsEnd && c.allowEndSubmit,
    },
    starUsers: new Set(c.starAccount.map((s) => s.toLowerCase())),
    rankShowName: c.rankShowName as RankShowName,
    awardType: c.awardType,
    awards: c.awardConfig,
  };
}

/** Folds the variant from the state: only the rows whose participant changed, then the ranks of all. */
export function foldView(views: Map<string, View>, key: string, st: BoardState, c: ContestRow, v: BoardVariant): Board {
  const settings = settingsOf(c, v);
  const fold = foldOf(c).rows(c);
  const settingsKey = JSON.stringify([settings.window, c.starAccount, settings.rankShowName, c.awardType, c.awardConfig, c.oiRankScoreType, c.type]);
  let view = views.get(key);
  if (!view || view.state !== st || view.key !== settingsKey) {
    view = { state: st, key: settingsKey, rows: new Map(), versions: new Map(), folded: -1, board: null };
    views.set(key, view);
  }
  if (view.board && view.folded === st.version) return view.board;
  for (const [uid, version] of st.userVersion) {
    if (view.versions.get(uid) === version) continue;
    view.versions.set(uid, version);
    const user = st.users.get(uid);
    view.rows.set(uid, user ? (fold as RowFold<Row>).row(user, st.byUser.get(uid) ?? [], settings) : null);
  }
  const stars = settings.starUsers;
  const list: Row[] = [];
  for (const r of view.rows.values()) if (r && !(v.removeStar && stars.has(r.username.toLowerCase()))) list.push(r);
  const rows = (fold as RowFold<Row>).finish(list, settings) as AcmRankRow[] | OiRankRow[];
  view.board = { rows, byUid: new Map<string, Row>(rows.map((r) => [r.uid, r])) };
  view.folded = st.version;
  return view.board;
}

/**
 * The contest's submissions as its real board reads them, brought up to date (the ghost boards of virtual
 * participations fold them at another time: virtual-board.ts).
 */
export const contestState = (ctx: AppContext, c: ContestRow): Promise<BoardState> => stateOf(ctx, boardsOf(ctx), c, false);

/** Starts a computation and makes it the entry's value once it succeeds; a failure is never kept. */
function compute(ctx: AppContext, boards: AppBoards, key: string, c: ContestRow, v: BoardVariant, whole: boolean): Promise<Board> {
  const at = Date.now();
  const generation = boards.generation.get(c.id) ?? 0;
  const value = stateOf(ctx, boards, c, whole).then((st) => foldView(boards.views, key, st, c, v));
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
      // A failed refresh may have left the state half read: read it whole next time.
      boards.states.delete(c.id);
    },
  );
  return value;
}

export function contestBoard(ctx: AppContext, c: ContestRow, v: BoardVariant, force = false): Promise<Board> {
  const boards = boardsOf(ctx);
  const now = Date.now();
  if (now - boards.swept > 60_000) {
    boards.swept = now;
    for (const [k, e] of boards.entries)
      if (now - e.used > BOARD_DROP_MS) {
        boards.entries.delete(k);
        boards.views.delete(k);
      }
    const live = new Set([...boards.entries.keys()].map((k) => Number(k.split('|')[0])));
    for (const cid of boards.states.keys()) if (!live.has(cid)) boards.states.delete(cid);
  }
  const key = keyOf(c.id, v);
  const hit = boards.entries.get(key);
  if (hit && !force) {
    hit.used = now;
    const age = now - hit.at;
    if (age < BOARD_TTL_MS) return hit.value;
    if (!hit.next) hit.next = compute(ctx, boards, key, c, v, false);
    if (age < BOARD_STALE_MS) return hit.value;
    return hit.next;
  }
  const value = compute(ctx, boards, key, c, v, force);
  // Placed at once, so concurrent readers of a cold board share this computation.
  boards.entries.set(key, { at: now, value, used: now });
  return value;
}

/**
 * The board brought up to date now, whatever the age of the served one (tests and the bench measure the
 * refresh with it): `whole` reads the contest anew, else only what changed.
 */
export function boardNow(ctx: AppContext, c: ContestRow, v: BoardVariant, whole = false): Promise<Board> {
  return compute(ctx, boardsOf(ctx), keyOf(c.id, v), c, v, whole);
}

/**
 * After an admin change to a contest (settings, problems, rejudge, deleted submissions) its boards are
 * read anew, on this node at once and on the others when they hear the notice (sent after the caller's
 * commit; a failure to send is left to the other nodes' REBUILD_MS belt).
 */
export async function forgetBoards(ctx: AppContext, cid: number): Promise<void> {
  const boards = byApp.get(ctx);
  if (boards) dropContest(boards, cid);
  // Awaited by the admin's call, so once it is answered every node has been sent the notice (a stray
  // notice sent later would drop boards folded after the change).
  await noticeBoardChange(ctx.database.db, cid).catch(() => {});
}

/**
 * A judged submission of the contest was announced to the live streams: this node's next read of its
 * boards refreshes them (folding in only what changed: the state and folded rows stay), so the refetch the
 * announcement causes sees the verdict. No other node is told: each hears the announcement itself.
 */
export function refreshBoardsAtNextRead(ctx: AppContext, cid: number): void {
  const boards = byApp.get(ctx);
  if (!boards) return;
  // A computation already under way may have read before the verdict: it is not kept.
  bumpGeneration(boards, cid);
  for (const k of [...boards.entries.keys()]) if (k.startsWith(`${cid}|`)) boards.entries.delete(k);
}

/** Is the board frozen for someone who is not the contest admin, right now? */
export const sealedNow = (c: ContestRow, now = Date.now()) =>
  sealActive({ sealRank: c.sealRank, sealRankTime: c.sealRankTime?.getTime() ?? null, autoRealRank: c.autoRealRank, endTime: c.endTime.getTime() }, now);

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
    db.execute<{ submit_id: number; scores: number[] }>(sql`
      select js.submit_id, js.scores from judge_subtask js join judge j on j.submit_id = js.submit_id
      where j.cid = ${c.id} and j.uid = ${uid} and ${visible}`),
  ]);
  const bySubmission = new Map<number, Record<number, number>>();
  for (const r of groups.rows) {
    const g: Record<number, number> = {};
    for (let i = 0; i + 1 < r.scores.length; i += 2) g[r.scores[i]!] = r.scores[i + 1]!;
    bySubmission.set(r.submit_id, g);
  }
  const best = new Map<number, IoiBest>();
  for (const s of subs.rows) {
    if (isUnfinished(s.status)) continue;
    best.set(s.pid, ioiAdd(best.get(s.pid), { score: s.score, subtasks: bySubmission.get(s.submit_id) }));
  }
  return new Map([...best].map(([pid, b]) => [pid, ioiScore(b)]));
}

interface BoardFold {
  /** the fold reads each submission's subtask scores (an extra read of the contest's `judge_subtask` rows) */
  subtasks: boolean;
  rows: (c: ContestRow) => RowFold<AcmRankRow> | RowFold<OiRankRow>;
}

/** How each contest format folds its submissions into board rows (the rest of a format: @oj/shared contest-rules.ts). */
const BOARD_FOLDS: Record<ContestTypeCode, BoardFold> = {
  [ContestType.ACM]: { subtasks: false, rows: () => ACM_FOLD },
  [ContestType.OI]: { subtasks: false, rows: (c) => oiFold(c.oiRankScoreType as OiRankScoreType) },
  [ContestType.IOI]: { subtasks: true, rows: () => IOI_FOLD },
};

export const foldOf = (c: ContestRow) => BOARD_FOLDS[contestRule(c.type).type];
