import '../shell/contest.css';
import './scoreboard.css';
import { useMemo } from 'react';
import { Button, Result } from 'antd';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ContestInfo } from '@oj/shared';
import { useContestInfo, useContestOutsideInfo } from '../../../api/contest';
import { ContestHeader } from '../shell/ContestHeader';
import { outsideBoardPath } from '../../../components/contest/meta';
import { useContestStatus } from '../shell/useContestClock';
import type { ProblemHead } from './ScoreboardTable';
import { ScoreboardView } from './ScoreboardView';
import { PageLoading } from '../../../app/layout/PageLoading';

/**
 * /contest/<rule key>-scoreboard/:contestID, e.g. acm-scoreboard, oi-scoreboard (the outside
 * scoreboard): public, the contest header and the same board as inside. A contest that does not open
 * its board, or has not started, says so under its header.
 */
export default function OutsideScoreboardPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const cid = Number(useParams().contestID);
  const valid = Number.isInteger(cid) && cid > 0;
  const info = useContestOutsideInfo(cid);
  const closed = info.isError && !info.data;
  // When the board is closed, the plain contest info still gives the header (title, times, countdown).
  const plain = useContestInfo(cid, closed);
  const raw = info.data?.contest;
  const status = useContestStatus(raw, info.dataUpdatedAt);
  // New objects only when the data or the status change: the board is memoised.
  const contest = useMemo<ContestInfo | undefined>(() => (raw ? { ...raw, status } : undefined), [raw, status]);
  const problemList = info.data?.problemList;
  const problems = useMemo<ProblemHead[]>(
    () => (problemList ?? []).map((p) => ({ displayId: p.displayId, displayTitle: p.displayTitle, color: p.color })),
    [problemList],
  );

  if (!valid) return <Result className="oj-page" status="warning" title={t('msg.contestNotFound')} />;
  if (closed)
    return (
      <div className="oj-page oj-stack" data-testid="outside-board">
        {plain.data ? <ContestHeader contest={plain.data} receivedAt={plain.dataUpdatedAt} /> : null}
        <Result
          status="info"
          title={info.error.message || t('scoreboard.outside.closed')}
          subTitle={t('scoreboard.outside.closedTip')}
          extra={
            <Link to="/contest">
              <Button type="primary">{t('scoreboard.outside.backToList')}</Button>
            </Link>
          }
          data-testid="outside-closed"
        />
      </div>
    );
  if (!raw || !contest) return <PageLoading />;
  const want = outsideBoardPath(raw);
  if (pathname.replace(/\/+$/, '') !== want) return <Navigate to={want} replace />;
  return (
    <div className="oj-page oj-stack" data-testid="outside-board">
      <ContestHeader contest={raw} receivedAt={info.dataUpdatedAt} />
      <ScoreboardView source="outside" contest={contest} isContestAdmin={false} problems={problems} />
    </div>
  );
}
