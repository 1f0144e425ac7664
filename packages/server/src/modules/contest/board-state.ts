/**
 * A contest's submissions as its board folds them, kept per API node and brought up to date by reading
 * only what changed since the last read (board.ts folds its variants from it):
 *
 * - new submissions: those above a watermark (`submit_id`), where the watermark is the highest id whose
 *   submission is older than SETTLE_MS, so a submission whose insert was still uncommitted when the ids
 *   after it were read is read again on the next refresh (a submission's insert commits within a minute);
 * - verdicts: the submissions still unfinished (pending, judging…) are read again by id;
 * - rejudges, manual verdicts and cancels (a final result that changes): a change notice `sub:<cid>:<id>`
 *   sent in their transaction (server/lib/change-notices.ts) has that submission read again;
 * - a user renamed, deleted or given a role (the `user:<uid>` notice of migration 0011): his submissions
 *   and name are read again (a role can make him contest staff, who are not on the board);
 * - contest settings, problems or submissions changed by an admin: `forgetBoards` sends `board:<cid>`,
 *   which drops the state on every node; the next board reads everything again (a rebuild).
 * Virtual participations' submissions (`vid` set) are never read: the real board is the real contest's.
 * A rebuild also happens when the state is older than REBUILD_MS (a belt: group roles, nicknames and
 * schools send no notice), when the contest's creator or group changed (its staff), and on every refresh
 * while the LISTEN connection is down (notices may be lost then).
 */
import { isUnfinished, type RankSubmission, type RankUserInfo } from '@oj/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { ContestRow } from './access.js';
import { contestStaff } from './board-staff.js';
import { copyRowsBinary, int4Elements, sqlInt, timestampMsElements } from '../../db/binary-arrays.js';

/** A submission whose insert is older than this is committed (so are all with smaller ids). */
const SETTLE_MS = 60_000;
/** The belt: a state is read anew at least this often. */
export const REBUILD_MS = 5 * 60_000;

export interface StateSub extends RankSubmission {
  id: number;
}

type Row = [number, string | null, number, number | null, number | null, number | null, number | null];

/** One participant's submissions as read: index i of each column is one submission. */
interface ReadGroup {
  uid: string;
  /** submit_id, pid, status, score, time of each submission, 5 by 5 (NaN: null) */
  nums: Float64Array;
  /** submit time, epoch ms */
  ms: Float64Array;
}

/** Calls `each` with every submission read as a Row, in one tuple reused from row to row (no array each). */
function eachRow(read: ReadGroup[], each: (r: Row) => void) {
  const r: Row = [0, null, 0, null, null, null, null];
  for (const { uid, nums, ms } of read) {
    r[1] = uid;
    for (let i = 0, k = 0; i < ms.length; i++, k += 5) {
      const score = nums[k + 3]!;
      const time = nums[k + 4]!;
      r[0] = nums[k]!;
      r[2] = nums[k + 1]!;
      r[3] = nums[k + 2]!;
      r[4] = Number.isNaN(score) ? null : score;
      r[5] = Number.isNaN(time) ? null : time;
      r[6] = ms[i]!;
      each(r);
    }
  }
}

/** Submit order, as the folds take it. */
const bySubmitOrder = (a: StateSub, b: StateSub) => a.submitTime - b.submitTime || a.id - b.id;

const sameSubtasks = (a: RankSubmission['subtasks'], b: RankSubmission['subtasks']) => {
  if (!a || !b) return a === b;
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[+k] === b[+k]);
};

const sameSub = (a: StateSub, b: StateSub) =>
  a.uid === b.uid &&
  a.displayId === b.displayId &&
  a.status === b.status &&
  a.score === b.score &&
  a.time === b.time &&
  a.submitTime === b.submitTime &&
  sameSubtasks(a.subtasks, b.subtasks);

/** What of the contest row decides which submissions and users are read (not how they are folded). */
export const dataKeyOf = (c: ContestRow, subtasks: boolean) => `${c.uid}|${c.gid}|${+subtasks}`;

