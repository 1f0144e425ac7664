import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ACTIVE_JUDGE_STATUSES, JudgeStatus, TIMINGS } from '@oj/shared';
import { useLive } from '../../api/live';
import { problemApi } from '../../api/problem';
import { useProblemScope } from './problemScope';

export interface SubmitState {
  submitId: number | null;
  /** 9 Submitting while the call runs, then the submission's status */
  status: number | null;
  /** the submission's score once judged (OI), else null */
  score?: number | null;
  /** a run the user linked from the remote site: nothing of it to resubmit */
  linkedRun?: boolean;
  /** while judging, the cases judged so far (from the live stream) */
  progress?: { done: number; total: number };
}

const ACTIVE = new Set<number>(ACTIVE_JUDGE_STATUSES);
export const isActive = (status: number | null) => status === JudgeStatus.SUBMITTING || (status !== null && ACTIVE.has(status));

/**
 * Submit and follow the verdict: Submitting, then the submission's own status, pushed by the live
 * stream (with "Judging 7/20") or, while the stream is not up, polled every 2 s (at most 300 rounds;
 * stops on a final status or a failed call). `onAccepted` fires once when the verdict is Accepted.
 */
export function useSubmitFlow(onAccepted: () => void) {
  const [state, setState] = useState<SubmitState>({ submitId: null, status: null });
  const timer = useRef<number | undefined>(undefined);
  const client = useQueryClient();
  const acceptedRef = useRef(onAccepted);
  acceptedRef.current = onAccepted;
  // Inside a contest the status comes from check-contest-submissions-status (its seal rules).
  const scope = useProblemScope();
  const checkRef = useRef(scope.checkStatus);
  checkRef.current = scope.checkStatus;

  const followed = useRef<number | null>(null);
  const liveRef = useRef(false);

  const stop = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    followed.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  /** One look at the submission (its score comes with it); true while it is still being judged. */
  const check = useCallback(
    async (submitId: number): Promise<boolean> => {
      const res = await checkRef.current([submitId]);
      const status = res[submitId]?.status ?? null;
      if (status === null || followed.current !== submitId) return false;
      const score = res[submitId]?.score ?? null;
      // Kept: whether it is a linked run (the Resubmit button's rule), and the case counts while judging.
      setState((s) => (s.submitId === submitId ? { ...s, status, score, progress: status === s.status ? s.progress : undefined } : s));
      if (isActive(status)) return true;
      followed.current = null;
      window.clearTimeout(timer.current);
      void client.invalidateQueries({ queryKey: ['my-problem-submissions'] });
      void client.invalidateQueries({ queryKey: ['problem-detail'] });
      void client.invalidateQueries({ queryKey: ['user-problem-status'] });
      if (status === JudgeStatus.ACCEPTED) acceptedRef.current();
      return false;
    },
    [client],
  );

  const follow = useCallback(
    (submitId: number, round: number) => {
      followed.current = submitId;
      timer.current = window.setTimeout(async () => {
        // While the stream is up it says when to look: the round is skipped, not the following.
        if (liveRef.current) return void (followed.current === submitId && follow(submitId, round));
        try {
          if ((await check(submitId)) && round + 1 < TIMINGS.submissionPollMaxRounds) follow(submitId, round + 1);
        } catch {
          /* polling stops on error */
        }
      }, TIMINGS.submissionPollMs);
    },
    [check],
  );

  const place = { cid: scope.cid || undefined, gid: scope.gid };
  liveRef.current = useLive(state.submitId && isActive(state.status) ? { submissions: { ids: [state.submitId], ...place } } : null, (e) => {
    const id = followed.current;
    if (id === null) return;
    if (e.type === 'resync') void check(id).catch(() => {});
    if (e.type !== 'submission' || e.submitId !== id) return;
    // The status at once (what the user waits for); a final one is then read with its score.
    const progress = e.total !== undefined ? { done: e.done ?? 0, total: e.total } : undefined;
    setState((s) => (s.submitId === id ? { ...s, status: e.status, progress } : s));
    if (!isActive(e.status)) void check(id).catch(() => {});
  });

  /** Resolves with null once the submission is queued, or with the failed call's error. */
  const submit = useCallback(
    async (body: Parameters<typeof problemApi.submit>[0]): Promise<unknown> => {
      stop();
      setState({ submitId: null, status: JudgeStatus.SUBMITTING });
      try {
        const sub = await problemApi.submit(body);
        setState({ submitId: sub.submitId, status: sub.status });
        void client.invalidateQueries({ queryKey: ['my-problem-submissions'] });
        follow(sub.submitId, 0);
        return null;
      } catch (err) {
        // The client already showed why (interval, language, captcha, …); the user may submit again.
        setState({ submitId: null, status: null });
        return err;
      }
    },
    [client, follow, stop],
  );

  /** A remote submission the site did not take (Submitted Failed) sent again, then followed as a new one. */
  const resubmit = useCallback(
    async (submitId: number) => {
      stop();
      // Submitting while the call runs: the button goes away, so one click sends it once.
      setState({ submitId, status: JudgeStatus.SUBMITTING });
      try {
        const sub = await problemApi.resubmit(submitId);
        setState({ submitId: sub.submitId, status: sub.status, score: sub.score });
        void client.invalidateQueries({ queryKey: ['my-problem-submissions'] });
        follow(sub.submitId, 0);
      } catch {
        // The client showed why; the Submitted Failed result stays, with its button.
        setState({ submitId, status: JudgeStatus.SUBMITTED_FAILED });
      }
    },
    [client, follow, stop],
  );

  /**
   * A run made on the remote site linked by its id (the link dialog), then followed as a submitted one.
   * The status area keeps what it showed until the server takes the link; a refusal is thrown for the
   * dialog to show.
   */
  const linkRun = useCallback(
    async (body: Parameters<typeof problemApi.linkRun>[0]) => {
      const sub = await problemApi.linkRun(body);
      stop();
      setState({ submitId: sub.submitId, status: sub.status, score: sub.score, linkedRun: true });
      void client.invalidateQueries({ queryKey: ['my-problem-submissions'] });
      follow(sub.submitId, 0);
    },
    [client, follow, stop],
  );

  return { state, submit, resubmit, linkRun };
}
