/**
 * The admin contest form: the form's checks (checkContestForm, shared with the admin form), then
 * what the form derives (seal time, default awards).
 */
import { CONTEST_LIMITS, ContestAuth, DEFAULT_AWARDS, checkContestForm, contestRule, starAccounts, type ContestBody } from '@oj/shared';
import type { contests } from '../../db/schema/index.js';
import { ApiError, fail } from '../../lib/errors.js';

export type ContestValues = Omit<typeof contests.$inferInsert, 'id' | 'uid' | 'author' | 'gmtCreate'>;

/** null when missing (the form check names the field); a time PostgreSQL cannot store is refused here. */
function time(v: string | Date | null | undefined, field: string): Date | null {
  if (v === null || v === undefined || (typeof v === 'string' && !v.trim())) return null;
  const d = v instanceof Date ? v : new Date(v);
  // Years PostgreSQL cannot store (JS dates reach 271821 BC) would fail the insert with a server error.
  const year = d.getUTCFullYear();
  if (Number.isNaN(d.getTime()) || year < 1 || year > 9999) throw new ApiError(`${field}: Invalid date`, 400, 400);
  return d;
}

export function contestValues(body: ContestBody): ContestValues {
  const start = time(body.startTime, 'startTime');
  const end = time(body.endTime, 'endTime');
  const issue = checkContestForm({ ...body, startTime: start, endTime: end });
  if (issue) throw fail(issue.key, issue.label ? { field: CONTEST_LIMITS.labels[issue.label] } : undefined);
  // checkContestForm has refused missing times.
  const startTime = start!;
  const endTime = end!;
  const title = body.title!.trim();
  const description = body.description ?? '';
  const pwd = body.pwd?.trim() ?? '';

  // Sealing without a time seals the whole contest (the form's default choice).
  let sealRankTime: Date | null = null;
  if (body.sealRank) {
    sealRankTime = time(body.sealRankTime, 'sealRankTime') ?? startTime;
    if (sealRankTime.getTime() < startTime.getTime() || sealRankTime.getTime() > endTime.getTime()) throw fail('contestSealTimeInvalid');
  }

  const awardConfig =
    body.awardType !== 0 && body.awardConfigList.length === 0
      ? DEFAULT_AWARDS.map((a) => ({ ...a }))
      : [...body.awardConfigList].sort((a, b) => a.priority - b.priority);

  return {
    title,
    description,
    type: body.type,
    auth: body.auth,
    pwd: body.auth === ContestAuth.PUBLIC ? null : pwd,
    startTime,
    endTime,
    sealRank: body.sealRank,
    sealRankTime,
    autoRealRank: body.autoRealRank,
    openPrint: body.openPrint,
    openRank: body.openRank,
    rankShowName: body.rankShowName,
    // The account limit only exists for contests that need a password.
    openAccountLimit: body.auth !== ContestAuth.PUBLIC && body.openAccountLimit,
    accountLimitRule: body.accountLimitRule?.trim() || null,
    starAccount: starAccounts(body.starAccount).names,
    oiRankScoreType: body.oiRankScoreType,
    awardType: body.awardType,
    awardConfig,
    allowEndSubmit: body.allowEndSubmit,
    allowHacks: contestRule(body.type).hackable && body.allowHacks,
    visible: body.visible,
    // No gid from this form: a group contest is made inside its group, by whoever may manage that group
    // (groups issue); here it would let any contest creator tie a contest to a group they are not in.
  };
}
