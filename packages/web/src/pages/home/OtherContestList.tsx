// antd Tooltip comes with the first hover (it would put rc-trigger into the home page's first load).
import { LazyTooltip as Tooltip } from '../../app/layout/LazyPopup';
import { CalendarOutlined, ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OtherContest } from '@oj/shared';
import { formatDateTime } from '../../components/time';
import { RemoteOjTag } from '../../components/RemoteOjTag';
import { webAddress } from '../../components/remoteOj';
import { ContestStatusTag, statusAt, statusColor, useFormatDuration } from '../../components/contest/meta';
import '../../app/layout/space.css';

/**
 * The contests of other sites as the home card lists them: title linking to the contest on its site in
 * a new tab (web addresses only: the list comes from those sites), site, status, start and duration.
 */
export default function OtherContestList({ contests }: { contests: OtherContest[] }) {
  const now = Date.now();
  return (
    <ul className="oj-home-list">
      {contests.map((c) => (
        <OtherContestItem key={`${c.oj}|${c.url}|${c.beginTime}`} contest={c} now={now} />
      ))}
    </ul>
  );
}

function OtherContestItem({ contest: c, now }: { contest: OtherContest; now: number }) {
  const { t } = useTranslation();
  const duration = useFormatDuration();
  const status = statusAt({ startTime: c.beginTime, endTime: c.endTime }, now);
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
