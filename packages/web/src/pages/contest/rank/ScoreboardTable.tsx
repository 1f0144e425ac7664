import type { HTMLAttributes, ReactNode } from 'react';
import { Button, Grid, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType, TablePaginationConfig } from 'antd/es/table';
import { StarFilled, StarOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type AcmRankRow, type OiRankRow, contestRule } from '@oj/shared';
import type { RankRow } from '../../../api/contestRank';
import { UserAvatar } from '../../../components/UserAvatar';
import { contestProblemPath } from '../../../components/contest/meta';
import { Balloon } from './Balloon';
import { acmCellKind, acmTries, hms, oiScoreKind } from './format';

export interface ProblemHead {
  displayId: string;
  displayTitle: string;
  color: string | null;
}

/** A row of the table: the board row plus whether it is a pinned copy at the head of the list. */
type ViewRow = RankRow & { key: string; pinnedCopy: boolean };

export interface ScoreboardTableProps {
  cid: number;
  type: number;
  problems: ProblemHead[];
  rows: RankRow[];
  /** how many rows at the head of `rows` are pinned copies */
  pinned: number;
  loading: boolean;
  viewerUid?: string;
  concerned: ReadonlySet<string>;
  onToggleConcern?: (uid: string) => void;
  /** inside the contest: problem headers and solved counts are links */
  inside: boolean;
  pagination: TablePaginationConfig;
}

/** Pinned copies repeat real rows at the head of the list: only the real row carries a test id, so each stays unique. */
const testId = (r: ViewRow, id: string) => (r.pinnedCopy ? undefined : id);

const userHome = (r: RankRow) => `/user-home?uid=${encodeURIComponent(r.uid)}&username=${encodeURIComponent(r.username)}`;

function RankCell({ row }: { row: RankRow }) {
  const { t } = useTranslation();
  if (row.rank === -1)
    return (
      <Tooltip title={t('scoreboard.table.starUser')}>
        <span className="oj-sb-rank oj-sb-rank-star">*</span>
      </Tooltip>
    );
  if (row.isWinAward)
    return (
      <Tooltip title={row.awardName}>
        <span className="oj-sb-rank oj-sb-rank-award" style={{ background: row.awardBackground ?? undefined, color: row.awardColor ?? undefined }}>
          {row.rank}
        </span>
      </Tooltip>
    );
  return <span className="oj-sb-rank">{row.rank}</span>;
}

/**
 * The board table shared by the in-contest rank and the outside scoreboards: ACM (solved, penalty, a
 * cell per problem with AC time and tries, HOJ's cell colours) or OI (total score and time, a score per
 * problem coloured 0 / in between / 100, with its time). The viewer's and concerned users' rows are
 * highlighted, star users ranked "*", award winners wear the award's colours.
 */
