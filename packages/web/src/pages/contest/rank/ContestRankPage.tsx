import { Spin } from 'antd';
import { useContestProblems } from '../../../api/contest';
import { useContest } from '../ContestContext';
import { ScoreboardView } from './ScoreboardView';

/** /contest/:contestID/rank (spec 2 §2 ContestRank): the board of the contest, ACM or OI. */
export default function ContestRankPage() {
  const { contest, isContestAdmin } = useContest();
  const problems = useContestProblems(contest.id);
  if (problems.isPending) return <Spin className="oj-page-spin" />;
  return (
    <ScoreboardView
      source="inside"
      contest={contest}
      isContestAdmin={isContestAdmin}
      problems={(problems.data ?? []).map((p) => ({ displayId: p.displayId, displayTitle: p.displayTitle, color: p.color }))}
    />
  );
}
