import { Tag } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, MinusCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { JudgeStatus, type JudgeStatusCode } from '@oj/shared';
import { JUDGE_STATUS_COLOR, JUDGE_STATUS_ROWS, partialScore, judgeProgress } from './judgeStatus';
import { DIFFICULTY_COLORS } from './difficulty';
// Fetched on the first hover: the problem page's first load does not carry antd's tooltip.
import { LazyTooltip } from '../app/layout/LazyPopup';

const nameOf = (status: number) => JUDGE_STATUS_ROWS.find((r) => r.code === status)?.name;

/** The caller's own state on a problem: nothing when never submitted (-10 shows no icon). */
export function OwnStatusIcon({ status }: { status: number | undefined }) {
  const { t } = useTranslation();
  if (status === undefined || status === JudgeStatus.NOT_SUBMITTED) return null;
  const name = nameOf(status);
  const icon =
    status === JudgeStatus.ACCEPTED ? (
      <CheckCircleFilled style={{ color: '#52c41a' }} />
    ) : status === JudgeStatus.PARTIAL_ACCEPTED ? (
      <MinusCircleFilled style={{ color: '#fa8c16' }} />
    ) : (
      <CloseCircleFilled style={{ color: '#ff4d4f' }} />
    );
  return (
    <LazyTooltip title={name ? t(`judgeStatus.${name}`) : ''}>
      <span data-testid={`own-status-${status}`}>{icon}</span>
    </LazyTooltip>
  );
}

/** A judge status as a coloured tag in its localised name; a partial result (OI) carries its score. */
/** `progress`: the cases judged so far while Judging ("Judging 7/20"), as the live stream tells them. */
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
  const cases = judgeProgress(status, progress);
  const name = nameOf(status);
  return (
    <Tag color={JUDGE_STATUS_COLOR[status as JudgeStatusCode] ?? 'default'} onClick={onClick} style={onClick ? { cursor: 'pointer' } : undefined}>
      {name ? t(`judgeStatus.${name}`) : status}
      {cases && <span data-testid="judge-progress">{cases}</span>}
      {partialScore(status, score)}
    </Tag>
  );
}

export function DifficultyTag({ level }: { level: number }) {
  const { t } = useTranslation();
  return <Tag color={DIFFICULTY_COLORS[level] ?? 'default'}>{t(`difficulty.${level}`)}</Tag>;
}

/** Hidden and contest-only problems carry a tag (shown to those who can see them). */
export function AuthTag({ auth }: { auth: number }) {
  const { t } = useTranslation();
  if (auth === 2) return <Tag color="red">{t('problem.auth.hidden')}</Tag>;
  if (auth === 3) return <Tag color="gold">{t('problem.auth.contest')}</Tag>;
  return null;
}
