import type { ReactNode } from 'react';
import { contestRule, type ContestProblemLink } from '@oj/shared';
import { adminContestApi } from '../../api/adminContest';
import { problemCardTitle, type ProblemPlacement, type Translate } from '../problemPlacement';

/**
 * The problem editor opened from a contest (contest/{contestId}/problem/create and
 * contest/{contestId}/problem/{problemId}/edit): the contest's rule fixes the problem type, a new
 * problem is a contest problem (auth 3), and the display id and title in the contest are edited with it.
 */
export interface ContestProblemMode {
  cid: number;
  /** the problem type the contest's rule takes: a new problem gets this type */
  type: 0 | 1;
  /** the contest's type (its rule names the tip) */
  contestType: number;
  title: string;
  /** the problem's place in the contest (edit), or null (create) */
  link: ContestProblemLink | null;
  /** the display id offered to a new problem */
  suggestedId: string;
}

/** The contest's own fields in the editor (`ContestPlaceFields`). */
export interface ContestPlaceValues {
  contestDisplayId: string;
  contestDisplayTitle: string;
}

export const contestProblemsPath = (cid: number) => `/admin/contest/${cid}/problems`;

/** The contest placement; `fields` is the card with the display id and title (contestProblemMode.tsx). */
export function contestPlacement(mode: ContestProblemMode, t: Translate, fields?: ReactNode): ProblemPlacement<ContestPlaceValues> {
  return {
    initialValues: ({ defaults, loaded }) => ({
      ...(loaded ?? { ...defaults, type: mode.type, auth: 3 as const }),
      contestDisplayId: mode.link?.displayId ?? mode.suggestedId,
      contestDisplayTitle: mode.link?.displayTitle ?? '',
    }),
    locked: { type: t('admin.contest.problemTypeFixed', { rule: contestRule(mode.contestType).label }) },
    fields,
    // POST/PUT /api/admin/contest/problem: the problem and its place in the contest in one call.
    save: (body, v) => {
      const place = { cid: mode.cid, displayId: v.contestDisplayId.trim(), displayTitle: v.contestDisplayTitle.trim() || null };
      return mode.link ? adminContestApi.updateProblem(place, body) : adminContestApi.createProblem(place, body);
    },
    staleQueries: [['admin-contest-problems', mode.cid]],
    backTo: contestProblemsPath(mode.cid),
    title: (problemId) => problemCardTitle(t, problemId),
  };
}
