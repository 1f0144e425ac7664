import { lazy, Suspense, useState } from 'react';
import { Card, Empty, Input, Skeleton, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { JudgeStatus, PAGE_SIZES, RANK_CHART_TOP, RANK_PAGE_SIZE, RankType, type RankRecord, type RankTypeCode } from '@oj/shared';
import { rankApi, rankKeys } from '../../api/rank';
import { Markdown } from '../../components/Markdown';
import { UserAvatar } from '../../components/UserAvatar';
import './rank.css';

const RankChart = lazy(() => import('./RankChart'));

/** Medal colours of the first three places. */
const PLACE_COLORS = ['#faad14', '#8c8c8c', '#d46b08'];

/** Colour of an AC rate: green from 80 %, blue from 50 %, orange from 25 %, red below. */
export function acRateColor(ac: number, total: number): string {
  if (total === 0) return '#8c8c8c';
  const rate = ac / total;
  if (rate >= 0.8) return '#389e0d';
  if (rate >= 0.5) return '#1677ff';
  if (rate >= 0.25) return '#d46b08';
  return '#cf1322';
}

const userLink = (r: RankRecord) => `/user-home?uid=${encodeURIComponent(r.uid)}&username=${encodeURIComponent(r.username)}`;
const acLink = (r: RankRecord) => `/status?username=${encodeURIComponent(r.username)}&status=${JudgeStatus.ACCEPTED}`;

/** ACM or OI rank list (spec 2 §2): top-10 chart, search, page size 30. */
export function RankPage({ type }: { type: RankTypeCode }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(RANK_PAGE_SIZE);
  const [search, setSearch] = useState('');
  const params = { type, currentPage: page, limit, searchUser: search || undefined };
  const { data, isPending } = useQuery({ queryKey: rankKeys.list(params), queryFn: () => rankApi.list(params), placeholderData: keepPreviousData });
  // The chart always shows the top of the whole list, not of a search or a later page.
  const top = useQuery({
    queryKey: rankKeys.list({ type, currentPage: 1, limit: RANK_CHART_TOP }),
    queryFn: () => rankApi.list({ type, currentPage: 1, limit: RANK_CHART_TOP }),
  });
  const acm = type === RankType.ACM;

  const columns: ColumnsType<RankRecord> = [
    {
      title: '#',
      dataIndex: 'rank',
      width: 64,
      render: (rank: number) => (
        <span className="oj-rank-place" style={rank <= 3 ? { color: PLACE_COLORS[rank - 1], fontWeight: 700 } : undefined}>
          {rank}
        </span>
      ),
    },
    {
      title: t('rankPage.user'),
      key: 'user',
      width: 220,
      render: (_, r) => (
        <Space>
          <UserAvatar src={r.avatar} name={r.username} size={28} />
          <Link to={userLink(r)} data-testid={`rank-user-${r.username}`}>
            {r.username}
          </Link>
          {r.titleName && <Tag color={r.titleColor ?? undefined}>{r.titleName}</Tag>}
        </Space>
      ),
    },
    { title: t('rankPage.nickname'), dataIndex: 'nickname', width: 140, ellipsis: true, render: (n: string | null) => n ?? '' },
    ...(acm
      ? []
      : ([
          {
            title: t('rankPage.score'),
            dataIndex: 'score',
            width: 90,
            render: (score: number) => <Typography.Text strong>{score}</Typography.Text>,
          },
        ] as ColumnsType<RankRecord>)),
    {
      title: acm ? t('rankPage.ac') : t('rankPage.acTotal'),
      key: 'ac',
      width: acm ? 80 : 110,
      render: (_, r) => (
        <span>
          <Link to={acLink(r)} style={{ color: acRateColor(r.ac, r.total), fontWeight: 600 }} data-testid={`rank-ac-${r.username}`}>
            {r.ac}
          </Link>
          {!acm && <span className="oj-muted"> / {r.total}</span>}
        </span>
      ),
    },
    ...(acm
      ? ([
          { title: t('rankPage.total'), dataIndex: 'total', width: 80 },
          {
            // Spec 2 calls this column "rating", but a rank record has no rating: it is AC ÷ total, so say so.
            title: t('rankPage.acRate'),
            key: 'acRate',
            width: 90,
            render: (_, r) => <span style={{ color: acRateColor(r.ac, r.total) }}>{r.total ? `${((r.ac / r.total) * 100).toFixed(2)}%` : '0.00%'}</span>,
          },
        ] as ColumnsType<RankRecord>)
      : []),
    {
      title: t('rankPage.signature'),
      dataIndex: 'signature',
      render: (
        s: string | null,
        r, // User Markdown, rendered (and sanitised) by the site's one renderer; the cell keeps to two lines.
      ) =>
        s ? (
          <div className="oj-rank-signature" data-testid={`rank-signature-${r.username}`}>
            <Markdown source={s} />
          </div>
        ) : (
          ''
        ),
    },
  ];

  return (
    <div className="oj-page oj-stack" data-testid={acm ? 'acm-rank' : 'oi-rank'}>
      <Card title={acm ? t('rankPage.acmTitle') : t('rankPage.oiTitle')}>
        {top.data && top.data.records.length > 0 ? (
          <Suspense fallback={<Skeleton active />}>
            <RankChart rows={top.data.records} type={type} />
          </Suspense>
        ) : top.isPending ? (
          <Skeleton active />
        ) : (
          <Empty description={t('rankPage.empty')} />
        )}
      </Card>
      <Card
        extra={
          <Input.Search
            className="oj-rank-search"
            allowClear
            placeholder={t('rankPage.search')}
            onSearch={(v) => {
              setSearch(v.trim());
              setPage(1);
            }}
            data-testid="rank-search"
          />
        }
        title={t('rankPage.list')}
      >
        <Table<RankRecord>
          rowKey="uid"
          size="middle"
          columns={columns}
          dataSource={data?.records ?? []}
          loading={isPending}
          scroll={{ x: 900 }}
          data-testid="rank-table"
          pagination={{
            current: page,
            pageSize: limit,
            total: data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES.options.map(String),
            showTotal: (total) => t('rankPage.totalUsers', { total }),
            onChange: (p, size) => {
              setPage(size !== limit ? 1 : p);
              setLimit(size);
            },
          }}
        />
      </Card>
    </div>
  );
}
