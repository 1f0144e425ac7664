import '../../rank/rank.css';
import { Card, Input, Radio, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GROUP_LIMITS, JudgeStatus, PAGE_SIZES, RankType, type RankRecord, type RankTypeCode } from '@oj/shared';
import { quietly } from '../../../api/client';
import { groupBoardApi, groupBoardKeys } from '../../../api/groupBoard';
import { currentSearch } from '../../../app/currentSearch';
import { UserAvatar } from '../../../components/UserAvatar';
import { acRateColor } from '../../rank/RankPage';
import { groupPath, useGroup } from '../../../components/group/GroupContext';

const positive = (v: string | null, fallback: number) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** The address bar's state (spec 3 "Group rank"): page (1), limit (30), searchUser, type (0 ACM, 1 OI). */
function useRankFilter() {
  const [params, setParams] = useSearchParams();
  const filter = {
    page: positive(params.get('page'), 1),
    limit: positive(params.get('limit'), GROUP_LIMITS.rankPageSize),
    searchUser: params.get('searchUser') ?? '',
    type: (params.get('type') === String(RankType.OI) ? RankType.OI : RankType.ACM) as RankTypeCode,
  };
  const update = (patch: Partial<typeof filter>) =>
    setParams(() => {
      const next = currentSearch();
      const merged = { ...filter, ...('page' in patch ? {} : { page: 1 }), ...patch };
      for (const [k, v] of Object.entries(merged)) next.set(k, String(v));
      if (!merged.searchUser) next.delete('searchUser');
      return next;
    });
  return [filter, update] as const;
}

export const userHomeLink = (r: RankRecord) => `/user-home?uid=${encodeURIComponent(r.uid)}&username=${encodeURIComponent(r.username)}`;
/** The AC count opens the group's submissions of the user, accepted only (spec 3 §2). */
export const groupAcLink = (gid: number, r: RankRecord) =>
  `${groupPath(gid, 'status')}?username=${encodeURIComponent(r.username)}&status=${JudgeStatus.ACCEPTED}`;

/**
 * /group/:gid/rank (spec 3 "Group rank"): ACM or OI over the group's submissions, a user search, 30 a
 * page; the numbers are places in the whole list, so they go on across pages.
 */
export default function GroupRankPage() {
  const { t } = useTranslation();
  const { group } = useGroup();
  const [filter, update] = useRankFilter();
  const query = { gid: group.id, type: filter.type, currentPage: filter.page, limit: filter.limit, searchUser: filter.searchUser || undefined };
  const { data, isPending, error } = useQuery({
    queryKey: [...groupBoardKeys.rank(group.id), query],
    queryFn: quietly(() => groupBoardApi.rank(query)),
    placeholderData: keepPreviousData,
  });
  const oi = filter.type === RankType.OI;

  const columns: ColumnsType<RankRecord> = [
    { title: '#', dataIndex: 'rank', width: 60, render: (rank: number) => <span data-testid={`group-rank-place-${rank}`}>{rank}</span> },
    {
      title: t('rankPage.user'),
      key: 'user',
      width: 220,
      render: (_, r) => (
        <Space size={6}>
          <UserAvatar src={r.avatar} name={r.username} size={28} />
          <Link to={userHomeLink(r)} data-testid={`group-rank-user-${r.username}`}>
            {r.username}
          </Link>
          {r.titleName && <Tag color={r.titleColor ?? undefined}>{r.titleName}</Tag>}
        </Space>
      ),
    },
    { title: t('rankPage.nickname'), dataIndex: 'nickname', width: 140, responsive: ['md'], render: (n: string | null) => (n ? <Tag>{n}</Tag> : '') },
    {
      title: t('rankPage.ac'),
      key: 'ac',
      width: 80,
      render: (_, r) => (
        <Link to={groupAcLink(group.id, r)} style={{ color: acRateColor(r.ac, r.total), fontWeight: 600 }} data-testid={`group-rank-ac-${r.username}`}>
          {r.ac}
        </Link>
      ),
    },
    { title: t('rankPage.total'), dataIndex: 'total', width: 80 },
    ...(oi
      ? ([
          { title: t('rankPage.score'), dataIndex: 'score', width: 90, render: (s: number) => <Typography.Text strong>{s}</Typography.Text> },
        ] as ColumnsType<RankRecord>)
      : []),
  ];

  return (
    <Card
      title={t('groupBoard.rank.title')}
      data-testid="group-rank"
      extra={
        <Space wrap>
          <Radio.Group
            optionType="button"
            size="small"
            value={filter.type}
            onChange={(e) => update({ type: e.target.value as RankTypeCode })}
            options={[
              { value: RankType.ACM, label: 'ACM' },
              { value: RankType.OI, label: 'OI' },
            ]}
            data-testid="group-rank-type"
          />
          <Input.Search
            key={filter.searchUser}
            className="oj-rank-search"
            allowClear
            defaultValue={filter.searchUser}
            placeholder={t('rankPage.search')}
            onSearch={(v) => update({ searchUser: v.trim() })}
            data-testid="group-rank-search"
          />
        </Space>
      }
    >
      <Typography.Paragraph type="secondary" className="oj-rank-counted" data-testid="group-rank-counted">
        {t('groupBoard.rank.counted')}
      </Typography.Paragraph>
      <Table<RankRecord>
        rowKey="uid"
        size="middle"
        columns={columns}
        dataSource={data?.records ?? []}
        loading={isPending}
        scroll={{ x: 520 }}
        locale={{ emptyText: error ? error.message || t('common.loadFailed') : t('rankPage.empty') }}
        data-testid="group-rank-table"
        pagination={{
          current: filter.page,
          pageSize: filter.limit,
          total: data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.options.map(String),
          showTotal: (total) => t('rankPage.totalUsers', { total }),
          onChange: (page, limit) => update(limit !== filter.limit ? { page: 1, limit } : { page }),
        }}
      />
    </Card>
  );
}