export class BoardState {
  /** uid → his submissions in submit order */
  readonly byUser = new Map<string, StateSub[]>();
  /** uid → raised whenever his submissions or his name change (views refold his row when it moved) */
  readonly userVersion = new Map<string, number>();
  /** the board's users (contest staff left out) */
  readonly users = new Map<string, RankUserInfo>();
  /** raised on any change */
  version = 0;
  /** when the state was read whole */
  readonly builtAt = Date.now();
  refreshedAt = Date.now();
  private readonly asked = new Set<string>();
  /** users with submissions whose names were not read yet */
  private readonly unasked = new Set<string>();
  /** unfinished submissions: id → uid (read again by id on every refresh) */
  private readonly pending = new Map<number, string>();
  /** from notices: submissions and users to read again on the next refresh */
  readonly recheck = new Set<number>();
  readonly dirtyUsers = new Set<string>();
  private watermark = 0;
  private letters = new Map<number, string>();
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  private constructor(
    readonly cid: number,
    readonly dataKey: string,
    private readonly subtasks: boolean,
  ) {}

  /** Reads the contest's submissions and users whole. */
  static async build(ctx: AppContext, c: ContestRow, subtasks: boolean): Promise<BoardState> {
    const st = new BoardState(c.id, dataKeyOf(c, subtasks), subtasks);
    const links = await ctx.database.pool.query<[number, string]>({
      text: 'select pid, display_id from contest_problem where cid = $1',
      values: [c.id],
      rowMode: 'array',
    });
    st.letters = new Map(links.rows);
    const [, groups] = await Promise.all([st.readAbove(ctx, true, (g) => st.takeWhole(g)), subtasks ? subtaskScores(ctx, { cid: c.id }) : null]);
    if (groups)
      for (const list of st.byUser.values())
        for (const s of list) {
          const g = groups.get(s.id);
          if (g) s.subtasks = g;
        }
    await st.readUsers(ctx, c, [...st.byUser.keys()]);
    return st;
  }

  /**
   * A participant's submissions of a whole read (they come together, grouped by participant): his list
   * is made at once, with no lookup per submission.
   */
  private takeWhole({ uid, nums, ms }: ReadGroup) {
    const list: StateSub[] = [];
    for (let i = 0, k = 0; i < ms.length; i++, k += 5) {
      const displayId = this.letters.get(nums[k + 1]!);
      // Submissions of problems no longer in the contest are not on its board.
      if (displayId === undefined) continue;
      const id = nums[k]!;
      const status = nums[k + 2]!;
      const score = nums[k + 3]!;
      const time = nums[k + 4]!;
      list.push({ id, uid, displayId, status, score: Number.isNaN(score) ? null : score, time: Number.isNaN(time) ? null : time, submitTime: ms[i]! });
      if (isUnfinished(status)) this.pending.set(id, uid);
    }
    if (!list.length) return;
    list.sort(bySubmitOrder);
    this.byUser.set(uid, list);
    this.userVersion.set(uid, 1);
  }

  /**
   * Folds in what changed since the last read. One refresh at a time; a call while one runs waits for the
   * next one (the running one may have read before the change its caller must see), which all such
   * callers share.
   */
  refresh(ctx: AppContext, c: ContestRow): Promise<void> {
    if (!this.running) {
      this.running = this.readChanges(ctx, c).finally(() => {
        this.running = null;
      });
      return this.running;
    }
    this.queued ??= this.running
      .catch(() => {})
      .then(() => {
        this.queued = null;
        return this.refresh(ctx, c);
      });
    return this.queued;
  }

  /**
   * The contest's submissions above the watermark, and the new watermark, read in one statement (one
   * snapshot): every submission at or below it is in this snapshot, so the next read starts there.
   */
  private async readAbove(ctx: AppContext, whole: boolean, each: (g: ReadGroup) => void): Promise<void> {
    // A cold board reads 100 000 submissions. Per participant two arrays in the binary format
    // (db/binary-arrays.ts): PostgreSQL formats no value as text and this process makes no string per
    // value (as rows, or as one text of a line per submission, formatting and parsing the values was most
    // of a cold board's time), and each participant is taken in while PostgreSQL still reads the next
    // ones. The arrays are aggregated side by side over the same rows, so their elements line up. Whole:
    // read from judge_cid_uid_idx alone (it holds every column read, grouped by participant: migration
    // 0029); a refresh reads the few ids above the watermark. Each row carries the watermark, and there
    // is one row (with no participant) when nothing is read.
    const mark = sqlInt(this.watermark);
    const client = await ctx.database.pool.connect();
    let next: number | null = null;
    try {
      await copyRowsBinary(
        client,
        `select w.mark, a.* from (
           select coalesce(max(submit_id), ${mark}) as mark from judge
           where submit_id > ${mark} and submit_time < now() - interval '${sqlInt(SETTLE_MS)} milliseconds'
         ) w left join (
           select uid, array_agg(array[submit_id, pid, status, score, time]), array_agg(submit_time)
           from judge where cid = ${sqlInt(this.cid)} and vid is null and ${whole ? 'true' : `submit_id > ${mark}`} group by uid
         ) a on true`,
        ([w, uid, nums, ms]) => {
          next ??= w!.readInt32BE(0);
          if (uid) each({ uid: uid.toString('utf8'), nums: int4Elements(nums!), ms: timestampMsElements(ms!) });
        },
      );
    } finally {
      client.release();
    }
    // The join on the one-row watermark always gives a row.
    if (next === null) throw new Error('board read gave no watermark');
    this.watermark = next;
  }

