import '../../problem/problem.css';
import './contestProblem.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { problemApi, problemKeys } from '../../../api/problem';
import { useSession } from '../../../app/session';
import { ProblemLoadFailed, ProblemLoading, ProblemWorkspace } from '../../problem/ProblemDetailPage';
import { ProblemScopeContext } from '../../problem/problemScope';
import type { ContestContextValue } from '../ContestContext';
import { useContestProblemScope } from './useContestProblemScope';
import { HackLockBar } from '../hack/HackLockBar';

/** The statement of one contest problem under its letter (get-contest-problem-details). */
function useContestProblemDetail(cid: number, displayId: string) {
  const { token, user } = useSession();
  return useQuery({
    queryKey: problemKeys.contestDetail(cid, displayId, user?.uid ?? ''),
    queryFn: () => problemApi.contestDetail(cid, displayId),
    enabled: !!token && !!user && !!displayId,
    retry: false,
  });
}

/**
 * A contest problem: statement, my submissions and the editor (the bank's problem page in a contest
 * scope). `focus` says whether this is the focus-mode route; the editor's toggle switches routes.
 */
export function ContestProblemView({
  view,
  displayId,
  focus,
  onFocusChange,
  className,
}: {
  view: ContestContextValue;
  displayId: string;
  focus: boolean;
  onFocusChange(focus: boolean): void;
  className?: string;
}) {
  const { t } = useTranslation();
  const cid = view.contest.id;
  const detail = useContestProblemDetail(cid, displayId);
  const { scope, dialogs } = useContestProblemScope(view);

  if (detail.isPending) return <ProblemLoading />;
  if (detail.isError || !detail.data) {
    return (
      <ProblemLoadFailed
        status="warning"
        title={detail.error?.message || t('common.loadFailed')}
        backTo={`/contest/${cid}/problems`}
        backLabel={t('contestProblem.backToProblems')}
      />
    );
  }

  return (
    <ProblemScopeContext.Provider value={scope}>
      <HackLockBar view={view} displayId={displayId} />
      <ProblemWorkspace key={`${cid}-${displayId}`} detail={detail.data} focus={focus} onFocusChange={onFocusChange} className={className} />
      {dialogs}
    </ProblemScopeContext.Provider>
  );
}
