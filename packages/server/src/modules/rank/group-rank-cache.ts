/**
 * A group's rank lists (ACM, OI) kept per API node, so a request costs one small check instead of the
 * aggregate over the group's submissions. A kept list is served while nothing it was computed from moved:
 *
 * - the check (one statement, index lookups only): the group's newest submission id (judge_group_idx),
 *   how many of the submissions unfinished at computation are still unfinished (their verdicts count at
 *   once, read by id: nothing in the judge's result path changes), and fingerprints of the group's
 *   members and levels and of its problems;
 * - change notices: a rejudge, manual verdict or cancel of one of its submissions (`sub:…:<gid>`,
 *   server/lib/change-notices.ts), a contest's settings (`board:<cid>`, any group: rare), a user renamed,
 *   disabled or deleted who is on the list (`user:<uid>`, migration 0011); a lost LISTEN connection
 *   forgets everything, and while it is down every request computes;
 * - time: a list is kept no longer than GROUP_RANK_MAX_MS (nicknames, titles and signatures send no
 *   notice), nor past the end of a group contest whose seal is then lifted.
 */
import { ACTIVE_JUDGE_STATUSES, type RankRecord, type RankTypeCode } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { cacheLifetime } from '../../lib/cache-lifetime.js';
import { CHANGE_CHANNEL } from '../../lib/session-cache.js';

export const GROUP_RANK_MAX_MS = cacheLifetime(60_000);

interface Mark {
  maxId: number;
  pending: number[];
  members: string;
  problems: string;
  /** the list is true until then (a sealed group contest ends and shows its real results) */
  until: number;
}

interface Held {
  at: number;
  mark: Mark;
  list: Promise<RankRecord[]>;
  uids: Set<string> | null;
}

/** The group's members with their levels, and its problems, each summed into one number (group_member_list_idx, problem_gid_idx). */
const FINGERPRINTS = `
  (select coalesce(sum(hashtext(m.uid || ':' || m.auth))::text, '') from group_member m where m.gid = g.gid),
  (select coalesce(sum(hashtext(p.id::text))::text, '') from problem p where p.gid = g.gid)`;

async function markOf(ctx: AppContext, gid: number): Promise<Mark> {
  const res = await ctx.database.pool.query<[number | null, number[] | null, string, string, number | null]>({
    text: `select (select max(submit_id) from judge where gid = g.gid),
                  (select array_agg(submit_id) from judge where gid = g.gid and status = any($2::int[])),
                  ${FINGERPRINTS},
                  (select (extract(epoch from min(end_time)) * 1000)::float8 from contest
                     where gid = g.gid and seal_rank and auto_real_rank and end_time > now())
           from (select $1::int as gid) g`,
    values: [gid, ACTIVE_JUDGE_STATUSES],
    rowMode: 'array',
  });
  const [maxId, pending, members, problems, until] = res.rows[0]!;
  return { maxId: maxId ?? 0, pending: pending ?? [], members, problems, until: until ?? Infinity };
}

/** Is the list computed at `mark` still true: same newest id, no verdict among its unfinished ones, same members and problems. */
async function stillTrue(ctx: AppContext, gid: number, mark: Mark): Promise<boolean> {
  const res = await ctx.database.pool.query<[number | null, number, string, string]>({
    text: `select (select max(submit_id) from judge where gid = g.gid),
                  (select count(*)::int from judge where submit_id = any($2::int[]) and status = any($3::int[])),
                  ${FINGERPRINTS}
           from (select $1::int as gid) g`,
    values: [gid, mark.pending, ACTIVE_JUDGE_STATUSES],
    rowMode: 'array',
  });
  const [maxId, stillPending, members, problems] = res.rows[0]!;
  return (maxId ?? 0) === mark.maxId && stillPending === mark.pending.length && members === mark.members && problems === mark.problems;
}

interface AppGroupRanks {
  held: Map<string, Held>;
}

const byApp = new WeakMap<AppContext, AppGroupRanks>();

function ranksOf(ctx: AppContext): AppGroupRanks {
  let r = byApp.get(ctx);
  if (r) return r;
  const ranks: AppGroupRanks = (r = { held: new Map() });
  byApp.set(ctx, ranks);
  const { listener } = ctx.database;
  listener.on(CHANGE_CHANNEL, (payload) => {
    if (payload.startsWith('sub:')) {
      const gid = payload.split(':')[3];
      if (gid && gid !== '0') forgetGroupRank(ctx, Number(gid));
    } else if (payload.startsWith('board:')) ranks.held.clear();
    else if (payload.startsWith('user:')) {
      const uid = payload.slice(5);
      // A list still being computed cannot say who is on it: it goes too.
      for (const [k, h] of ranks.held) if (!h.uids || h.uids.has(uid)) ranks.held.delete(k);
    }
  });
  listener.onReset(() => ranks.held.clear());
  return ranks;
}

/** Forgets a group's lists on this node (the notices' handler; tests). */
export function forgetGroupRank(ctx: AppContext, gid: number) {
  const ranks = byApp.get(ctx);
  if (!ranks) return;
  for (const k of [...ranks.held.keys()]) if (k.startsWith(`${gid}|`)) ranks.held.delete(k);
}

/** The group's list of `type`, from memory when it is still true, else computed by `compute`. */
export async function groupRankList(ctx: AppContext, gid: number, type: RankTypeCode, compute: () => Promise<RankRecord[]>): Promise<RankRecord[]> {
  const ranks = ranksOf(ctx);
  const key = `${gid}|${type}`;
  const now = Date.now();
  const hit = ranks.held.get(key);
  if (hit && ctx.database.listener.live && now - hit.at < GROUP_RANK_MAX_MS && now < hit.mark.until && (await stillTrue(ctx, gid, hit.mark))) {
    // A notice may have dropped it while we checked.
    if (ranks.held.get(key) === hit) return hit.list;
  }
  // The mark first: a change made while the list is computed shows at the next check.
  const mark = await markOf(ctx, gid);
  const list = compute();
  const held: Held = { at: now, mark, list, uids: null };
  if (ctx.database.listener.live) {
    ranks.held.set(key, held);
    list.then(
      (rows) => {
        held.uids = new Set(rows.map((r) => r.uid));
      },
      () => ranks.held.get(key) === held && ranks.held.delete(key),
    );
  }
  return list;
}
