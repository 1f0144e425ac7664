import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from './time';

dayjs.extend(relativeTime);

/** "3 minutes ago" in the interface language; the absolute local time on hover. */
export function RelativeTime({ iso }: { iso: string }) {
  // Re-render on language change: dayjs' locale follows i18next.
  useTranslation();
  return (
    <Tooltip title={formatDateTime(iso)}>
      <span className="oj-reltime">{dayjs(iso).fromNow()}</span>
    </Tooltip>
  );
}
