import { useQuery } from '@tanstack/react-query';
import { ContestStatus, contestVirtualEndpoints as ep, type ContestInfo } from '@oj/shared';
import { useSession } from '../app/session';
import type { RequestOptions } from './client';
import type { RankQuery } from './contestRank';
import { request, requestResult } from './endpoint';

/**
 * Virtual participation in an ended contest: the caller's run and whether he may start one (the
 * server decides with the rule that refuses the start, so the button shows exactly when it would be
 * taken), starting it, and his ghost board.
 */

type Opts = Pick<RequestOptions, 'silent'>;

export const contestVirtualApi = {
  state: (cid: number, o?: Opts) => request(ep.state, { query: { cid } }, o),
  /** Resolves with the run and the server's message. */
  start: (cid: number) => requestResult(ep.start, { body: { cid } }),
  rank: (q: RankQuery, o?: Opts) => request(ep.rank, { body: q }, o),
};

/** Under ['contest', cid] so the shell's refresh reloads it too. */
export const contestVirtualKeys = {
  state: (cid: number, uid: string) => ['contest', cid, 'virtual', uid] as const,
  rank: (cid: number, uid: string, q: RankQuery) => ['contest', cid, 'virtual', uid, 'rank', q] as const,
};

/** The caller's virtual run in an ended contest (nothing is asked before the end or without a login). */
export function useVirtualState(contest: Pick<ContestInfo, 'id' | 'status'>) {
  const { token, user } = useSession();
  return useQuery({
    queryKey: contestVirtualKeys.state(contest.id, user?.uid ?? ''),
    queryFn: () => contestVirtualApi.state(contest.id, { silent: true }),
    enabled: !!token && !!user && contest.status === ContestStatus.ENDED,
    retry: false,
  });
}
