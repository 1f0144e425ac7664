import { useMemo, useState } from 'react';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useContestProblems } from '../../../api/contest';
import { useVirtualState } from '../../../api/contestVirtual';
import { useContest } from '../ContestContext';
import { QueryRetryAlert } from './RetryAlert';
import type { ProblemHead } from './ScoreboardTable';
import { ScoreboardView } from './ScoreboardView';
import { PageLoading } from '../../../app/layout/PageLoading';

/**
 * /contest/:contestID/rank (ContestRank): the board of the contest, ACM, OI or IOI; for a viewer with a
 * virtual run, his ghost board first, the contest's own one step away.
 */
export default function ContestRankPage() {
  const { t } = useTranslation();
  const { contest, isContestAdmin } = useContest();
  const problems = useContestProblems(contest.id);
  const run = useVirtualState(contest).data?.run ?? null;
  const [board, setBoard] = useState<'virtual' | 'inside'>('virtual');
  const heads = useMemo<ProblemHead[]>(
    () => (problems.data ?? []).map((p) => ({ displayId: p.displayId, displayTitle: p.displayTitle, color: p.color })),
    [problems.data],
  );
  if (problems.isPending) return <PageLoading />;
  // The board's columns are the problems: without them there is no board to show.
  if (problems.isError && !problems.data) return <QueryRetryAlert query={problems} testId="rank-problems-error" />;
  if (!run) return <ScoreboardView source="inside" contest={contest} isContestAdmin={isContestAdmin} problems={heads} />;
  return (
    <div className="oj-stack">
      <Segmented
        value={board}
        onChange={(v) => setBoard(v as 'virtual' | 'inside')}
        options={[
          { value: 'virtual', label: <span data-testid="rank-board-virtual">{t('contest.virtual.ghost')}</span> },
          { value: 'inside', label: <span data-testid="rank-board-real">{t('contest.virtual.real')}</span> },
        ]}
      />
      <ScoreboardView key={board} source={board} virtualRunning={run.running} contest={contest} isContestAdmin={isContestAdmin} problems={heads} />
    </div>
  );
}
