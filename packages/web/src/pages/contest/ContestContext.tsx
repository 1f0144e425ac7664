import { createContext, useContext } from 'react';
import type { ContestInfo } from '@oj/shared';

/**
 * What the contest shell (/contest/:contestID) knows and every child route of it needs: the contest
 * as the viewer sees it, whether the viewer administers it (creator or super admin), whether the
 * viewer has what the contest asks for to take part (password/registration), and a way to reload both
 * (after registering, or when the clock moves the contest to its next status).
 */
export interface ContestContextValue {
  contest: ContestInfo;
  isContestAdmin: boolean;
  access: boolean;
  refresh: () => void;
}

export const ContestContext = createContext<ContestContextValue | null>(null);

/** The contest of the enclosing shell; only for components rendered inside it. */
export function useContest(): ContestContextValue {
  const value = useContext(ContestContext);
  if (!value) throw new Error('useContest outside the contest shell');
  return value;
}
