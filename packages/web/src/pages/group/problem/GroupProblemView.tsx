import '../../problem/problem.css';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { useProblemDetail } from '../../../api/problem';
import { ProblemLoadFailed, ProblemLoading, ProblemWorkspace } from '../../problem/ProblemDetailPage';
import { ProblemScopeContext } from '../../problem/problemScope';
import { groupPath } from '../../../components/group/GroupContext';
import { useGroupProblemScope } from './useGroupProblemScope';

/**
 * A group's own problem: the bank's statement, my submissions and editor in the group's scope (the
 * group place on the server: members only). `focus` says whether this is the focus-mode route.
 */
export function GroupProblemView({
  gid,
  problemId,
  focus,
  onFocusChange,
  className,
}: {
  gid: number;
  problemId: string;
  focus: boolean;
  onFocusChange(focus: boolean): void;
  className?: string;
}) {
  const { t } = useTranslation();
  const detail = useProblemDetail(problemId, undefined, gid);
  const scope = useGroupProblemScope(gid);

  if (detail.isPending) return <ProblemLoading />;
  if (detail.isError || !detail.data) {
    const notFound = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <ProblemLoadFailed
        status={notFound ? '404' : 'warning'}
        title={notFound ? t('msg.problemNotFound') : detail.error?.message || t('common.loadFailed')}
        backTo={groupPath(gid, 'problem')}
        backLabel={t('groupProblem.backToList')}
      />
    );
  }
  return (
    <ProblemScopeContext.Provider value={scope}>
      <ProblemWorkspace key={`${gid}-${problemId}`} detail={detail.data} focus={focus} onFocusChange={onFocusChange} className={className} />
    </ProblemScopeContext.Provider>
  );
}
