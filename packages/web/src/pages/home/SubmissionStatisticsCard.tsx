import { Suspense, useState } from 'react';
import { Button } from 'antd';
import { HomeCard, HomeEmpty } from './HomeCard';
import { HomeSkeleton } from './HomeSkeleton';
import { BarChartOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { homeApi, homeKeys } from '../../api/home';
import { formatDateTime } from '../../components/time';
import { quietly } from '../../api/client';
import { lazyOnScreen } from '../../components/onScreen';
// antd Tooltip comes with the first hover (it would put rc-trigger into the home page's first load).
import { LazyTooltip as Tooltip } from '../../app/layout/LazyPopup';
import { useMay } from '../../app/may';

// ECharts is large: fetched only when the card comes on screen (it is below the fold on a laptop).
const StatisticsChart = lazyOnScreen(() => import('./StatisticsChart'));

/**
 * Last-week submission statistics on the home page. The server keeps them for an hour; administrators
 * get a button that counts again now (the server ignores the request from anyone else).
 */
export function SubmissionStatisticsCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const canRefresh = useMay('refreshStatistics');
  const [refreshing, setRefreshing] = useState(false);
  const { data, isPending, isError } = useQuery({ queryKey: homeKeys.statistics, queryFn: quietly(() => homeApi.submissionStatistics()) });
  const refresh = async () => {
    setRefreshing(true);
    try {
      client.setQueryData(homeKeys.statistics, await homeApi.submissionStatistics(true));
    } catch {
      /* shown by the client */
    } finally {
      setRefreshing(false);
    }
  };
  return (
    <HomeCard
      title={
        <span>
          <BarChartOutlined /> {t('homeWidgets.statistics')}
        </span>
      }
      extra={
        canRefresh && (
          <Tooltip title={data ? t('homeWidgets.updatedAt', { time: formatDateTime(data.updatedAt) }) : undefined}>
            <Button size="small" icon={<ReloadOutlined />} loading={refreshing} onClick={refresh} data-testid="statistics-refresh">
              {t('homeWidgets.forceRefresh')}
            </Button>
          </Tooltip>
        )
      }
      data-testid="submission-statistics"
    >
      {isPending ? (
        <HomeSkeleton />
      ) : !data ? (
        <HomeEmpty description={isError ? t('common.loadFailed') : t('common.noData')} />
      ) : (
        <Suspense fallback={<HomeSkeleton />}>
          <StatisticsChart data={data} />
        </Suspense>
      )}
    </HomeCard>
  );
}
