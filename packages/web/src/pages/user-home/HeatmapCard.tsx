import { Suspense } from 'react';
import { Card, Empty, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { accountApi, type UserRef } from '../../api/account';
import { queryKeys } from '../../api/queries';
import { quietly } from '../../api/client';
import { lazyOnScreen } from '../../components/onScreen';

// ECharts is large: it loads only when a heatmap is actually shown and on screen, never with the first page.
const HeatmapChart = lazyOnScreen(() => import('./HeatmapChart'), <Skeleton paragraph={{ rows: 3 }} />);

/** Submissions per day over the last year. */
export function HeatmapCard({ who }: { who: UserRef }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useQuery({
    queryKey: queryKeys.heatmap(who.uid, who.username),
    queryFn: quietly(() => accountApi.heatmap(who)),
  });
  const total = data?.dataList.reduce((s, d) => s + d.count, 0) ?? 0;
  return (
    <Card title={t('userHome.heatmap')} extra={data ? t('userHome.heatmapTotal', { count: total }) : null} data-testid="user-heatmap">
      {isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : isError || !data ? (
        <Empty description={t('common.loadFailed')} />
      ) : (
        <div className="oj-heatmap-scroll">
          <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
            <HeatmapChart data={data} />
          </Suspense>
          {total === 0 && <p className="oj-muted oj-center">{t('userHome.noSubmissions')}</p>}
        </div>
      )}
    </Card>
  );
}
