import { useMemo } from 'react';
import { Card, Input, Radio, Space, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { JudgeStatus, PAGE_SIZES, RankType, groupRankQuery, type RankRecord, type RankTypeCode } from '@oj/shared';
import { quietly } from '../../../api/client';
import { groupBoardApi, groupBoardKeys } from '../../../api/groupBoard';
import { useListState } from '../../../components/list/useListState';
import { listPager } from '../../../components/list/listPager';
import { type RankScope, RankTable } from '../../rank/RankTable';
import { groupPath, useGroup } from '../../../components/group/GroupContext';

/** The address bar's part of the query: currentPage, limit (30), searchUser; the group comes from the route. */
const addressQuery = groupRankQuery.omit({ gid: true });
/** The list opens on ACM (0); OI is 1. */
const DEFAULTS = { type: RankType.ACM };

/** The AC count opens the group's submissions of the user, accepted only. */
export const groupAcLink = (gid: number, r: RankRecord) =>
  `${groupPath(gid, 'status')}?username=${encodeURIComponent(r.username)}&status=${JudgeStatus.ACCEPTED}`;

/**
 * /group/:gid/rank: ACM or OI over the group's submissions, a user search, 30 a
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

  // The site's rank table under the group's scope: its submissions behind the AC count, the spec's shorter row.
  const scope = useMemo<RankScope>(() => ({ testPrefix: 'group-rank', acLink: (r) => groupAcLink(group.id, r), full: false }), [group.id]);

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
      <RankTable
        scope={scope}
        type={filter.type}
        data={data}
        loading={isPending}
        emptyText={error ? error.message || t('common.loadFailed') : t('rankPage.empty')}
        pager={listPager(filter, update, data?.total ?? 0, PAGE_SIZES.options)}
      />
    </Card>
  );
}
