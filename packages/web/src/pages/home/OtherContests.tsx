import '../contest/shell/contest.css';
import { HomeCard, HomeEmpty } from './HomeCard';
import { HomeSkeleton } from './HomeSkeleton';
// antd Tooltip comes with the first hover (it would put rc-trigger into the home page's first load).
import { LazyTooltip as Tooltip } from '../../app/layout/LazyPopup';
import { CalendarOutlined, ClockCircleOutlined, FlagOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OtherContest } from '@oj/shared';
import { otherContestsKey, recentOtherContests } from '../../api/otherContests';
import { formatDateTime } from '../../components/time';
import { RemoteOjTag } from '../../components/RemoteOjTag';
import { webAddress } from '../../components/remoteOj';
import { ContestStatusTag, statusAt, statusColor, useFormatDuration } from '../../components/contest/meta';
import '../../app/layout/space.css';

/**
 * Contests of other sites (the remote judges' coming and running ones) on the home page: title linking
 * to the contest on its site in a new tab, site, status, start and duration. The list is an extra: a
 * failure or an empty list shows the empty state, and the rest of the page goes on as before (the card
 * is a chunk of its own, fetched when its place comes on screen).
 */
export default function OtherContests() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useQuery({ queryKey: otherContestsKey, queryFn: recentOtherContests });
  const now = Date.now();
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
        <ul className="oj-home-list">
          {data.map((c) => (
            <OtherContestItem key={`${c.oj}|${c.url}|${c.beginTime}`} contest={c} now={now} />
          ))}
        </ul>
      )}
    </HomeCard>
  );
}

function OtherContestItem({ contest: c, now }: { contest: OtherContest; now: number }) {
  const { t } = useTranslation();
  const duration = useFormatDuration();
  const status = statusAt({ startTime: c.beginTime, endTime: c.endTime }, now);
  // Web addresses only: the list comes from other sites.
  const href = webAddress(c.url);
  const length = Date.parse(c.endTime) - Date.parse(c.beginTime);
  return (
    <li className="oj-recent-contest" style={{ borderLeftColor: statusColor(status) }} data-testid="other-contest">
      <div className="oj-recent-contest-title">
        {href ? (
          <a href={href} target="_blank" rel="noopener noreferrer">
            {c.title}
          </a>
        ) : (
          c.title
        )}
      </div>
      <div className="oj-space oj-space-wrap oj-recent-contest-info" style={{ columnGap: 10, rowGap: 6 }}>
        <RemoteOjTag oj={c.oj} />
        <ContestStatusTag status={status} />
        <Tooltip title={t('contest.list.startTime')}>
          <span>
            <CalendarOutlined /> {formatDateTime(c.beginTime)}
          </span>
        </Tooltip>
        {Number.isFinite(length) && length > 0 && (
          <Tooltip title={t('contest.list.duration')}>
            <span>
              <ClockCircleOutlined /> {duration(length)}
            </span>
          </Tooltip>
        )}
      </div>
    </li>
  );
}
