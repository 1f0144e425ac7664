/**
 * Builds a contest's board: one query for the contest's submissions (with their problem letter) and
 * one for the users in it, folded in memory (rank-acm / rank-oi). Boards are cached per contest and
 * variant for a few seconds, so a scoreboard polled by every participant costs one computation per
 * interval per node; contest admins can force a fresh one.
 */
import { sql } from 'drizzle-orm';
import { ContestType, Role, type AcmRankRow, type OiRankRow, type OiRankScoreType, type RankShowName } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { TtlCache } from '../rank/ttl-cache.js';
import { contestById, type ContestRow } from './access.js';
import { acmBoard, type BoardInput } from './rank-acm.js';
import type { RankSubmission, RankUserInfo } from './rank-common.js';
import { oiBoard } from './rank-oi.js';
import { sealActive } from './seal.js';

export const BOARD_TTL_MS = 5000;

export type Board = { type: 0; rows: AcmRankRow[] } | { type: 1; rows: OiRankRow[] };

export interface BoardVariant {
  /** the viewer sees the frozen board */
  sealed: boolean;
  containsEnd: boolean;
  removeStar: boolean;
}

const keyOf = (cid: number, v: BoardVariant) => `${cid}|${+v.sealed}|${+v.containsEnd}|${+v.removeStar}`;

const cache = new TtlCache<Board>(BOARD_TTL_MS, async (ctx, key) => {
  const [cid, sealed, containsEnd, removeStar] = key.split('|').map(Number) as [number, number, number, number];
  const c = await contestById(ctx.database.db, cid);
  if (!c) return { type: 0, rows: [] };
  return computeBoard(ctx, c, { sealed: !!sealed, containsEnd: !!containsEnd, removeStar: !!removeStar });
});

export function contestBoard(ctx: AppContext, c: ContestRow, v: BoardVariant, force = false): Promise<Board> {
  return cache.get(ctx, keyOf(c.id, v), force);
}

/** After an admin change to a contest (settings, problems, rejudge) boards are computed anew. */
export function forgetBoards(ctx: AppContext): void {
  cache.clear(ctx);
}

/** Is the board frozen for someone who is not the contest admin, right now? */
export const sealedNow = (c: ContestRow, now = Date.now()) =>
  sealActive({ sealRank: c.sealRank, sealRankTime: c.sealRankTime?.getTime() ?? null, autoRealRank: c.autoRealRank, endTime: c.endTime.getTime() }, now);

async function computeBoard(ctx: AppContext, c: ContestRow, v: BoardVariant): Promise<Board> {
  const { db } = ctx.database;
  // The creator and super admins test the problems: like HOJ they are not on the board.
  const [subs, people] = await Promise.all([
    db.execute<{ uid: string; display_id: string; status: number; score: number | null; time: number | null; t: string }>(sql`
      select j.uid, cp.display_id, j.status, j.score, j.time, (extract(epoch from j.submit_time) * 1000)::bigint as t
      from judge j join contest_problem cp on cp.cid = j.cid and cp.pid = j.pid
      where j.cid = ${c.id}
      order by j.submit_time, j.submit_id`),
    db.execute<RankUserInfo & Record<string, unknown>>(sql`
      select u.uid, u.username, u.nickname, u.realname, u.school, u.avatar, u.gender
      from user_info u
      where u.uid in (select distinct uid from judge where cid = ${c.id})
        and u.uid is distinct from ${c.uid}
        and not exists (select 1 from user_role r where r.uid = u.uid and r.role_id = ${Role.ROOT})`),
  ]);
  const stars = new Set(c.starAccount.map((s) => s.toLowerCase()));
  const users = new Map<string, RankUserInfo>();
  for (const u of people.rows) if (!(v.removeStar && stars.has(u.username.toLowerCase()))) users.set(u.uid, u);
  const submissions: RankSubmission[] = subs.rows.map((r) => ({
    uid: r.uid,
    displayId: r.display_id,
    status: r.status,
    score: r.score,
    time: r.time,
    submitTime: Number(r.t),
  }));
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
  if (c.type === ContestType.OI) return { type: 1, rows: oiBoard({ ...input, scoreType: c.oiRankScoreType as OiRankScoreType }) };
  return { type: 0, rows: acmBoard(input) };
}
