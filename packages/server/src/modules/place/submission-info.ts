import type { SubmissionInfo } from '@oj/shared';
import { problems, submissions } from '../../db/schema/index.js';

/**
 * The columns of `judge` (and the problem's title) a list row is made of: nothing more is read for a
 * page of the lists (not the code, the error text, the IP or the remote run's ids).
 */
export const submissionInfoColumns = {
  submitId: submissions.submitId,
  pid: submissions.pid,
  displayPid: submissions.displayPid,
  title: problems.title,
  cid: submissions.cid,
  gid: submissions.gid,
  tid: submissions.tid,
  uid: submissions.uid,
  username: submissions.username,
  status: submissions.status,
  score: submissions.score,
  oiRankScore: submissions.oiRankScore,
  time: submissions.time,
  memory: submissions.memory,
  length: submissions.length,
  language: submissions.language,
  judger: submissions.judger,
  isManual: submissions.isManual,
  share: submissions.share,
  submitTime: submissions.submitTime,
  gmtModified: submissions.gmtModified,
  isRemote: submissions.isRemote,
  remoteHandle: submissions.remoteHandle,
  vid: submissions.vid,
};

/** A `judge` row (any wider one will do) with the problem's title as the list shows it. */
export type SubmissionInfoRow = Pick<typeof submissions.$inferSelect, Exclude<keyof typeof submissionInfoColumns, 'title'>> & { title: string | null };

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
    virtual: r.vid !== null,
  };
}