export function ScoreboardTable(p: ScoreboardTableProps) {
  const { t } = useTranslation();
  const rule = contestRule(p.type);
  const acm = !rule.scored;
  // Narrow screens: the school goes under the name and the fixed columns shrink, so problem cells fit.
  const compact = !Grid.useBreakpoint().lg;
  const data: ViewRow[] = p.rows.map((r, i) => ({ ...r, key: i < p.pinned ? `pin-${r.uid}` : r.uid, pinnedCopy: i < p.pinned }));

  const problemTitle = (h: ProblemHead) => (
    <Tooltip title={h.displayTitle}>
      <span className="oj-sb-problem-head" data-testid={`sb-head-${h.displayId}`}>
        <Balloon color={h.color} size={22} title={h.displayTitle} />
        {p.inside ? <Link to={contestProblemPath(p.cid, h.displayId)}>{h.displayId}</Link> : <span>{h.displayId}</span>}
      </span>
    </Tooltip>
  );

  /** A problem's column, laid out alike for both rules: the rule gives the cell's class and its content. */
  const problemColumn = (
    h: ProblemHead,
    cellAttrs: (r: ViewRow) => { className: string; 'data-kind'?: string },
    render: (r: ViewRow) => ReactNode,
  ): ColumnsType<ViewRow>[number] => ({
    title: problemTitle(h),
    key: `p-${h.displayId}`,
    width: 84,
    align: 'center',
    onCell: (r) => ({ ...cellAttrs(r), 'data-testid': testId(r, `sb-cell-${r.username}-${h.displayId}`) }) as HTMLAttributes<HTMLElement>,
    render: (_, r) => render(r),
  });

  const columns: ColumnsType<ViewRow> = [
    { title: t('scoreboard.table.rank'), key: 'rank', width: compact ? 52 : 64, fixed: 'left', align: 'center', render: (_, r) => <RankCell row={r} /> },
    {
      title: t('scoreboard.table.user'),
      key: 'user',
      width: compact ? 170 : 220,
      fixed: 'left',
      render: (_, r) => (
        <div className="oj-sb-user">
          <UserAvatar src={r.avatar} name={r.showName} size={26} />
          <div className="oj-sb-user-text">
            <Link to={userHome(r)} className="oj-sb-name" data-testid={testId(r, `sb-user-${r.username}`)} title={r.showName}>
              {r.showName}
            </Link>
            {compact && r.school ? (
              <span className="oj-sb-school" title={r.school}>
                {r.school}
              </span>
            ) : null}
            {r.isWinAward && r.awardName ? (
              <Tag className="oj-sb-award-tag" color={r.awardBackground ?? undefined} style={{ color: r.awardColor ?? undefined }}>
                {r.awardName}
              </Tag>
            ) : null}
          </div>
          {/* A virtual participant's row on his ghost board. */}
          {'virtual' in r && r.virtual ? (
            <Tooltip title={t('scoreboard.table.virtualTip')}>
              <Tag color="purple" className="oj-sb-virtual" data-testid={r.pinnedCopy ? 'sb-virtual-pinned' : `sb-virtual-${r.username}`}>
                {t('scoreboard.table.virtual')}
              </Tag>
            </Tooltip>
          ) : null}
          {/* The viewer's own row (also pinned at the head as a copy) says whose it is, as the star marks followed users. */}
          {r.uid === p.viewerUid ? (
            <Tooltip title={t('scoreboard.table.meTip')}>
              <Tag color="blue" className="oj-sb-me" data-testid={r.pinnedCopy ? 'sb-me-pinned' : 'sb-me'}>
                {t('scoreboard.table.me')}
              </Tag>
            </Tooltip>
          ) : null}
          {p.onToggleConcern && r.uid !== p.viewerUid ? (
            <Tooltip title={p.concerned.has(r.uid) ? t('scoreboard.table.unfollow') : t('scoreboard.table.follow')}>
              <Button
                type="text"
                size="small"
                className="oj-sb-follow"
                icon={p.concerned.has(r.uid) ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
                onClick={() => p.onToggleConcern!(r.uid)}
                aria-label={p.concerned.has(r.uid) ? t('scoreboard.table.unfollow') : t('scoreboard.table.follow')}
                data-testid={testId(r, `sb-follow-${r.username}`)}
              />
            </Tooltip>
          ) : null}
        </div>
      ),
    },
  ];
  // Schools come to the contest's staff only: an empty column is not shown to everyone else.
  if (!compact && p.rows.some((r) => r.school)) {
    columns.push({ title: t('scoreboard.table.school'), dataIndex: 'school', width: 150, ellipsis: true, render: (s: string | null) => s ?? '' });
  }

  if (acm) {
    columns.push(
      {
        title: t('scoreboard.table.solved'),
        key: 'ac',
        width: compact ? 60 : 72,
        align: 'center',
        render: (_, r) => {
          const row = r as AcmRankRow & ViewRow;
          return p.inside ? (
            <Link
              to={`/contest/${p.cid}/submissions?username=${encodeURIComponent(row.username)}`}
              className="oj-sb-solved"
              data-testid={testId(row, `sb-ac-${row.username}`)}
            >
              {row.ac}
            </Link>
          ) : (
            <span className="oj-sb-solved" data-testid={testId(row, `sb-ac-${row.username}`)}>
              {row.ac}
            </span>
          );
        },
      },
      {
        title: t('scoreboard.table.penalty'),
        key: 'totalTime',
        width: compact ? 84 : 96,
        align: 'center',
        render: (_, r) => (
          <span className="oj-sb-penalty" data-testid={testId(r, `sb-penalty-${r.username}`)}>
            {hms((r as AcmRankRow).totalTime)}
          </span>
        ),
      },
      ...p.problems.map((h) =>
        problemColumn(
          h,
          (r) => {
            const kind = acmCellKind((r as AcmRankRow).submissionInfo[h.displayId]);
            return { className: `oj-sb-cell oj-sb-${kind}`, 'data-kind': kind };
          },
          (r) => {
            const cell = (r as AcmRankRow).submissionInfo[h.displayId];
            const kind = acmCellKind(cell);
            if (!cell || kind === 'none') return null;
            const tries = t('scoreboard.table.tries', { count: acmTries(cell) });
            if (kind === 'try')
              return (
                <Tooltip title={t('scoreboard.table.pendingTip', { count: cell.tryNum })}>
                  <div>
                    <div className="oj-sb-time">?</div>
                    <div className="oj-sb-tries">{tries}</div>
                  </div>
                </Tooltip>
              );
            if (kind === 'wa') return <div className="oj-sb-tries">{tries}</div>;
            return (
              <Tooltip
                title={kind === 'after-ac' ? t('scoreboard.table.afterContestTip') : kind === 'first-ac' ? t('scoreboard.table.firstBloodTip') : undefined}
              >
                <div>
                  <div className="oj-sb-time">
                    {kind === 'after-ac' ? '*' : ''}
                    {hms(cell.ACTime)}
                  </div>
                  <div className="oj-sb-tries">{tries}</div>
                </div>
              </Tooltip>
            );
          },
        ),
      ),
    );
  } else {
    columns.push(
      {
        title: t('scoreboard.table.totalScore'),
        key: 'totalScore',
        width: 90,
        align: 'center',
        render: (_, r) => (
          <strong className="oj-sb-score" data-testid={testId(r, `sb-score-${r.username}`)}>
            {(r as OiRankRow).totalScore}
          </strong>
        ),
      },
      // A board ranked by score alone (IOI) shows no time: it would read as a tie-break it is not.
      ...(rule.rankedByTime
        ? [
            {
              title: t('scoreboard.table.totalTime'),
              key: 'totalTime',
              width: 100,
              align: 'center' as const,
              render: (_: unknown, r: ViewRow) => <span className="oj-muted">{t('scoreboard.table.ms', { time: (r as OiRankRow).totalTime })}</span>,
            },
          ]
        : []),
      ...p.problems.map((h) =>
        problemColumn(
          h,
          (r) => {
            const score = (r as OiRankRow).submissionInfo[h.displayId];
            return { className: score === undefined ? 'oj-sb-cell' : `oj-sb-cell oj-sb-${oiScoreKind(score)}` };
          },
          (r) => {
            const row = r as OiRankRow;
            const score = row.submissionInfo[h.displayId];
            if (score === undefined) return null;
            const time = rule.rankedByTime ? row.timeInfo[h.displayId] : undefined;
            return (
              <>
                <div className="oj-sb-time">{score}</div>
                {time !== undefined ? <div className="oj-sb-tries">{t('scoreboard.table.ms', { time })}</div> : null}
              </>
            );
          },
        ),
      ),
    );
  }

  const width = columns.reduce((w, c) => w + (typeof c.width === 'number' ? c.width : 100), 0);
  return (
    <Table<ViewRow>
      className="oj-scoreboard"
      rowKey="key"
      size="small"
      bordered
      columns={columns}
      dataSource={data}
      loading={p.loading}
      scroll={{ x: width }}
      pagination={p.pagination}
      rowClassName={(r) =>
        [
          r.uid === p.viewerUid ? 'oj-sb-row-self' : '',
          p.concerned.has(r.uid) ? 'oj-sb-row-concerned' : '',
          r.rank === -1 ? 'oj-sb-row-star' : '',
          r.pinnedCopy ? 'oj-sb-row-pinned' : '',
        ]
          .filter(Boolean)
          .join(' ')
      }
      onRow={(r) => ({ 'data-uid': r.uid, 'data-pinned': r.pinnedCopy ? 'true' : undefined }) as HTMLAttributes<HTMLElement>}
      data-testid="scoreboard-table"
    />
  );
}
