import './problem.css';
import type { Key } from 'react';
import { Table } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Page } from '@oj/shared';
import { listPager } from '../../components/list/listPager';
import { type ProblemColumnSlot, type ProblemColumnsOptions, type ProblemTableRow, useProblemColumns } from './problemColumns';

export type { ProblemColumnKey, ProblemColumnSlot, ProblemTableRow } from './problemColumns';

/** The page and size of a list kept in the address bar (`useListState`). */
interface Paging {
  currentPage: number;
  limit: number;
}

/**
 * Where a problem list is shown: the bank (/problem) or a group's problems tab (its members' list). The
 * table reads from the place which endpoint lists, where a problem opens and which columns, texts and
 * pager it shows, so the group's tab is the site's table and not a copy. A group admin's list shows the
 * same cells (`useProblemColumns`) in the admin kit's table.
 */
export interface ProblemTableScope<Row extends ProblemTableRow, Q extends Paging> extends ProblemColumnsOptions<Row> {
  testId: string;
  /** the place's list call and its cache key, for the list state `q` */
  query(q: Q): { queryKey: readonly unknown[]; queryFn: () => Promise<Page<Row>> };
  columns: readonly ProblemColumnSlot<Row>[];
  /** the sizes the pager offers (the list state accepts the same) */
  pageSizes: readonly number[];
  /** i18n key of the pager's total, given `count` and `total` */
  totalKey: string;
  quickJumper?: boolean;
  emptyKey?: string;
  /** fixed layout that scrolls sideways under this width (the bank's list); without, columns fit their content */
  minWidth?: number;
  /** a row's native tooltip (the bank: its verdict shares) */
  rowTitle?(row: Row): string;
}

interface Props<Row extends ProblemTableRow, Q extends Paging> {
  scope: ProblemTableScope<Row, Q>;
  /** the list's state in the address bar and its setter */
  state: Q;
  update(patch: { currentPage: number } | { limit: number }): void;
}

/** A problem list of any place: its rows, the site's cells it names, and its pager in the address bar. */
export function ProblemTable<Row extends ProblemTableRow, Q extends Paging>({ scope, state, update }: Props<Row, Q>) {
  const { t } = useTranslation();
  const list = useQuery({ ...scope.query(state), placeholderData: keepPreviousData });
  const rows = list.data?.records ?? [];
  const columns = useProblemColumns(scope.columns, rows, scope);

  return (
    <Table<Row>
      rowKey={(r) => r[scope.rowKey] as Key}
      size="middle"
      columns={columns}
      dataSource={rows}
      onRow={scope.rowTitle ? (r) => ({ title: scope.rowTitle?.(r) }) : undefined}
      loading={list.isFetching}
      tableLayout={scope.minWidth ? 'fixed' : undefined}
      scroll={{ x: scope.minWidth ?? 'max-content' }}
      locale={scope.emptyKey ? { emptyText: t(scope.emptyKey) } : undefined}
      pagination={{
        ...listPager(state, update, list.data?.total ?? 0, scope.pageSizes),
        showTotal: (total) => t(scope.totalKey, { count: total, total }),
        showQuickJumper: scope.quickJumper,
      }}
      data-testid={scope.testId}
    />
  );
}
