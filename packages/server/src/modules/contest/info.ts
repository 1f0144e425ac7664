/** Contest rows as the API shows them: participants' view and the admin form. */
import { sql } from 'drizzle-orm';
import type { AdminContest, ContestInfo, OiRankScoreType, RankShowName } from '@oj/shared';
import type { DbOrTx } from '../../db/client.js';
import { statusOf, type ContestRow } from './access.js';

export function toContestInfo(c: ContestRow, participants: number, now = Date.now()): ContestInfo {
  return {
    id: c.id,
    title: c.title,
    description: c.description,
    type: c.type,
    auth: c.auth,
    status: statusOf(c, now),
    startTime: c.startTime.toISOString(),
    endTime: c.endTime.toISOString(),
    duration: c.endTime.getTime() - c.startTime.getTime(),
    now: new Date(now).toISOString(),
    author: c.author,
    uid: c.uid,
    gid: c.gid,
    sealRank: c.sealRank,
    sealRankTime: c.sealRankTime?.toISOString() ?? null,
    autoRealRank: c.autoRealRank,
    openPrint: c.openPrint,
    openRank: c.openRank,
    rankShowName: c.rankShowName as RankShowName,
    oiRankScoreType: c.oiRankScoreType as OiRankScoreType,
    allowEndSubmit: c.allowEndSubmit,
    allowHacks: c.allowHacks,
    count: participants,
  };
}

export function toAdminContest(c: ContestRow, participants: number): AdminContest {
  return {
    ...toContestInfo(c, participants),
    pwd: c.pwd,
    openAccountLimit: c.openAccountLimit,
    accountLimitRule: c.accountLimitRule,
    starAccount: c.starAccount,
    awardType: c.awardType,
    awardConfigList: c.awardConfig,
    visible: c.visible,
    gmtCreate: c.gmtCreate.toISOString(),
    gmtModified: c.gmtModified.toISOString(),
  };
}

/**
 * Participants per contest: distinct users who registered (private/protected contests) or submitted in
 * it. HOJ counts registrations only, which leaves every public contest at 0; counting submitters too
 * gives public contests a real number and never counts a registered user twice. Virtual participants are
 * not counted: they never took part.
 */
export async function participantCounts(db: DbOrTx, cids: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!cids.length) return out;
  const list = sql.join(
    cids.map((c) => sql`${c}`),
    sql`, `,
  );
  const res = await db.execute<{ cid: number; n: number }>(sql`
    select cid, count(*)::int as n from (
      select cid, uid from contest_register where cid in (${list})
      union
      select cid, uid from judge where cid in (${list}) and vid is null
    ) p
    group by cid`);
  for (const r of res.rows) out.set(Number(r.cid), Number(r.n));
  return out;
}

export async function participantCount(db: DbOrTx, cid: number): Promise<number> {
  return (await participantCounts(db, [cid])).get(cid) ?? 0;
}
