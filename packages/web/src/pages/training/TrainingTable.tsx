import './training.css';
import { Empty, Table } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Page, TrainingAuthValue } from '@oj/shared';
import { useSession } from '../../app/session';
import { listPager } from '../../components/list/listPager';
import { RelativeTime } from '../../components/RelativeTime';
import { TrainingAuthTag, TrainingCategoryTag, TrainingLink, TrainingProgress } from '../../components/training/meta';

/** The page and size of a list kept in the address bar (`useListState`). */
interface Paging {
  currentPage: number;
  limit: number;
}

/** What every training list's row holds (the site's, a group's, a group admin's). */
export interface TrainingTableRow {
  id: number;
  rank: number;
  title: string;
  auth: TrainingAuthValue;
  categoryName: string | null;
  categoryColor: string | null;
  problemCount: number;
  author: string;
  gmtModified: string;
}

/** The fields the progress cell and the category filter read beyond those (the members' rows). */
type CellRow = TrainingTableRow & { acCount?: number; categoryId?: number | null };
const cell = (r: TrainingTableRow) => r as CellRow;

/**
 * The site's training cells, by name (spec 3 "Group trainings": number, title, auth, category in its
 * colour, progress, problem count, author, recent update).
 */
export type TrainingColumnKey = 'rank' | 'title' | 'auth' | 'category' | 'progress' | 'problemCount' | 'author' | 'updated';

/** A column of a place's table: one of the site's cells, or the place's own (a group admin's switch and actions). */
export type TrainingColumnSlot<Row> = TrainingColumnKey | ColumnType<Row>;

/**
 * Where a training list is shown: /training, or a group's training tab (its members' list and its
 * admins' one). The table reads from the place which endpoint lists, which columns and texts show and
 * how it pages, so the group's tab is the site's table and not a copy. Titles link into the training
 * place of the page (`TrainingPlaceContext`).
 */
export interface TrainingTableScope<Row extends TrainingTableRow, Q extends Paging> {
  testId: string;
  /** the place's list call and its cache key, for the list state `q` and the viewer `uid` (progress is his) */
  query(q: Q, uid: string): { queryKey: readonly unknown[]; queryFn: () => Promise<Page<Row>> };
  columns: readonly TrainingColumnSlot<Row>[];
  /** i18n keys of headers the place words its own way */
  labels?: Partial<Record<TrainingColumnKey, string>>;
  /** the sizes the pager offers; one size: no size menu */
  pageSizes: readonly number[];
  /** the pager hides while one page holds the whole list */
  hideOnSinglePage: boolean;
  /** a click on a row's category tag (the site filters by it) */
  onCategory?(categoryId: number): void;
}

const LABELS: Record<TrainingColumnKey, string> = {
  rank: '',
  title: 'training.list.title',
  auth: 'training.list.auth',
  category: 'training.list.category',
  progress: 'training.list.progress',
  problemCount: 'training.list.problemCount',
  author: 'training.list.author',
  updated: 'training.list.updated',
};

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
  const label = (key: TrainingColumnKey) => (key === 'rank' ? '#' : t(scope.labels?.[key] ?? LABELS[key]));
  const { onCategory } = scope;
  // On a phone: number, title, category and progress; the rest from wider screens on.
  const cells: Record<TrainingColumnKey, () => ColumnType<Row>> = {
    rank: () => ({ title: label('rank'), dataIndex: 'rank', width: 64, align: 'center' }),
    title: () => ({
      title: label('title'),
      key: 'title',
      render: (_, r) => (
        <TrainingLink tid={r.id} testId={`training-title-${r.id}`}>
          {r.title}
        </TrainingLink>
      ),
    }),
    auth: () => ({ title: label('auth'), key: 'auth', width: 110, responsive: ['sm'], render: (_, r) => <TrainingAuthTag auth={r.auth} /> }),
    category: () => ({
      title: label('category'),
      key: 'category',
      width: 130,
      render: (_, r) => {
        const { categoryId } = cell(r);
        return (
          <TrainingCategoryTag name={r.categoryName} color={r.categoryColor} onClick={categoryId && onCategory ? () => onCategory(categoryId) : undefined} />
        );
      },
    }),
    progress: () => ({
      title: label('progress'),
      key: 'progress',
      width: 170,
      render: (_, r) => (
        <span data-testid={`training-progress-${r.id}`}>
          <TrainingProgress acCount={cell(r).acCount ?? 0} problemCount={r.problemCount} />
        </span>
      ),
    }),
    problemCount: () => ({ title: label('problemCount'), dataIndex: 'problemCount', width: 100, align: 'center', responsive: ['md'] }),
    author: () => ({ title: label('author'), dataIndex: 'author', width: 120, responsive: ['lg'] }),
    updated: () => ({ title: label('updated'), key: 'updated', width: 160, responsive: ['md'], render: (_, r) => <RelativeTime iso={r.gmtModified} /> }),
  };
  const columns = scope.columns.map((c) => (typeof c === 'string' ? cells[c]() : c));

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
