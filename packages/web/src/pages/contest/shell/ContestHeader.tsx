import type { ReactNode } from 'react';
import { Button, Card, Slider, Space, Tag, Tooltip, Typography } from 'antd';
import { CalendarOutlined, ClockCircleOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ContestStatus, type ContestInfo } from '@oj/shared';
import { formatDateTime } from '../../../components/time';
import { ContestAuthTag, ContestStatusTag, ContestTypeTag, formatCountdown, formatDuration, statusAt, statusColor } from '../../../components/contest/meta';
import { useContestClock } from './useContestClock';

/** 0 while scheduled, 100 once not running, otherwise elapsed over duration. */
function contestProgress(c: Pick<ContestInfo, 'startTime' | 'endTime'>, now: number): number {
  const status = statusAt(c, now);
  if (status === ContestStatus.SCHEDULED) return 0;
  if (status !== ContestStatus.RUNNING) return 100;
  const start = Date.parse(c.startTime);
  const duration = Date.parse(c.endTime) - start;
  return duration > 0 ? Math.min(100, Math.max(0, ((now - start) / duration) * 100)) : 100;
}

/**
 * The contest header: title, auth tag, group-contest button, participants, rule type,
 * start and end, a progress slider and a countdown in the status colour; the outside scoreboards show
 * the same header. The ticking clock lives here so that only the header re-renders every second.
 * `receivedAt` is when `contest` came from the server (its `now` sets the clock).
 */
export function ContestHeader({ contest: c, receivedAt, extra }: { contest: ContestInfo; receivedAt: number; extra?: ReactNode }) {
  const { t } = useTranslation();
  const now = useContestClock(c, receivedAt);
  const status = statusAt(c, now);
  const color = statusColor(status);
  const start = Date.parse(c.startTime);
  const end = Date.parse(c.endTime);
  const countdown =
    status === ContestStatus.SCHEDULED
      ? t('contest.shell.startsIn', { time: formatCountdown(t, start - now) })
      : status === ContestStatus.RUNNING
        ? t('contest.shell.endsIn', { time: formatCountdown(t, end - now) })
        : t('contest.shell.ended');
  const progress = contestProgress(c, now);
  return (
    <Card className="oj-contest-header" style={{ borderTopColor: color, ['--oj-contest-color' as string]: color }} data-testid="contest-header">
      <div className="oj-contest-header-title">
        <Typography.Title level={3} data-testid="contest-header-title">
          {c.title}
        </Typography.Title>
        <Space wrap size={[8, 8]} className="oj-contest-header-tags">
          <ContestStatusTag status={status} />
          <ContestAuthTag auth={c.auth} />
          {c.gid ? (
            <Link to={`/group/${c.gid}/contest`}>
              <Button size="small" icon={<TeamOutlined />} data-testid="contest-group">
                {t('contest.shell.groupContest')}
              </Button>
            </Link>
          ) : null}
          <Tooltip title={t('contest.list.participants')}>
            <Tag icon={<UserOutlined />} data-testid="contest-header-count">
              {c.count}
            </Tag>
          </Tooltip>
          <ContestTypeTag contest={c} />
          {extra}
        </Space>
      </div>
      <div className="oj-contest-countdown" style={{ color }} data-testid="contest-countdown" data-status={status}>
        <ClockCircleOutlined /> {countdown}
      </div>
      <div data-testid="contest-progress" data-progress={Math.round(progress)}>
        <Slider
          className="oj-contest-progress"
          value={progress}
          step={0.01}
          keyboard={false}
          onChange={() => undefined}
          tooltip={{ formatter: () => `${Math.floor(progress)}%` }}
          styles={{ track: { background: color } }}
          aria-label={t('contest.shell.progress')}
        />
      </div>
      <div className="oj-contest-times">
        <span data-testid="contest-start">
          <CalendarOutlined /> {t('contest.shell.start')}: {formatDateTime(c.startTime)}
        </span>
        <span className="oj-muted">{formatDuration(t, c.duration)}</span>
        <span data-testid="contest-end">
          <CalendarOutlined /> {t('contest.shell.end')}: {formatDateTime(c.endTime)}
        </span>
      </div>
    </Card>
  );
}
