import { Table, Tag, Space, Typography, type PaginationProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RankType, type Page, type RankRecord, type RankTypeCode } from '@oj/shared';
import { Markdown } from '../../components/Markdown';
import { UserAvatar } from '../../components/UserAvatar';
import './rank.css';

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

export const userHomeLink = (r: RankRecord) => `/user-home?uid=${encodeURIComponent(r.uid)}&username=${encodeURIComponent(r.username)}`;

/**
 * Where a user rank list is read: the site (its ACM and OI lists) or a group. The scope names its test
 * ids, where the AC count leads (that place's accepted submissions of the user), and whether the row is
 * the site's full one (AC rate, signature) or the group's shorter one.
 */
export interface RankScope {
  testPrefix: 'rank' | 'group-rank';
  acLink(r: RankRecord): string;
  full: boolean;
}

interface Props {
  scope: RankScope;
  type: RankTypeCode;
  data: Page<RankRecord> | undefined;
  loading: boolean;
  emptyText?: string;
  /** the list's pager (`listPager`: page and size in the address bar) */
  pager: PaginationProps;
}

/** The rank table of every place: places continue across pages, 30 a page by default. */
export function RankTable({ scope, type, data, loading, emptyText, pager }: Props) {
  const { t } = useTranslation();
  const acm = type === RankType.ACM;
  const p = scope.testPrefix;
  const score: ColumnsType<RankRecord> = [
    { title: t('rankPage.score'), dataIndex: 'score', width: 90, render: (s: number) => <Typography.Text strong>{s}</Typography.Text> },
  ];
  const columns: ColumnsType<RankRecord> = [
    {
      title: '#',
      dataIndex: 'rank',
      width: 64,
      render: (rank: number) => (
        <span className="oj-rank-place" style={rank <= 3 ? { color: PLACE_COLORS[rank - 1], fontWeight: 700 } : undefined} data-testid={`${p}-place-${rank}`}>
          {rank}
        </span>
      ),
    },
    {
      title: t('rankPage.user'),
      key: 'user',
      width: 220,
      render: (_, r) => (
        <Space size={6}>
          <UserAvatar src={r.avatar} name={r.username} size={28} />
          <Link to={userHomeLink(r)} data-testid={`${p}-user-${r.username}`}>
            {r.username}
          </Link>
          {r.titleName && <Tag color={r.titleColor ?? undefined}>{r.titleName}</Tag>}
        </Space>
      ),
    },
    {
      title: t('rankPage.nickname'),
      dataIndex: 'nickname',
      width: 140,
      ellipsis: true,
      responsive: ['md'],
      render: (n: string | null) => (n ? <Tag>{n}</Tag> : ''),
    },
    ...(!acm && scope.full ? score : []),
    {
      title: acm || !scope.full ? t('rankPage.ac') : t('rankPage.acTotal'),
      key: 'ac',
      width: acm || !scope.full ? 80 : 110,
      render: (_, r) => (
        <span>
          <Link to={scope.acLink(r)} style={{ color: acRateColor(r.ac, r.total), fontWeight: 600 }} data-testid={`${p}-ac-${r.username}`}>
            {r.ac}
          </Link>
          {!acm && scope.full && <span className="oj-muted"> / {r.total}</span>}
        </span>
      ),
    },
    ...(acm || !scope.full ? ([{ title: t('rankPage.total'), dataIndex: 'total', width: 80 }] as ColumnsType<RankRecord>) : []),
    // The group's row ends with the score (spec: AC count, total, score).
    ...(!acm && !scope.full ? score : []),
    ...(scope.full && acm
      ? ([
          {
            // The design calls this column "rating", but a rank record has no rating: it is AC ÷ total, so say so.
            title: t('rankPage.acRate'),
            key: 'acRate',
            width: 90,
            render: (_, r) => <span style={{ color: acRateColor(r.ac, r.total) }}>{r.total ? `${((r.ac / r.total) * 100).toFixed(2)}%` : '0.00%'}</span>,
          },
        ] as ColumnsType<RankRecord>)
      : []),
    ...(scope.full
      ? ([
          {
            title: t('rankPage.signature'),
            dataIndex: 'signature',
            // User Markdown, rendered (and sanitised) by the site's one renderer; the cell keeps to two lines.
            render: (s: string | null, r) =>
              s ? (
                <div className="oj-rank-signature" data-testid={`rank-signature-${r.username}`}>
                  <Markdown source={s} />
                </div>
              ) : (
                ''
              ),
          },
        ] as ColumnsType<RankRecord>)
      : []),
  ];

  return (
    <Table<RankRecord>
      rowKey="uid"
      size="middle"
      columns={columns}
      dataSource={data?.records ?? []}
      loading={loading}
      scroll={{ x: scope.full ? 900 : 520 }}
      locale={emptyText ? { emptyText } : undefined}
      data-testid={`${p}-table`}
      pagination={{ ...pager, showTotal: (total) => t('rankPage.totalUsers', { total }) }}
    />
  );
}
