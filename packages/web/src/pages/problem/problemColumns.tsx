import { useMemo } from 'react';
import { Tag, Tooltip } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProblemCount, Tag as ProblemTag } from '@oj/shared';
import { useUserProblemStatus } from '../../api/problem';
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

/**
 * The site's problem cells, by name: own status (logged in), problem id, title, OI/ACM type, level, tags,
 * total, pass-rate bar (the bank's rows carry every verdict) and the AC rate as a number (rows with
 * AC and total only).
 */
export type ProblemColumnKey = 'own' | 'id' | 'title' | 'type' | 'level' | 'tags' | 'total' | 'rate' | 'acRate';

/** A column of a place's table: one of the site's cells, or the place's own (a group admin's actions). */
export type ProblemColumnSlot<Row> = ProblemColumnKey | ColumnType<Row>;

export interface ProblemColumnsOptions<Row> {
  /** the row's id; the own-status cell asks the viewer's status by it */
  rowKey: keyof Row & string;
  problemPath(problemId: string): string;
  /** i18n keys of headers the place words its own way */
  labels?: Partial<Record<ProblemColumnKey, string>>;
  /** the hidden/contest tag after the title (rows that carry `auth`) */
  authTag?: boolean;
  /** a click on a row's tag (the bank filters by it) */
  onTag?(tag: ProblemTag): void;
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

/**
 * The columns of a problem list, the site's cells by name and a place's own as given, so that every
 * place's table (the bank's and a group members' `ProblemTable`, a group admin's kit table) shows the
 * same cells. `rows` are the page on show, for the own-status cell.
 */
export function useProblemColumns<Row extends ProblemTableRow>(
  slots: readonly ProblemColumnSlot<Row>[],
  rows: readonly Row[],
  { rowKey, problemPath, labels, authTag, onTag }: ProblemColumnsOptions<Row>,
) {
  const { t } = useTranslation();
  const withOwn = slots.includes('own');
  // Only the bank's rows (keyed by pid) ask for the viewer's status.
  const pids = useMemo(() => (withOwn ? rows.map((r) => Number(r[rowKey])) : []), [withOwn, rows, rowKey]);
  const status = useUserProblemStatus(pids);

  const link = (problemId: string, text: string, testId?: string) => (
    <Link to={problemPath(problemId)} title={text} data-testid={testId}>
      {text}
    </Link>
  );
  const label = (key: ProblemColumnKey) => t(labels?.[key] ?? LABELS[key]);
  // Fixed widths for the id, level, total and rate; the title and tags share what is left.
  const cells: Record<ProblemColumnKey, () => ColumnType<Row>> = {
    own: () => ({
      key: 'own',
      width: 40,
      align: 'center',
      render: (_, r) => <OwnStatusIcon status={status.data?.[Number(r[rowKey])]?.status} />,
    }),
    id: () => ({ title: label('id'), key: 'id', width: 92, ellipsis: true, render: (_, r) => link(r.problemId, r.problemId) }),
    title: () => ({
      title: label('title'),
      key: 'title',
      render: (_, r) => (
        <span className="oj-problem-title-cell">
          {link(r.problemId, r.title, `problem-link-${r.problemId}`)}
          {authTag && <AuthTag auth={cell(r).auth ?? 1} />}
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
              <Tag key={tag.id} color={tag.color || undefined} style={onTag ? { cursor: 'pointer' } : undefined} onClick={onTag ? () => onTag(tag) : undefined}>
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
  return slots.map((c) => (typeof c === 'string' ? cells[c]() : c));
}
