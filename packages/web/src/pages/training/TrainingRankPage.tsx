import type { HTMLAttributes } from 'react';
import { Card, Empty, Input, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { JudgeStatus, PAGE_SIZES, trainingRankQuery, type TrainingRankCell, type TrainingRankRecord } from '@oj/shared';
import { quietly } from '../../api/client';
import { trainingApi, trainingKeys, useTrainingProblems } from '../../api/training';
import { useIsMobile } from '../../app/layout/useIsMobile';
import { useListState } from '../../components/list/useListState';
import { listPager } from '../../components/list/listPager';
import { UserAvatar } from '../../components/UserAvatar';
import { JUDGE_STATUS_ROWS } from '../../components/judgeStatus';
import { useTraining } from './TrainingContext';
import { useIsTrainingAdmin } from '../../components/training/policy';
import { useTrainingProblemPath } from '../../components/training/TrainingPlace';

/** Scoreboard refresh: every 30 s while the tab is shown. */
const REFRESH_MS = 30_000;
/** The address bar's part of the query: currentPage, limit, keyword; the training comes from the route. */
const addressQuery = trainingRankQuery.omit({ tid: true });
const PAGER = { pageSizes: PAGE_SIZES.options };

const WAITING: number[] = [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING];
const cellClass = (c: TrainingRankCell) => (c.status === JudgeStatus.ACCEPTED ? 'oj-tr-ac' : WAITING.includes(c.status) ? 'oj-tr-pending' : 'oj-tr-wrong');

function RankCell({ cell }: { cell: TrainingRankCell | undefined }) {
  const { t } = useTranslation();
  if (!cell) return null;
  const name = JUDGE_STATUS_ROWS.find((r) => r.code === cell.status)?.name;
  return (
    <Tooltip title={name ? t(`judgeStatus.${name}`) : undefined}>
      <span>{cell.runTime !== null ? t('scoreboard.table.ms', { time: cell.runTime }) : '—'}</span>
    </Tooltip>
  );
}

/**
 * The rank tab (get-training-rank): AC count then total run time, one column per problem with the
 * cell's state as its colour and the run time. Real names come only to training admins (the server
 * leaves them out for others), so their column shows only when the page has any.
 */
export default function TrainingRankPage() {
  const { t } = useTranslation();
  const { training } = useTraining();
  const isAdmin = useIsTrainingAdmin(training);
  const trainingProblemPath = useTrainingProblemPath();
  const tid = training.id;
  // Page, size and search live in the address bar, as on every list.
  const [filter, update] = useListState(addressQuery, undefined, PAGER);
  const problems = useTrainingProblems(tid);
  const q = { tid, currentPage: filter.currentPage, limit: filter.limit, keyword: filter.keyword || undefined };
  const rank = useQuery({
    queryKey: trainingKeys.rank(q),
    queryFn: quietly(() => trainingApi.rank(q)),
    placeholderData: keepPreviousData,
    // Fresh each time the tab is shown, then every 30 s while it is (not while the browser tab is hidden).
    refetchOnMount: 'always',
    refetchInterval: REFRESH_MS,
  });
  // On a phone fixed columns would cover most of the narrow table: everything scrolls together there.
  const fixed = useIsMobile() ? undefined : ('left' as const);
  const records = rank.data?.records ?? [];
  // The server sends real names to training admins only; the column is theirs.
  const realnames = isAdmin || records.some((r) => r.realname);

  const columns: TableColumnsType<TrainingRankRecord> = [
    { title: '#', dataIndex: 'rank', width: 56, align: 'center', fixed },
    {
      title: t('rankPage.user'),
      dataIndex: 'username',
      width: 180,
      fixed,
      render: (username: string, r) => (
        <Link to={`/user-home?username=${encodeURIComponent(username)}`} className="oj-training-rank-user">
          <UserAvatar src={r.avatar} name={username} size={24} />
          <span>{username}</span>
        </Link>
      ),
    },
    ...(realnames ? [{ title: t('training.rank.realname'), dataIndex: 'realname', width: 110, render: (v: string | null) => v ?? '—' }] : []),
    { title: t('rankPage.ac'), dataIndex: 'ac', width: 64, align: 'center' },
    {
      title: t('training.rank.totalRunTime'),
      dataIndex: 'totalRunTime',
      width: 120,
      align: 'center',
      render: (ms: number) => t('scoreboard.table.ms', { time: ms }),
    },
    ...(problems.data ?? []).map((p) => ({
      title: (
        <Tooltip title={p.title}>
          <Link to={trainingProblemPath(tid, p.problemId)}>{p.problemId}</Link>
        </Tooltip>
      ),
      key: `p-${p.problemId}`,
      width: 96,
      align: 'center' as const,
      onCell: (r: TrainingRankRecord) => {
        const cell = r.submissionInfo[p.problemId];
        return { className: cell ? cellClass(cell) : undefined, 'data-testid': `tr-cell-${r.username}-${p.problemId}` } as HTMLAttributes<HTMLElement>;
      },
      render: (_v: unknown, r: TrainingRankRecord) => <RankCell cell={r.submissionInfo[p.problemId]} />,
    })),
  ];

  return (
    <Card
      data-testid="training-rank"
      title={t('training.tab.rank')}
      extra={
        <Input.Search
          key={filter.keyword ?? ''}
          allowClear
          defaultValue={filter.keyword}
          placeholder={t('training.rank.search')}
          onSearch={(v) => update({ keyword: v.trim() || undefined })}
          className="oj-training-search"
          data-testid="training-rank-search"
        />
      }
    >
      <Typography.Paragraph type="secondary" data-testid="training-rank-counted">
        {t('training.detail.counted')}
      </Typography.Paragraph>
      <Table<TrainingRankRecord>
        className="oj-training-rank"
        rowKey="uid"
        size="small"
        bordered
        columns={columns}
        dataSource={records}
        loading={rank.isPending}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={rank.isError ? rank.error.message || t('common.loadFailed') : t('training.rank.empty')} /> }}
        pagination={listPager(filter, update, rank.data?.total ?? 0, PAGE_SIZES.options)}
      />
    </Card>
  );
}
