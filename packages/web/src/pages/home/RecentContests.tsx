import '../contest/shell/contest.css';
import { HomeCard, HomeEmpty } from './HomeCard';
import { HomeSkeleton } from './HomeSkeleton';
// antd Tooltip comes with the first hover (it would put rc-trigger into the home page's first load).
import { LazyTooltip as Tooltip } from '../../app/layout/LazyPopup';
import { CalendarOutlined, ClockCircleOutlined, FlagOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { homeApi, homeKeys } from '../../api/home';
import { formatDateTime } from '../../components/time';
import '../../app/layout/space.css';
import { ContestLink } from '../contest/list/ContestLink';
import { ContestAuthTag, ContestLock, ContestStatusTag, ContestTypeTag, statusColor, useFormatDuration } from '../../components/contest/meta';

/**
 * Recent contests on the home page: status tag, rule type, auth tag, start time, duration and
 * participants of the running and upcoming contests (then the latest ended ones), each a link in.
 */
export function RecentContests() {
  const { t } = useTranslation();
  const duration = useFormatDuration();
  const { data, isPending, isError } = useQuery({ queryKey: homeKeys.recentContests, queryFn: homeApi.recentContests });
  return (
    <HomeCard
      title={
        <span>
          <FlagOutlined /> {t('contest.recent.title')}
        </span>
      }
      extra={<Link to="/contest">{t('contest.recent.all')}</Link>}
      data-testid="recent-contests"
    >
      {isPending ? (
        <HomeSkeleton />
      ) : !data?.length ? (
        <HomeEmpty description={isError ? t('common.loadFailed') : t('contest.list.empty')} />
      ) : (
        // A plain list (antd List would bring its Pagination and Select into the home page's first load).
        <ul className="oj-home-list">
          {data.map((c) => (
            <li key={c.id} className="oj-recent-contest" style={{ borderLeftColor: statusColor(c.status) }} data-testid={`recent-contest-${c.id}`}>
              <div className="oj-recent-contest-title">
                <ContestLink cid={c.id}>{c.title}</ContestLink>
                <ContestLock auth={c.auth} />
              </div>
              <div className="oj-space oj-space-wrap oj-recent-contest-info" style={{ columnGap: 10, rowGap: 6 }}>
                <ContestStatusTag status={c.status} />
                <ContestTypeTag contest={c} />
                <ContestAuthTag auth={c.auth} />
                <Tooltip title={t('contest.list.startTime')}>
                  <span>
                    <CalendarOutlined /> {formatDateTime(c.startTime)}
                  </span>
                </Tooltip>
                <Tooltip title={t('contest.list.duration')}>
                  <span>
                    <ClockCircleOutlined /> {duration(c.duration)}
                  </span>
                </Tooltip>
                <Tooltip title={t('contest.list.participants')}>
                  <span>
                    <UserOutlined /> {c.count}
                  </span>
                </Tooltip>
              </div>
            </li>
          ))}
        </ul>
      )}
    </HomeCard>
  );
}
