import './problem.css';
import { useMemo, type Key } from 'react';
import { Table, Tag, Tooltip } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Page, ProblemCount, Tag as ProblemTag } from '@oj/shared';
import { useUserProblemStatus } from '../../api/problem';
import { listPager } from '../../components/list/listPager';
import { AuthTag, DifficultyTag, OwnStatusIcon } from '../../components/problemStatus';
import { PassRateBar, percent } from './PassRateBar';

/** What every problem list's row holds (the bank's, a group's, a group admin's). */
export interface ProblemTableRow {
  problemId: string;
  title: string;
}

/** The fields the site's cells read beyond those: a place names only cells its rows fill. */
type CellRow = ProblemTableRow & ProblemCount & { difficulty: number; type: number; tags: ProblemTag[]; auth?: number };
const cell = (r: ProblemTableRow) => r as CellRow;

/** The page and size of a list kept in the address bar (`useListState`). */
interface Paging {
  currentPage: number;
  limit: number;
}

/**
 * The site's problem cells, by name: own status (logged in), problem id, title, OI/ACM type, level, tags,
 * total, pass-rate bar (the bank's rows carry every verdict) and the AC rate as a number (rows with
 * AC and total only).
 */
export type ProblemColumnKey = 'own' | 'id' | 'title' | 'type' | 'level' | 'tags' | 'total' | 'rate' | 'acRate';

/** A column of a place's table: one of the site's cells, or the place's own (a group admin's actions). */
export type ProblemColumnSlot<Row> = ProblemColumnKey | ColumnType<Row>;

/**
 * Where a problem list is shown: the bank (/problem) or a group's problems tab (its members' list and its
 * admins' one). The table reads from the place which endpoint lists, where a problem opens and which
 * columns, texts and pager it shows, so the group's tab is the site's table and not a copy.
 */
export interface ProblemTableScope<Row extends ProblemTableRow, Q extends Paging> {
  testId: string;
  rowKey: keyof Row & string;
  /** the place's list call and its cache key, for the list state `q` */
  query(q: Q): { queryKey: readonly unknown[]; queryFn: () => Promise<Page<Row>> };
  problemPath(problemId: string): string;
  columns: readonly ProblemColumnSlot<Row>[];
  /** i18n keys of headers the place words its own way */
  labels?: Partial<Record<ProblemColumnKey, string>>;
  /** the sizes the pager offers (the list state accepts the same) */
  pageSizes: readonly number[];
  /** i18n key of the pager's total, given `count` and `total` */
  totalKey: string;
  quickJumper?: boolean;
  emptyKey?: string;
  /** fixed layout that scrolls sideways under this width (the bank's list); without, columns fit their content */
  minWidth?: number;
  /** the hidden/contest tag after the title (rows that carry `auth`) */
  authTag?: boolean;
  /** a click on a row's tag (the bank filters by it) */
  onTag?(tag: ProblemTag): void;
  /** a row's native tooltip (the bank: its verdict shares) */
  rowTitle?(row: Row): string;
}

const LABELS: Record<ProblemColumnKey, string> = {
  own: '',
  id: 'problem.list.id',
  title: 'problem.list.title',
  type: 'groupProblem.type',
  level: 'problem.list.level',
  tags: 'problem.list.tags',
  total: 'problem.list.total',
  rate: 'problem.list.acRate',
  acRate: 'problem.list.acRate',
};

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
  const withOwn = scope.columns.includes('own');
  // Only the bank's rows (keyed by pid) ask for the viewer's status.
  const pids = useMemo(() => (withOwn ? rows.map((r) => Number(r[scope.rowKey])) : []), [withOwn, rows, scope.rowKey]);
  const status = useUserProblemStatus(pids);

  const link = (problemId: string, text: string, testId?: string) => (
    <Link to={scope.problemPath(problemId)} title={text} data-testid={testId}>
      {text}
    </Link>
  );
  const label = (key: ProblemColumnKey) => t(scope.labels?.[key] ?? LABELS[key]);
  // Fixed widths for the id, level, total and rate; the title and tags share what is left.
  const cells: Record<ProblemColumnKey, () => ColumnType<Row>> = {
    own: () => ({
      key: 'own',
      width: 40,
      align: 'center',
      render: (_, r) => <OwnStatusIcon status={status.data?.[Number(r[scope.rowKey])]?.status} />,
    }),
    id: () => ({ title: label('id'), key: 'id', width: 92, ellipsis: true, render: (_, r) => link(r.problemId, r.problemId) }),
    title: () => ({
      title: label('title'),
      key: 'title',
      render: (_, r) => (
        <span className="oj-problem-title-cell">
          {link(r.problemId, r.title, `problem-link-${r.problemId}`)}
          {scope.authTag && <AuthTag auth={cell(r).auth ?? 1} />}
        </span>
      ),
    }),
    type: () => ({ title: label('type'), key: 'type', width: 80, render: (_, r) => (cell(r).type === 1 ? 'OI' : 'ACM') }),
    level: () => ({ title: label('level'), key: 'level', width: 104, responsive: ['sm'], render: (_, r) => <DifficultyTag level={cell(r).difficulty} /> }),
    tags: () => ({
      title: label('tags'),
      key: 'tags',
      width: '17%',
      responsive: ['md'],
      render: (_, r) => {
        const { tags } = cell(r);
        return (
          <div className="oj-problem-row-tags" title={tags.map((tag) => tag.name).join(', ')}>
            {tags.map((tag) => (
              <Tag
                key={tag.id}
                color={tag.color || undefined}
                style={scope.onTag ? { cursor: 'pointer' } : undefined}
                onClick={scope.onTag ? () => scope.onTag?.(tag) : undefined}
              >
                {tag.name}
              </Tag>
            ))}
          </div>
        );
      },
    }),
    total: () => ({ title: label('total'), key: 'total', dataIndex: 'total', width: 64, align: 'right', responsive: ['sm'] }),
    rate: () => ({ title: label('rate'), key: 'rate', width: 150, render: (_, r) => <PassRateBar count={cell(r)} /> }),
    acRate: () => ({
      title: label('acRate'),
      key: 'acRate',
      width: 120,
      render: (_, r) => (
        <Tooltip title={`${cell(r).ac} / ${cell(r).total}`}>
          <span>{percent(cell(r).ac, cell(r).total).toFixed(2)}%</span>
        </Tooltip>
      ),
    }),
  };
  const columns = scope.columns.map((c) => (typeof c === 'string' ? cells[c]() : c));

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
