import '../../rank/rank.css';
import { Card, Input, Radio, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { JudgeStatus, PAGE_SIZES, RankType, groupRankQuery, type RankRecord, type RankTypeCode } from '@oj/shared';
import { quietly } from '../../../api/client';
import { groupBoardApi, groupBoardKeys } from '../../../api/groupBoard';
import { useListState } from '../../../components/list/useListState';
import { UserAvatar } from '../../../components/UserAvatar';
import { acRateColor } from '../../rank/RankPage';
import { groupPath, useGroup } from '../../../components/group/GroupContext';

/** The address bar's part of the query (spec 3 "Group rank"): currentPage, limit (30), searchUser; the group comes from the route. */
const addressQuery = groupRankQuery.omit({ gid: true });
/** The list opens on ACM (0); OI is 1. */
const DEFAULTS = { type: RankType.ACM };

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
  const [filter, update] = useListState(addressQuery, DEFAULTS);
  const query = { gid: group.id, type: filter.type, currentPage: filter.currentPage, limit: filter.limit, searchUser: filter.searchUser || undefined };
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
            key={filter.searchUser ?? ''}
            className="oj-rank-search"
            allowClear
            defaultValue={filter.searchUser}
            placeholder={t('rankPage.search')}
            onSearch={(v) => update({ searchUser: v.trim() || undefined })}
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
          current: filter.currentPage,
          pageSize: filter.limit,
          total: data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.options.map(String),
          showTotal: (total) => t('rankPage.totalUsers', { total }),
          onChange: (currentPage, limit) => update(limit !== filter.limit ? { limit } : { currentPage }),
        }}
      />
    </Card>
  );
}
