import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RemoteAccountState } from '@oj/shared';

/** free: ready; busy: a submission is on it; failing: its last login or submit failed (its last error says why). */
export const REMOTE_ACCOUNT_STATE_COLOR: Record<RemoteAccountState, string> = { free: 'success', busy: 'processing', failing: 'error' };

export function RemoteAccountStateTag({ state, testId }: { state: RemoteAccountState; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={REMOTE_ACCOUNT_STATE_COLOR[state] ?? 'default'} data-testid={testId} data-state={state}>
      {t(`admin.remote.state.${state}`)}
    </Tag>
  );
}
