/**
 * What a ticket may watch, decided by the rules the pages' own calls apply: a submission only when the
 * place it is listed in shows it to the caller with its result (check-submissions-status, so a group's
 * submissions are its members', a contest's follow its seal: a sealed row is never granted); case
 * counts only for one's own submissions, or outside contests; a contest's announcements, clarifications
 * and board when the caller may see inside it, with board news of sealed submissions withheld from
 * non-admins and others' private questions told to its admins only.
 */
import { JudgeStatus, type liveTicketBody, type SubmissionInfo } from '@oj/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../lib/auth.js';
import { assertCanView, isContestAdmin, visibleContest } from '../contest/access.js';
import { resolvePlace } from '../place/index.js';
import type { Grant } from './hub.js';

type Body = z.output<typeof liveTicketBody>;

export async function grantFor(ctx: AppContext, user: AuthUser | null, ip: string, body: Body): Promise<Grant> {
  const submissions = new Set<number>();
  const progress = new Set<number>();
  for (const w of body.submissions) {
    if (!w.ids.length) continue;
    // A place the caller may not open grants nothing (the page's own calls are refused too).
    const place = await resolvePlace(ctx, user, { cid: w.cid || undefined, gid: w.gid }).catch(() => null);
    const shown: Record<string, SubmissionInfo> = place ? await place.pollSubmissions(w.ids).catch(() => ({})) : {};
    for (const s of Object.values(shown)) {
      if (s.status === JudgeStatus.SUBMITTED_UNKNOWN_RESULT) continue;
      submissions.add(s.submitId);
      if (place!.kind !== 'contest' || s.uid === user?.uid) progress.add(s.submitId);
    }
  }
  return {
    uid: user?.uid ?? null,
    sid: user?.sessionId ?? null,
    ip,
    submissions: [...submissions],
    progress: [...progress],
    contest: body.contest && user ? await contestGrant(ctx, user, body.contest) : null,
  };
}

async function contestGrant(ctx: AppContext, user: AuthUser, cid: number): Promise<Grant['contest']> {
  const { db } = ctx.database;
  try {
    const c = await visibleContest(db, cid, user);
    await assertCanView(db, c, user);
    const admin = await isContestAdmin(db, c, user);
    return { cid, sealFrom: !admin && c.sealRank && c.sealRankTime ? c.sealRankTime.getTime() : null, staff: admin };
  } catch {
    return null;
  }
}
