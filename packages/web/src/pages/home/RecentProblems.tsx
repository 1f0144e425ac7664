import { Suspense } from 'react';
import { HomeCard, HomeEmpty } from './HomeCard';
import { HomeSkeleton } from './HomeSkeleton';
import { ReadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { homeApi, homeKeys } from '../../api/home';
import { lazyOnScreen } from '../../components/onScreen';

// antd Table is large and this card is below the fold: its table is fetched when the card comes on screen.
const RecentProblemsTable = lazyOnScreen(() => import('./RecentProblemsTable'));

/** Recently updated problems on the home page: problem id, title, last modified. */
export function RecentProblems() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useQuery({ queryKey: homeKeys.recentProblems, queryFn: homeApi.recentUpdatedProblems });
  return (
    <HomeCard
      title={
        <span>
          <ReadOutlined /> {t('homeWidgets.recentProblems')}
        </span>
      }
      data-testid="recent-problems"
    >
      {isPending ? (
        <HomeSkeleton />
      ) : !data?.length ? (
        <HomeEmpty description={isError ? t('common.loadFailed') : t('homeWidgets.noProblems')} />
      ) : (
        <Suspense fallback={<HomeSkeleton />}>
          <RecentProblemsTable data={data} />
        </Suspense>
      )}
    </HomeCard>
  );
}
