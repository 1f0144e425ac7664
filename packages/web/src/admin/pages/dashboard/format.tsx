import { Progress, Tooltip } from 'antd';
import { formatDateTime } from '../../../components/time';

/**
 * "12 seconds ago", "3 minutes ago" in the page's language, as of `now` (when the data was fetched, so
 * each refresh renders it anew); the exact time in the tooltip.
 */
export function Ago({ iso, lang, now }: { iso: string; lang: string; now: number }) {
  const sec = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  const rtf = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  const text = sec < 60 ? rtf.format(-sec, 'second') : sec < 3600 ? rtf.format(-Math.floor(sec / 60), 'minute') : rtf.format(-Math.floor(sec / 3600), 'hour');
  return <Tooltip title={formatDateTime(iso)}>{text}</Tooltip>;
}

/** An age in seconds as "1 h 5 min", "4 min 10 s", "20 s" with the language's unit names. */
export function formatAge(totalSec: number, lang: string): string {
  const unit = (n: number, u: 'hour' | 'minute' | 'second') => new Intl.NumberFormat(lang, { style: 'unit', unit: u, unitDisplay: 'short' }).format(n);
  const h = Math.floor(totalSec / 3600);
  const m = Math.floor((totalSec % 3600) / 60);
  const s = totalSec % 60;
  if (h) return `${unit(h, 'hour')} ${unit(m, 'minute')}`;
  if (m) return `${unit(m, 'minute')} ${unit(s, 'second')}`;
  return unit(s, 'second');
}

/** Bytes in the largest unit that keeps the number at least 1 (kB … TB). */
export function formatBytes(bytes: number, lang: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return new Intl.NumberFormat(lang, { style: 'unit', unit: units[i], unitDisplay: 'short', maximumFractionDigits: 1 }).format(v);
}

/** A CPU or memory percentage as a small bar (orange from 70 %, red from 90 %) with its number; "–" when not reported. */
export function Usage({ percent }: { percent: number | null }) {
  if (percent === null) return <span>–</span>;
  const p = Math.round(percent);
  return (
    <Progress
      className="oj-dash-usage"
      percent={p}
      size="small"
      status="normal"
      strokeColor={p >= 90 ? '#ff4d4f' : p >= 70 ? '#faad14' : undefined}
      format={() => `${p}%`}
    />
  );
}