  private subOf(r: Row, groups: Map<number, Record<number, number>> | null): StateSub | null {
    const displayId = this.letters.get(r[2]);
    // Submissions of problems no longer in the contest are not on its board.
    if (displayId === undefined) return null;
    const s: StateSub = { id: r[0], uid: r[1]!, displayId, status: r[3]!, score: r[4], time: r[5], submitTime: r[6]! };
    const g = groups?.get(r[0]);
    if (g) s.subtasks = g;
    return s;
  }

  private async readChanges(ctx: AppContext, c: ContestRow) {
    const recheck = [...this.recheck, ...this.pending.keys()];
    const dirty = [...this.dirtyUsers];
    this.recheck.clear();
    this.dirtyUsers.clear();
    const { pool } = ctx.database;
    const cols = `submit_id, uid, pid, status, score, time, floor(date_part('epoch', submit_time) * 1000)::float8`;
    // In this order, applied in this order: a later read never gives way to an earlier one.
    const above: Row[] = [];
    const read: ReadGroup[] = [];
    await this.readAbove(ctx, false, (g) => read.push(g));
    eachRow(read, (r) => above.push([...r]));
    const again = recheck.length
      ? (
          await pool.query<Row>({
            text: `select ${cols} from judge where submit_id = any($1::int[]) and cid = $2 and vid is null`,
            values: [recheck, this.cid],
            rowMode: 'array',
          })
        ).rows
      : [];
    const ofDirty = dirty.length
      ? (
          await pool.query<Row>({
            text: `select ${cols} from judge where cid = $1 and uid = any($2::text[]) and vid is null`,
            values: [this.cid, dirty],
            rowMode: 'array',
          })
        ).rows
      : [];
    // Subtask scores only for the finished submissions that are new or changed; an unchanged result keeps its own.
    const changed = (r: Row) => {
      const known = this.find(r[1]!, r[0]);
      return !isUnfinished(r[3]!) && (!known || known.status !== r[3] || known.score !== r[4] || known.time !== r[5]);
    };
    const scoredIds = this.subtasks ? [...above, ...again, ...ofDirty].filter(changed).map((r) => r[0]) : [];
    const groups = scoredIds.length ? await subtaskScores(ctx, { ids: scoredIds }) : null;
    const subOf = (r: Row) => {
      const s = this.subOf(r, groups);
      if (!s || s.subtasks) return s;
      const known = this.find(s.uid, s.id);
      if (known?.subtasks && !changed(r)) s.subtasks = known.subtasks;
      return s;
    };
    for (const r of above) this.put(subOf(r), r);
    const found = new Set(again.map((r) => r[0]));
    for (const r of again) this.put(subOf(r), r);
    for (const id of recheck) if (!found.has(id)) this.remove(this.findAnywhere(id));
    if (dirty.length) {
      const fresh = ofDirty.map(subOf);
      for (const uid of dirty) for (const s of [...(this.byUser.get(uid) ?? [])]) this.remove(s);
      for (let i = 0; i < ofDirty.length; i++) this.put(fresh[i]!, ofDirty[i]!);
      for (const uid of dirty) {
        this.asked.delete(uid);
        this.users.delete(uid);
        this.unasked.add(uid);
      }
    }
    if (this.unasked.size) {
      const uids = [...this.unasked];
      this.unasked.clear();
      await this.readUsers(ctx, c, uids);
    }
    for (const uid of dirty) this.bump(uid);
    this.refreshedAt = Date.now();
  }

  private bump(uid: string) {
    this.userVersion.set(uid, (this.userVersion.get(uid) ?? 0) + 1);
    this.version++;
  }

  /** A held submission, by its author and id (a participant's list is short: no index of every id). */
  private find(uid: string, id: number): StateSub | undefined {
    return this.byUser.get(uid)?.find((s) => s.id === id);
  }

