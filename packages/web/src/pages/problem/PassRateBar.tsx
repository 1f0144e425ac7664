import { Progress, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProblemCount } from '@oj/shared';

/** Verdicts shown in the hover breakdown, with the i18n key of their name. */
const PARTS: { key: keyof ProblemCount; label: string }[] = [
  { key: 'ac', label: 'judgeStatus.ACCEPTED' },
  { key: 'wa', label: 'judgeStatus.WRONG_ANSWER' },
  { key: 'tle', label: 'judgeStatus.TIME_LIMIT_EXCEEDED' },
  { key: 'mle', label: 'judgeStatus.MEMORY_LIMIT_EXCEEDED' },
  { key: 're', label: 'judgeStatus.RUNTIME_ERROR' },
  { key: 'pe', label: 'judgeStatus.PRESENTATION_ERROR' },
  { key: 'ce', label: 'judgeStatus.COMPILE_ERROR' },
  { key: 'se', label: 'judgeStatus.SYSTEM_ERROR' },
  { key: 'pa', label: 'judgeStatus.PARTIAL_ACCEPTED' },
];

/** AC rate as a percentage with 2 decimals. */
export const percent = (part: number, total: number) => (total > 0 ? Math.round((part / total) * 10000) / 100 : 0);

/** One line per verdict with its share, e.g. for a row's native tooltip. */
export const breakdownText = (t: (key: string) => string, count: ProblemCount) =>
  PARTS.map((p) => `${t(p.label)}: ${count[p.key]} (${percent(count[p.key], count.total).toFixed(2)}%)`).join('\n');

/** The pass-rate bar of a problem row; hovering shows every verdict's share. */
export function PassRateBar({ count }: { count: ProblemCount }) {
  const { t } = useTranslation();
  const rate = percent(count.ac, count.total);
  const breakdown = (
    <div data-testid="pass-rate-breakdown">
      {PARTS.map((p) => (
        <div key={p.key}>
          {t(p.label)}: {count[p.key]} ({percent(count[p.key], count.total).toFixed(2)}%)
        </div>
      ))}
    </div>
  );
  return (
    <Tooltip title={breakdown} placement="left">
      <Progress percent={rate} size="small" format={() => `${rate.toFixed(2)}%`} strokeColor="#52c41a" style={{ minWidth: 120, margin: 0 }} />
    </Tooltip>
  );
}
