import { Tag } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { JudgeStatus, type JudgeStatusCode } from '@oj/shared';
import { isActive } from '../../api/submission';
import { JUDGE_STATUS_COLOR, partialScore, judgeProgress } from '../../components/judgeStatus';
import { statusName } from './format';

/**
 * A verdict in its colour; active states spin, -5 shows a question mark, -10 no icon; a
 * partial result carries its score (so it stays with the verdict where the score column is off screen),
 * and Judging the cases done so far when the live stream told them ("Judging 7/20").
 */
export function StatusTag({
  status,
  score,
  onClick,
  progress,
}: {
  status: number;
  score?: number | null;
  onClick?: () => void;
  progress?: { done: number; total: number } | null;
}) {
  const { t } = useTranslation();
  const name = statusName(status);
  const cases = judgeProgress(status, progress);
  const color = JUDGE_STATUS_COLOR[status as JudgeStatusCode] ?? 'default';
  const label = status === JudgeStatus.SUBMITTED_UNKNOWN_RESULT ? '?' : name ? t(`judgeStatus.${name}`) : String(status);
  return (
    <Tag
      color={color}
      icon={isActive(status) ? <LoadingOutlined /> : undefined}
      onClick={onClick}
      className={onClick ? 'oj-status-tag oj-clickable' : 'oj-status-tag'}
      data-status={status}
    >
      {label}
      {cases && <span data-testid="judge-progress">{cases}</span>}
      {partialScore(status, score)}
    </Tag>
  );
}
