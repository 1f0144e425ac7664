import { Card, Empty, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { JudgeStatus, type ContestProblemRow, contestRule } from '@oj/shared';
import { useContestProblems } from '../../api/contest';
import { useContest } from './ContestContext';
import { ContestOwnStatus } from './problem/ContestOwnStatus';
import { Balloon } from './rank/Balloon';
import { contestProblemPath, rankSealedFor } from '../../components/contest/meta';

/** Problems tab: letter with balloon colour, title, AC/total, the viewer's own state (and score in OI). */
export default function ContestProblemListPage() {
  const { t } = useTranslation();
  const { contest, isContestAdmin } = useContest();
  const problems = useContestProblems(contest.id);
  const sealed = rankSealedFor(contest, isContestAdmin);
  const oi = contestRule(contest.type).scored;

  const columns: ColumnsType<ContestProblemRow> = [
    { key: 'mine', width: 48, align: 'center', render: (_, r) => <ContestOwnStatus status={r.myStatus} /> },
    {
      title: '#',
      dataIndex: 'displayId',
      width: 90,
      render: (id: string, r) => (
        <span className="oj-contest-pid">
          <Balloon color={r.color} size={16} title={r.color ?? undefined} />
          <Link to={contestProblemPath(contest.id, id)}>{id}</Link>
        </span>
      ),
    },
    {
      title: t('contest.problems.title'),
      dataIndex: 'displayTitle',
      render: (title: string, r) => (
        <Link to={contestProblemPath(contest.id, r.displayId)} data-testid={`contest-problem-${r.displayId}`}>
          {title}
        </Link>
      ),
    },
    ...(oi
      ? [
          {
            title: t('contest.problems.score'),
            key: 'score',
            width: 100,
            align: 'right' as const,
            render: (_: unknown, r: ContestProblemRow) =>
              r.myStatus === JudgeStatus.SUBMITTED_UNKNOWN_RESULT ? '?' : r.score === null || r.myStatus === JudgeStatus.NOT_SUBMITTED ? '' : r.score,
          },
        ]
      : []),
    {
      title: <Tooltip title={sealed ? t('contest.problems.sealed') : undefined}>{t('contest.problems.acTotal')}</Tooltip>,
      key: 'acTotal',
      width: 140,
      align: 'right',
      render: (_, r) => (
        <span data-testid={`contest-problem-count-${r.displayId}`}>
          {sealed ? (
            <Tooltip title={t('contest.problems.sealed')}>
              <span className="oj-contest-sealed">?</span>
            </Tooltip>
          ) : (
            <>
              {r.ac} / {r.total}
            </>
          )}
        </span>
      ),
    },
  ];

  return (
    <Card title={t('contest.tab.problems')} data-testid="contest-problems">
      {sealed && (
        <Typography.Paragraph type="secondary" className="oj-contest-sealed-note">
          {t('contest.problems.sealed')}
        </Typography.Paragraph>
      )}
      <Table<ContestProblemRow>
        rowKey="id"
        size="middle"
        pagination={false}
        loading={problems.isPending}
        dataSource={problems.data ?? []}
        columns={columns}
        scroll={{ x: 480 }}
        locale={{ emptyText: <Empty description={problems.isError ? problems.error.message || t('common.loadFailed') : t('contest.problems.empty')} /> }}
      />
    </Card>
  );
}
