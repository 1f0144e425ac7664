import { useMemo } from 'react';
import { useContestProblems } from '../../../api/contest';
import { useContest } from '../ContestContext';
import { QueryRetryAlert } from './RetryAlert';
import type { ProblemHead } from './ScoreboardTable';
import { ScoreboardView } from './ScoreboardView';
import { PageLoading } from '../../../app/layout/PageLoading';

/** /contest/:contestID/rank (ContestRank): the board of the contest, ACM or OI. */
export default function ContestRankPage() {
  const { contest, isContestAdmin } = useContest();
  const problems = useContestProblems(contest.id);
  const heads = useMemo<ProblemHead[]>(
    () => (problems.data ?? []).map((p) => ({ displayId: p.displayId, displayTitle: p.displayTitle, color: p.color })),
    [problems.data],
  );
  if (problems.isPending) return <PageLoading />;
  // The board's columns are the problems: without them there is no board to show.
  if (problems.isError && !problems.data) return <QueryRetryAlert query={problems} testId="rank-problems-error" />;
  return <ScoreboardView source="inside" contest={contest} isContestAdmin={isContestAdmin} problems={heads} />;
}
