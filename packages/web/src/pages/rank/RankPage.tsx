import { lazy, Suspense } from 'react';
import { Card, Empty, Input, Skeleton } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { JudgeStatus, PAGE_SIZES, RANK_CHART_TOP, RankType, rankListQuery, type RankTypeCode } from '@oj/shared';
import { rankApi, rankKeys } from '../../api/rank';
import { useListState } from '../../components/list/useListState';
import { listPager } from '../../components/list/listPager';
import { type RankScope, RankTable } from './RankTable';

const RankChart = lazy(() => import('./RankChart'));

/** The address bar's part of the query: currentPage, limit, searchUser; the rule comes from the route. */
const addressQuery = rankListQuery.omit({ type: true });
const PAGER = { pageSizes: PAGE_SIZES.options };

/** The site's lists: the AC count opens the user's accepted submissions on /status. */
const SITE: RankScope = {
  testPrefix: 'rank',
  acLink: (r) => `/status?username=${encodeURIComponent(r.username)}&status=${JudgeStatus.ACCEPTED}`,
  full: true,
};

/** ACM or OI rank list: top-10 chart, search, page size 30. */
export function RankPage({ type }: { type: RankTypeCode }) {
  const { t } = useTranslation();
  // Page, size and search live in the address bar: a shared or reloaded link shows the same rows.
  const [filter, update] = useListState(addressQuery, undefined, PAGER);
  const params = { type, currentPage: filter.currentPage, limit: filter.limit, searchUser: filter.searchUser || undefined };
  const { data, isPending } = useQuery({ queryKey: rankKeys.list(params), queryFn: () => rankApi.list(params), placeholderData: keepPreviousData });
  // The chart always shows the top of the whole list, not of a search or a later page.
  const top = useQuery({
    queryKey: rankKeys.list({ type, currentPage: 1, limit: RANK_CHART_TOP }),
    queryFn: () => rankApi.list({ type, currentPage: 1, limit: RANK_CHART_TOP }),
  });
  const acm = type === RankType.ACM;

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
            key={filter.searchUser ?? ''}
            className="oj-rank-search"
            allowClear
            defaultValue={filter.searchUser}
            placeholder={t('rankPage.search')}
            onSearch={(v) => update({ searchUser: v.trim() || undefined })}
            data-testid="rank-search"
          />
        }
        title={t('rankPage.list')}
      >
        <RankTable
          scope={SITE}
          type={type}
          data={data}
          loading={isPending}
          emptyText={t('rankPage.empty')}
          pager={listPager(filter, update, data?.total ?? 0, PAGE_SIZES.options)}
        />
      </Card>
    </div>
  );
}
