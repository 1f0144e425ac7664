import type { SubmissionInfo } from '@oj/shared';
import type { submissions } from '../../db/schema/index.js';

/** A `judge` row without its code, with the problem's title as the list shows it. */
export type SubmissionInfoRow = Omit<typeof submissions.$inferSelect, 'code'> & { title: string | null };

/** The row as every list and poll sends it (without code). */
export function toSubmissionInfo(r: SubmissionInfoRow): SubmissionInfo {
  return {
    submitId: r.submitId,
    pid: r.pid,
    displayPid: r.displayPid,
    title: r.title,
    cid: r.cid,
    gid: r.gid,
    tid: r.tid,
    uid: r.uid,
    username: r.username,
    status: r.status,
    score: r.score,
    oiRankScore: r.oiRankScore,
    time: r.time,
    memory: r.memory,
    length: r.length,
    language: r.language,
    judger: r.judger,
    isManual: r.isManual,
    share: r.share,
    submitTime: r.submitTime.toISOString(),
    gmtModified: r.gmtModified.toISOString(),
    isRemote: r.isRemote,
    linkedRun: r.remoteHandle !== null,
  };
}
