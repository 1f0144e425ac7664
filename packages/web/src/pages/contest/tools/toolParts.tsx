import { useState } from 'react';
import { Switch, type TablePaginationConfig } from 'antd';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONTEST_LIMITS, type Page } from '@oj/shared';

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

/** The switch for a tool list's auto-refresh, labelled with the interval. */
export function AutoRefreshSwitch({ checked, onChange, testId }: { checked: boolean; onChange(on: boolean): void; testId: string }) {
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