  /** A held submission by id alone: only for one that is gone from the table (rare: its author is unknown). */
  private findAnywhere(id: number): StateSub | undefined {
    const uid = this.pending.get(id);
    if (uid !== undefined) return this.find(uid, id);
    for (const list of this.byUser.values()) for (const s of list) if (s.id === id) return s;
    return undefined;
  }

  /** Puts (or replaces) submission `r`; `s` null: it is not on the board (its problem left the contest). */
  private put(s: StateSub | null, r: Row) {
    const known = this.find(r[1]!, r[0]);
    if (!s) {
      if (known) this.remove(known);
      return;
    }
    if (known && sameSub(known, s)) return;
    if (known) this.remove(known);
    let list = this.byUser.get(s.uid);
    if (!list) this.byUser.set(s.uid, (list = []));
    if (!this.asked.has(s.uid)) this.unasked.add(s.uid);
    // New submissions come last: insertion from the end.
    let i = list.length;
    while (i > 0 && bySubmitOrder(list[i - 1]!, s) > 0) i--;
    list.splice(i, 0, s);
    if (isUnfinished(s.status)) this.pending.set(s.id, s.uid);
    else this.pending.delete(s.id);
    this.bump(s.uid);
  }

  private remove(known: StateSub | undefined) {
    if (!known) return;
    this.pending.delete(known.id);
    const list = this.byUser.get(known.uid)!;
    list.splice(list.indexOf(known), 1);
    this.bump(known.uid);
  }

  /** Names of the given users, contest staff left out (they test the problems and are not on the board). */
  private async readUsers(ctx: AppContext, c: ContestRow, uids: string[]) {
    for (const u of uids) this.asked.add(u);
    const people = await ctx.database.db.execute<RankUserInfo & Record<string, unknown>>(sql`
      select u.uid, u.username, u.nickname, u.realname, u.school, u.avatar, u.gender
      from user_info u
      where u.uid = any(${sql.param(uids)}::text[]) and not ${contestStaff(sql`u.uid`, c)}`);
    for (const u of people.rows) {
      this.users.set(u.uid, u);
      this.bump(u.uid);
    }
  }

  /** Users the state holds submissions or a name of (a `user:` notice about anyone else is no concern). */
  has(uid: string) {
    return this.byUser.has(uid) || this.asked.has(uid);
  }
}

/**
 * submit_id → (group → score) of submissions judged by subtasks — the contest's (`{ cid }`) or the given
 * ones (`{ ids }`) — as `judge_subtask` holds them (its triggers compute them from the case rows in the
 * transaction that writes those: migration 0031; a virtual run's rows come along unused). A cold IOI board reads a row per submission in the
 * binary format, as the submissions themselves (aggregating its 400 000 case rows here cost 4–6× the
 * whole OI board: bench/README.md).
 */
export async function subtaskScores(ctx: AppContext, of: { cid: number } | { ids: number[] }): Promise<Map<number, Record<number, number>>> {
  const out = new Map<number, Record<number, number>>();
  const take = (submitId: number, pairs: ArrayLike<number>) => {
    const g: Record<number, number> = {};
    for (let i = 0; i + 1 < pairs.length; i += 2) g[pairs[i]!] = pairs[i + 1]!;
    out.set(submitId, g);
  };
  if ('ids' in of) {
    const { rows } = await ctx.database.pool.query<[number, number[]]>({
      text: 'select submit_id, scores from judge_subtask where submit_id = any($1::int[])',
      values: [of.ids],
      rowMode: 'array',
    });
    for (const [id, pairs] of rows) take(id, pairs);
    return out;
  }
  const client = await ctx.database.pool.connect();
  try {
    await copyRowsBinary(client, `select submit_id, scores from judge_subtask where cid = ${sqlInt(of.cid)}`, ([id, pairs]) =>
      take(id!.readInt32BE(0), int4Pairs(pairs!)),
    );
  } finally {
    client.release();
  }
  return out;
}

/**
 * The elements of a one-dimensional int4 array without NULLs (`judge_subtask.scores`), read in place:
 * a typed array made per submission was most of a cold IOI board's parse.
 */
function int4Pairs(buf: Buffer): number[] {
  // ndim, has-nulls flag, element type, then (size, lower bound) per dimension, then (length, value) each
  if (buf.readInt32BE(0) !== 1) return [];
  const n = buf.readInt32BE(12);
  const out = new Array<number>(n);
  for (let i = 0, at = 20; i < n; i++, at += 8) out[i] = buf.readInt32BE(at + 4);
  return out;
}
