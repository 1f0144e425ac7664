/** Contest rows as the API shows them: participants' view and the admin form. */
import { count, eq, inArray } from 'drizzle-orm';
import type { AdminContest, ContestInfo, OiRankScoreType, RankShowName } from '@oj/shared';
import type { DbOrTx } from '../../db/client.js';
import { contestRegisters } from '../../db/schema/index.js';
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

/** Registered participants per contest. */
export async function participantCounts(db: DbOrTx, cids: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!cids.length) return out;
  const rows = await db
    .select({ cid: contestRegisters.cid, n: count() })
    .from(contestRegisters)
    .where(inArray(contestRegisters.cid, cids))
    .groupBy(contestRegisters.cid);
  for (const r of rows) out.set(r.cid, r.n);
  return out;
}

export async function participantCount(db: DbOrTx, cid: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contestRegisters).where(eq(contestRegisters.cid, cid));
  return row?.n ?? 0;
}
