import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ContestAuth, ContestStatus, PAGE_SIZES, contestRule } from '@oj/shared';
import { problemKeys } from '../../../api/problem';
import { useVirtualState } from '../../../api/contestVirtual';
import { submissionApi } from '../../../api/submission';
import { useSession } from '../../../app/session';
import type { ProblemScope } from '../../problem/problemScope';
import type { ContestContextValue } from '../ContestContext';
import { contestSubmissionPath, rankSealedFor } from '../../../components/contest/meta';
import { ContestPasswordDialog } from './ContestPasswordDialog';

/** The viewer's submissions of one contest problem (the problem page's "my submissions" tab). */
export const contestMySubmissions = (cid: number) => (displayId: string, currentPage: number, limit: number) =>
  submissionApi.contestList({ contestID: cid, onlyMine: true, problemID: displayId, completeProblemID: true, containsEnd: true, currentPage, limit });

/**
 * The problem page's scope inside a contest: submissions go to the contest
 * under its letter and are followed through check-contest-submissions-status; an ended contest without
 * allowEndSubmit (outside the viewer's virtual run) and a scheduled one (for non-admins) refuse; a protected contest asks for its password
 * first; an OI contest whose rank is sealed for the viewer asks before covering an earlier submission.
 * `dialogs` must be rendered next to the page.
 */
export function useContestProblemScope(view: ContestContextValue): { scope: ProblemScope; dialogs: ReactNode } {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const client = useQueryClient();
  const { user } = useSession();
  const { contest, isContestAdmin, access, refresh } = view;
  const cid = contest.id;
  const [passwordOpen, setPasswordOpen] = useState(false);
  const passwordDone = useRef<((ok: boolean) => void) | null>(null);

  // In his virtual run an ended contest takes his submissions (as the run's).
  const virtualRunning = !!useVirtualState(contest).data?.run?.running;
  const blocked =
    contest.status === ContestStatus.ENDED && !contest.allowEndSubmit && !virtualRunning
      ? t('msg.contestEnded')
      : contest.status === ContestStatus.SCHEDULED && !isContestAdmin
        ? t('msg.contestNotStarted')
        : null;
  const needsPassword = !isContestAdmin && !access && contest.auth !== ContestAuth.PUBLIC;
  // "Without the real-time permission": the rank is sealed for this viewer right now.
  const coverAsk = contestRule(contest.type).sealsOwnResults && rankSealedFor(contest, isContestAdmin);

  const askPassword = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        passwordDone.current = resolve;
        setPasswordOpen(true);
      }),
    [],
  );

  const askCover = useCallback(
    (displayId: string) =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title: t('contestProblem.cover.title'),
          content: t('contestProblem.cover.text'),
          okText: t('contestProblem.cover.ok'),
          cancelText: t('contestProblem.cover.cancel'),
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
          // the e2e test finds it by this
          rootClassName: `oj-cover-confirm oj-cover-${displayId}`,
        });
      }),
    [modal, t],
  );

  const scope = useMemo<ProblemScope>(() => {
    const mySubmissions = contestMySubmissions(cid);
    const mySubmissionsKey = (displayId: string, uid: string, page: number) => problemKeys.contestMySubmissions(cid, displayId, uid, page);
    return {
      cid,
      storageKey: (displayId) => `contest-${cid}-${displayId.toUpperCase()}`,
      submissionPath: (submitId, displayId) => contestSubmissionPath(cid, displayId, submitId),
      solutionsPath: (displayId) => `/contest/${cid}/submissions?problemID=${encodeURIComponent(displayId)}&completeProblemID=true`,
      discussion: false,
      showAuthTag: false,
      showTags: false,
      mySubmissions,
      mySubmissionsKey,
      checkStatus: (ids) => submissionApi.checkContestStatus(cid, ids),
      testRun: { type: 'contest', cid },
      blocked,
      captcha: false,
      beforeSubmit: async (displayId) => {
        if (needsPassword) {
          if (!(await askPassword())) return false;
          refresh();
        }
        if (!coverAsk || !user) return true;
        const mine = await client.fetchQuery({
          queryKey: mySubmissionsKey(displayId, user.uid, 1),
          queryFn: () => mySubmissions(displayId, 1, PAGE_SIZES.mySubmissions),
          staleTime: 0,
        });
        return mine.total > 0 ? askCover(displayId) : true;
      },
    };
  }, [cid, blocked, needsPassword, coverAsk, user, askPassword, askCover, refresh, client]);

  const dialogs = (
    <>
      {modalHolder}
      <ContestPasswordDialog
        cid={cid}
        open={passwordOpen}
        onDone={(ok) => {
          setPasswordOpen(false);
          passwordDone.current?.(ok);
          passwordDone.current = null;
        }}
      />
    </>
  );
  return { scope, dialogs };
}
