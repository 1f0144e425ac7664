/**
 * The admin contest form checked in the order of spec 3 §5, with its messages: required texts and
 * times, duration (0 when the end is not after the start), password when not public, star users,
 * time order; then what the form derives (seal time, default awards).
 */
import { CONTEST_LIMITS, ContestAuth, DEFAULT_AWARDS, type ContestBody } from '@oj/shared';
import type { contests } from '../../db/schema/index.js';
import { ApiError, fail } from '../../lib/errors.js';

export type ContestValues = Omit<typeof contests.$inferInsert, 'id' | 'uid' | 'author' | 'gmtCreate'>;

const L = CONTEST_LIMITS.labels;

function time(v: string | Date | null | undefined, field: string, label: string): Date {
  if (v === null || v === undefined || (typeof v === 'string' && !v.trim())) throw fail('contestFieldRequired', { field: label });
  const d = v instanceof Date ? v : new Date(v);
  // Years PostgreSQL cannot store (JS dates reach 271821 BC) would fail the insert with a server error.
  const year = d.getUTCFullYear();
  if (Number.isNaN(d.getTime()) || year < 1 || year > 9999) throw new ApiError(`${field}: Invalid date`, 400, 400);
  return d;
}

export function contestValues(body: ContestBody): ContestValues {
  const title = body.title?.trim() ?? '';
  if (!title) throw fail('contestFieldRequired', { field: L.title });
  const description = body.description ?? '';
  if (!description.trim()) throw fail('contestFieldRequired', { field: L.description });
  const startTime = time(body.startTime, 'startTime', L.startTime);
  const endTime = time(body.endTime, 'endTime', L.endTime);
  // Spec 3 §4/§5: the duration comes from the times (0 when the end is before the start) and is
  // checked before the password; the order check follows, as in the form.
  if (Math.max(0, endTime.getTime() - startTime.getTime()) <= 0) throw fail('contestDurationInvalid');
  const pwd = body.pwd?.trim() ?? '';
  if (body.auth !== ContestAuth.PUBLIC && !pwd) throw fail('contestFieldRequired', { field: L.password });

  const stars: string[] = [];
  const seen = new Set<string>();
  for (const raw of body.starAccount) {
    const name = raw.trim();
    if (!name) continue;
    if (seen.has(name.toLowerCase())) throw fail('contestStarDuplicate');
    seen.add(name.toLowerCase());
    stars.push(name);
  }
  // Last check of spec 3 §5; with the duration derived from the times it only guards against a change above.
  if (startTime.getTime() >= endTime.getTime()) throw fail('contestTimeOrder');

  // Sealing without a time seals the whole contest (the form's default choice).
  let sealRankTime: Date | null = null;
  if (body.sealRank) {
    sealRankTime = body.sealRankTime ? time(body.sealRankTime, 'sealRankTime', 'sealRankTime') : startTime;
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
    // The account limit only exists for contests that need a password (spec 3 "Contest form").
    openAccountLimit: body.auth !== ContestAuth.PUBLIC && body.openAccountLimit,
    accountLimitRule: body.accountLimitRule?.trim() || null,
    starAccount: stars,
    oiRankScoreType: body.oiRankScoreType,
    awardType: body.awardType,
    awardConfig,
    allowEndSubmit: body.allowEndSubmit,
    visible: body.visible,
    // No gid from this form: a group contest is made inside its group, by whoever may manage that group
    // (groups issue); here it would let any contest creator tie a contest to a group they are not in.
  };
}
