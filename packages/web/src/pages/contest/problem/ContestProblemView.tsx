import '../../problem/problem.css';
import './contestProblem.css';
import { Button, Card, Result, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { problemApi, problemKeys } from '../../../api/problem';
import { useSession } from '../../../app/session';
import { ProblemWorkspace } from '../../problem/ProblemDetailPage';
import { ProblemScopeContext } from '../../problem/problemScope';
import type { ContestContextValue } from '../ContestContext';
import { useContestProblemScope } from './useContestProblemScope';

/** The statement of one contest problem under its letter (get-contest-problem-details). */
export function useContestProblemDetail(cid: number, displayId: string) {
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
  const navigate = useNavigate();
  const cid = view.contest.id;
  const detail = useContestProblemDetail(cid, displayId);
  const { scope, dialogs } = useContestProblemScope(view);

  if (detail.isPending) {
    return (
      <div className="oj-page">
        <Card>
          <Skeleton active paragraph={{ rows: 10 }} />
        </Card>
      </div>
    );
  }
  if (detail.isError || !detail.data) {
    return (
      <div className="oj-page" data-testid="problem-missing">
        <Result
          status="warning"
          title={detail.error?.message || t('common.loadFailed')}
          extra={[
            <Button key="back" onClick={() => navigate(`/contest/${cid}/problems`)}>
              {t('contestProblem.backToProblems')}
            </Button>,
            // Spec 1 §2: on load failure the submit control is disabled.
            <Button key="submit" type="primary" disabled>
              {t('problem.submit.submit')}
            </Button>,
          ]}
        />
      </div>
    );
  }

  return (
    <ProblemScopeContext.Provider value={scope}>
      <ProblemWorkspace key={`${cid}-${displayId}`} detail={detail.data} focus={focus} onFocusChange={onFocusChange} className={className} />
      {dialogs}
    </ProblemScopeContext.Provider>
  );
}
