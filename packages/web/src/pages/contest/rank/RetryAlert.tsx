import './scoreboard.css';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A failed load of a board or tool list, with a retry button. The pages load silently (no server
 * toast), so this is the only place the failure shows.
 */
export function RetryAlert({
  title,
  description,
  onRetry,
  retrying,
  testId,
  retryTestId = `${testId}-retry`,
}: {
  title: string;
  description?: string;
  onRetry(): void;
  retrying?: boolean;
  testId: string;
  retryTestId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      className="oj-sb-notice"
      type="error"
      showIcon
      title={title}
      description={description}
      action={
        <Button size="small" loading={retrying} onClick={onRetry} data-testid={retryTestId}>
          {t('scoreboard.retry')}
        </Button>
      }
      data-testid={testId}
    />
  );
}

/** RetryAlert for a failed query (nothing while it is fine), titled with the failure's message. */
export function QueryRetryAlert({ query, testId }: { query: Pick<UseQueryResult<unknown>, 'isError' | 'error' | 'isFetching' | 'refetch'>; testId: string }) {
  const { t } = useTranslation();
  if (!query.isError) return null;
  return <RetryAlert title={query.error?.message || t('common.loadFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching} testId={testId} />;
}
