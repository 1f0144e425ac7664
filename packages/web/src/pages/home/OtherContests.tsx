import { Suspense } from 'react';
import '../contest/shell/contest.css';
import { HomeCard, HomeEmpty } from './HomeCard';
import { HomeSkeleton } from './HomeSkeleton';
import { FlagOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { homeApi, homeKeys } from '../../api/home';
import { lazyOnScreen } from '../../components/onScreen';

// Below the fold, and empty on a site without remote judging: the list's code comes when it is on screen.
const OtherContestList = lazyOnScreen(() => import('./OtherContestList'));

/**
 * Contests of other sites (the remote judges' coming and running ones) on the home page. The list is
 * an extra: a failure or an empty list shows the empty state and the rest of the page goes on as before.
 */
export function OtherContests() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useQuery({ queryKey: homeKeys.otherContests, queryFn: homeApi.recentOtherContests });
  return (
    <HomeCard
      title={
        <span>
          <FlagOutlined /> {t('homeWidgets.otherContests')}
        </span>
      }
      data-testid="other-contests"
    >
      {isPending ? (
        <HomeSkeleton />
      ) : isError || !data?.length ? (
        <HomeEmpty description={isError ? t('common.loadFailed') : t('homeWidgets.noOtherContests')} />
      ) : (
        <Suspense fallback={<HomeSkeleton />}>
          <OtherContestList contests={data} />
        </Suspense>
      )}
    </HomeCard>
  );
}
