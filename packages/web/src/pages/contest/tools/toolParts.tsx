import { useState } from 'react';
import { Card, Switch, Table, Typography, type TablePaginationConfig, type TableProps } from 'antd';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONTEST_LIMITS, type Page } from '@oj/shared';
import { QueryRetryAlert } from '../rank/RetryAlert';

interface ToolListSource<T> {
  queryKey(page: number): QueryKey;
  queryFn(page: number): Promise<Page<T>>;
  pageSize: number;
  enabled: boolean;
}

/**
 * One page of a tool's list (balloons, print jobs) at the contest's fixed page size. Auto-refresh
 * starts on: the admin opens these pages to watch a queue fill during the contest. The page shown
 * stays while the next one loads, and a failed request waits for the next refresh instead of retrying.
 */
export function useToolList<T>({ queryKey, queryFn, pageSize, enabled }: ToolListSource<T>) {
  const [page, setPage] = useState(1);
  const [auto, setAuto] = useState(true);
  const query = useQuery({
    queryKey: queryKey(page),
    queryFn: () => queryFn(page),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
    refetchInterval: auto ? CONTEST_LIMITS.toolsRefreshMs : false,
  });
  const pagination: TablePaginationConfig = { current: page, pageSize, total: query.data?.total ?? 0, showSizeChanger: false, onChange: setPage };
  return { query, auto, setAuto, pagination };
}

type ToolList<T> = ReturnType<typeof useToolList<T>>;

/**
 * A tool page's list (balloons, print jobs): a card with the auto-refresh switch and an intro, a retry
 * alert when the list failed to load, and the paged table of rows keyed by id.
 */
export function ToolTable<T extends { id: number }>({
  title,
  intro,
  testId,
  list: { query, auto, setAuto, pagination },
  showTotal,
  ...table
}: { title: string; intro: string; testId: string; list: ToolList<T>; showTotal(total: number): string } & Pick<
  TableProps<T>,
  'columns' | 'rowClassName' | 'onRow' | 'expandable'
>) {
  return (
    <Card title={title} data-testid={testId} extra={<AutoRefreshSwitch checked={auto} onChange={setAuto} testId={`${testId}-auto`} />}>
      <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>
      <QueryRetryAlert query={query} testId={`${testId}-error`} />
      {query.isError && !query.data ? null : (
        <Table<T>
          rowKey="id"
          size="middle"
          loading={query.isPending && !query.isError}
          dataSource={query.data?.records ?? []}
          scroll={{ x: 760 }}
          pagination={{ ...pagination, showTotal }}
          {...table}
        />
      )}
    </Card>
  );
}

/** The switch for a tool list's auto-refresh, labelled with the interval. */
function AutoRefreshSwitch({ checked, onChange, testId }: { checked: boolean; onChange(on: boolean): void; testId: string }) {
  const { t } = useTranslation();
  return (
    <label className="oj-sb-switch">
      <Switch size="small" checked={checked} onChange={onChange} data-testid={testId} />
      {t('scoreboard.toolbar.autoRefresh', { seconds: CONTEST_LIMITS.toolsRefreshMs / 1000 })}
    </label>
  );
}

/**
 * Runs one row's action at a time and says which row is busy, for its button's spinner. A failure
 * needs no handling here: the API client has already shown the server's message.
 */
export function useRowTask(): [busy: number | null, run: (id: number, task: () => Promise<unknown>) => Promise<void>] {
  const [busy, setBusy] = useState<number | null>(null);
  const run = async (id: number, task: () => Promise<unknown>) => {
    setBusy(id);
    try {
      await task();
    } catch {
      /* the client showed the error */
    } finally {
      setBusy(null);
    }
  };
  return [busy, run];
}

/** A contestant as the tools list them: the username, then the real name when there is one. */
export function UserCell({ username, realname }: { username: string; realname?: string | null }) {
  return (
    <span>
      <strong>{username}</strong>
      {realname ? <span className="oj-muted"> ({realname})</span> : null}
    </span>
  );
}
