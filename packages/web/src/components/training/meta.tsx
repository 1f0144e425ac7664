import type { ReactNode } from 'react';
import { Progress, Tag, Tooltip } from 'antd';
import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TrainingAuth, type TrainingAuthValue } from '@oj/shared';
import { openAuthDialog } from '../../app/dialogs/dialogStore';
import { feedback } from '../../app/feedback';
import { useSession } from '../../app/session';
import { useTrainingPlace } from './TrainingPlace';

export const trainingPath = (tid: number) => `/training/${tid}`;
export const trainingProblemPath = (tid: number, problemId: string) => `/training/${tid}/problem/${encodeURIComponent(problemId)}`;

/** Training progress: own AC over the problem count in %, two decimals, 0 with no problems. */
export const progressPercent = (acCount: number, problemCount: number) => (problemCount > 0 ? Math.round((acCount / problemCount) * 10000) / 100 : 0);

/** Public (green) or Private (red) with a lock, in the interface language. */
export function TrainingAuthTag({ auth }: { auth: TrainingAuthValue }) {
  const { t } = useTranslation();
  const priv = auth === TrainingAuth.PRIVATE;
  return (
    <Tag color={priv ? 'red' : 'green'} icon={priv ? <LockOutlined /> : <UnlockOutlined />} data-testid="training-auth">
      {t(priv ? 'training.auth.private' : 'training.auth.public')}
    </Tag>
  );
}

/** The category in its own colour (the colour is a CSS colour the server checked). */
export function TrainingCategoryTag({ name, color, onClick }: { name: string | null; color: string | null; onClick?: () => void }) {
  if (!name) return null;
  return (
    <Tag color={color || undefined} onClick={onClick} style={onClick ? { cursor: 'pointer' } : undefined} data-testid="training-category">
      {name}
    </Tag>
  );
}

export function TrainingProgress({ acCount, problemCount }: { acCount: number; problemCount: number }) {
  const { t } = useTranslation();
  const percent = progressPercent(acCount, problemCount);
  return (
    <Tooltip title={t('training.list.progressTip', { ac: acCount, total: problemCount })}>
      <Progress
        percent={percent}
        size="small"
        format={(p) => `${(p ?? 0).toFixed(2)}%`}
        status={percent >= 100 ? 'success' : 'normal'}
        className="oj-training-progress"
        data-testid="training-progress"
      />
    </Tooltip>
  );
}

/**
 * A link into a training. Opening one needs login: a visitor gets the warning "Please
 * login first" and the Login dialog, which goes on to the training after logging in.
 */
export function TrainingLink({ tid, children, testId }: { tid: number; children: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const place = useTrainingPlace();
  return (
    <Link
      to={place.path(tid)}
      data-testid={testId}
      onClick={(e) => {
        if (token) return;
        e.preventDefault();
        feedback.warning(t('msg.loginFirst'));
        openAuthDialog('login', place.path(tid));
      }}
    >
      {children}
    </Link>
  );
}
