import { useEffect, useRef } from 'react';
import { ACTIVE_JUDGE_STATUSES, submissionEndpoints as ep, type SubmissionInfo } from '@oj/shared';
import { request, type EndpointInput } from './endpoint';
import { useLive } from './live';
import { resubmitRoutes } from './problemRoutes';

/** Query of get-submission-list; empty values are left out by the client. */
export type SubmissionListParams = EndpointInput<typeof ep.list>['query'] & { currentPage: number; limit: number };

/** Query of contest-submissions: the list's filters plus the contest (ContestSubmissionList). */
export type ContestSubmissionListParams = EndpointInput<typeof ep.contestList>['query'] & { currentPage: number; limit: number };

/** Submission calls (public list/detail, owner share, admin judging). */
export const submissionApi = {
  list: (q: SubmissionListParams) => request(ep.list, { query: q }),
  detail: (submitId: number) => request(ep.detail, { query: { submitId } }),
  caseResult: (submitId: number) => request(ep.caseResult, { query: { submitId } }),
  /** Silent: a failed poll only stops the polling, it is not worth a toast every 2 s. */
  checkStatus: (submitIds: number[]) => request(ep.checkStatus, { body: { submitIds, cid: 0 } }, { silent: true }),
  share: (submitId: number, share: boolean) => request(ep.share, { body: { submitId, share } }),
  rejudge: (submitId: number) => request(ep.rejudge, { query: { submitId } }),
  manualJudge: (submitId: number, status: number, score: number) => request(ep.manualJudge, { query: { submitId, status, score } }),
  cancel: (submitId: number) => request(ep.cancel, { query: { submitId } }),
  /** A remote submission the site did not take (Submitted Failed) sent again: its owner or an admin. */
  resubmit: (submitId: number) => request(resubmitRoutes.resubmit, { query: { submitId } }),
  /** A contest's submissions as the viewer may see them (seal rules on the server). */
  contestList: (q: ContestSubmissionListParams) => request(ep.contestList, { query: q }),
  /** Silent like checkStatus. */
  checkContestStatus: (cid: number, submitIds: number[]) => request(ep.checkContestStatus, { body: { submitIds, cid } }, { silent: true }),
};

export const submissionKeys = {
  list: (q: SubmissionListParams, uid: string | undefined) => ['submissions', q, uid ?? ''] as const,
  contestList: (q: ContestSubmissionListParams, uid: string | undefined) => ['submissions', 'contest', q, uid ?? ''] as const,
  detail: (submitId: number) => ['submission', submitId] as const,
  cases: (submitId: number) => ['submission-cases', submitId] as const,
};

export const isActive = (status: number) => ACTIVE_JUDGE_STATUSES.includes(status);

/** Non-final statuses are polled every 2 s, at most 300 rounds. */
export const POLL_INTERVAL_MS = 2000;
export const POLL_MAX_ROUNDS = 300;

/** Changes of several rows within this are read in one call (a contest's burst of verdicts). */
const LIVE_BATCH_MS = 50;

/**
 * Follows `ids` until they are judged and hands each answer of check-submissions-status to `onUpdate`.
 * While the live stream is up, the rows the stream names are read again (together, through the same
 * call, so its rights and seal apply); otherwise every 2 s. Polling stops when `ids` is empty, after
 * 300 rounds since `generation` last changed (a new page, a refresh, a rejudge), on the first failed
 * call, and when the component leaves.
 */
export function useStatusPolling(
  ids: number[],
  generation: string,
  onUpdate: (rows: Record<string, SubmissionInfo>) => void,
  /** the call that answers (check-contest-submissions-status inside a contest) */
  check: (submitIds: number[]) => Promise<Record<string, SubmissionInfo>> = submissionApi.checkStatus,
  /** the place the rows are listed in, as the ticket names it */
  place: { cid?: number; gid?: number } = {},
) {
  const rounds = useRef(0);
  const changed = useRef(new Set<number>());
  const batch = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(batch.current), []);
  const readChanged = (all: number[]) => {
    for (const id of all) changed.current.add(id);
    window.clearTimeout(batch.current);
    batch.current = window.setTimeout(() => {
      const list = [...changed.current];
      changed.current.clear();
      if (list.length)
        checkRef.current(list).then(
          (rows) => update.current(rows),
          () => {},
        );
    }, LIVE_BATCH_MS);
  };
  const sortedIds = [...ids].sort((a, b) => a - b);
  const live = useLive(ids.length ? { submissions: { ids: sortedIds, ...place } } : null, (e) => {
    if (e.type === 'resync') readChanged(sortedIds);
    else if (e.type === 'submission' && ids.includes(e.submitId)) readChanged([e.submitId]);
  });
  const liveRef = useRef(live);
  liveRef.current = live;
  const checkRef = useRef(check);
  checkRef.current = check;
  const lastGeneration = useRef(generation);
  const update = useRef(onUpdate);
  update.current = onUpdate;
  const key = [...ids].sort((a, b) => a - b).join(',');
  useEffect(() => {
    if (lastGeneration.current !== generation) {
      lastGeneration.current = generation;
      rounds.current = 0;
    }
    if (!key) return;
    const list = key.split(',').map(Number);
    let stopped = false;
    let timer = 0;
    const tick = async () => {
      if (stopped || rounds.current >= POLL_MAX_ROUNDS) return;
      // The stream says when to read: the round waits (and is not counted).
      if (liveRef.current) return void (timer = window.setTimeout(tick, POLL_INTERVAL_MS));
      rounds.current += 1;
      try {
        const rows = await checkRef.current(list);
        if (!stopped) update.current(rows);
      } catch {
        return;
      }
      if (!stopped) timer = window.setTimeout(tick, POLL_INTERVAL_MS);
    };
    timer = window.setTimeout(tick, POLL_INTERVAL_MS);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [key, generation]);
}
