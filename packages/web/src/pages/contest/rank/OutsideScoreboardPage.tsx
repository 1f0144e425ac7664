import '../shell/contest.css';
import './scoreboard.css';
import { Button, Result, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ContestType, type ContestInfo } from '@oj/shared';
import { contestApi, contestKeys } from '../../../api/contest';
import { ContestHeader } from '../shell/ContestHeader';
import { statusAt } from '../shell/meta';
import { useContestClock } from '../shell/useContestClock';
import { ScoreboardView } from './ScoreboardView';

const boardPath = (type: number, cid: number) => `/contest/${type === ContestType.OI ? 'oi' : 'acm'}-scoreboard/${cid}`;

function Header({ contest, receivedAt }: { contest: ContestInfo; receivedAt: number }) {
  const now = useContestClock(contest, receivedAt);
  return <ContestHeader contest={contest} now={now} />;
}

/**
 * /contest/acm-scoreboard/:contestID and /contest/oi-scoreboard/:contestID (spec 2 §2 "Outside
 * scoreboard"): public, the contest header and the same board as inside. A contest that does not open
 * its board, or has not started, says so under its header.
 */
export default function OutsideScoreboardPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const cid = Number(useParams().contestID);
  const valid = Number.isInteger(cid) && cid > 0;
  const info = useQuery({
    queryKey: contestKeys.outsideInfo(cid),
    queryFn: () => contestApi.outsideInfo(cid, { silent: true }),
    enabled: valid,
    retry: false,
  });
  // When the board is closed, the plain contest info still gives the header (title, times, countdown).
  const plain = useQuery({
    queryKey: ['contest-outside', cid, 'plain'],
    queryFn: () => contestApi.info(cid, { silent: true }),
    enabled: valid && info.isError,
    retry: false,
  });
  const contest = info.data?.contest;
  const now = useContestClock(contest, info.dataUpdatedAt);

  if (!valid) return <Result className="oj-page" status="warning" title={t('msg.contestNotFound')} />;
  if (info.isPending) return <Spin className="oj-page-spin" />;
  if (info.isError)
    return (
      <div className="oj-page oj-stack" data-testid="outside-board">
        {plain.data ? <Header contest={plain.data} receivedAt={plain.dataUpdatedAt} /> : null}
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
  const c = contest!;
  const want = boardPath(c.type, c.id);
  if (pathname.replace(/\/+$/, '') !== want) return <Navigate to={want} replace />;
  return (
    <div className="oj-page oj-stack" data-testid="outside-board">
      <ContestHeader contest={c} now={now} />
      <ScoreboardView
        source="outside"
        contest={{ ...c, status: statusAt(c, now) }}
        isContestAdmin={false}
        problems={info.data!.problemList.map((p) => ({ displayId: p.displayId, displayTitle: p.displayTitle, color: p.color }))}
      />
    </div>
  );
}
