import './training.css';
import { Empty, Table } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Page } from '@oj/shared';
import { useSession } from '../../app/session';
import { listPager } from '../../components/list/listPager';
import { type TrainingColumnsOptions, type TrainingColumnSlot, type TrainingTableRow, useTrainingColumns } from './trainingColumns';

export type { TrainingColumnKey, TrainingColumnSlot, TrainingTableRow } from './trainingColumns';

/** The page and size of a list kept in the address bar (`useListState`). */
interface Paging {
  currentPage: number;
  limit: number;
}

/**
 * Where a training list is shown: /training, or a group's training tab (its members' list). The table
 * reads from the place which endpoint lists, which columns and texts show and how it pages, so the
 * group's tab is the site's table and not a copy. A group admin's list shows the same cells
 * (`useTrainingColumns`) in the admin kit's table.
 */
export interface TrainingTableScope<Row extends TrainingTableRow, Q extends Paging> extends TrainingColumnsOptions {
  testId: string;
  /** the place's list call and its cache key, for the list state `q` and the viewer `uid` (progress is his) */
  query(q: Q, uid: string): { queryKey: readonly unknown[]; queryFn: () => Promise<Page<Row>> };
  columns: readonly TrainingColumnSlot<Row>[];
  /** the sizes the pager offers; one size: no size menu */
  pageSizes: readonly number[];
  /** the pager hides while one page holds the whole list */
  hideOnSinglePage: boolean;
}

interface Props<Row extends TrainingTableRow, Q extends Paging> {
  scope: TrainingTableScope<Row, Q>;
  /** the list's state in the address bar and its setter */
  state: Q;
  update(patch: { currentPage: number } | { limit: number }): void;
}

/** A training list of any place: its rows, the site's cells it names, and its pager in the address bar. */
export function TrainingTable<Row extends TrainingTableRow, Q extends Paging>({ scope, state, update }: Props<Row, Q>) {
  const { t } = useTranslation();
  const uid = useSession().user?.uid ?? '';
  const list = useQuery({ ...scope.query(state, uid), placeholderData: keepPreviousData });
  const columns = useTrainingColumns(scope.columns, scope);

  return (
    <Table<Row>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={list.data?.records ?? []}
      loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty description={list.isError ? list.error.message || t('common.loadFailed') : t('training.list.empty')} /> }}
      pagination={{
        ...listPager(state, update, list.data?.total ?? 0, scope.pageSizes),
        hideOnSinglePage: scope.hideOnSinglePage,
      }}
      data-testid={scope.testId}
    />
  );
}
