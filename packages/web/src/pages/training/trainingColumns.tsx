import type { ColumnType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TrainingAuthValue } from '@oj/shared';
import { RelativeTime } from '../../components/RelativeTime';
import { TrainingAuthTag, TrainingCategoryTag, TrainingLink, TrainingProgress } from '../../components/training/meta';

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
 * The site's training cells, by name (number, title, auth, category in its
 * colour, progress, problem count, author, recent update).
 */
export type TrainingColumnKey = 'rank' | 'title' | 'auth' | 'category' | 'progress' | 'problemCount' | 'author' | 'updated';

/** A column of a place's table: one of the site's cells, or the place's own (a group admin's switch and actions). */
export type TrainingColumnSlot<Row> = TrainingColumnKey | ColumnType<Row>;

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

export interface TrainingColumnsOptions {
  /** i18n keys of headers the place words its own way */
  labels?: Partial<Record<TrainingColumnKey, string>>;
  /** a click on a row's category tag (the site filters by it) */
  onCategory?(categoryId: number): void;
}

/**
 * The columns of a training list, the site's cells by name and a place's own as given, so that every
 * place's table (the members' `TrainingTable`, a group admin's kit table) shows the same cells. Titles
 * link into the training place of the page (`TrainingPlaceContext`).
 */
export function useTrainingColumns<Row extends TrainingTableRow>(
  slots: readonly TrainingColumnSlot<Row>[],
  { labels, onCategory }: TrainingColumnsOptions = {},
) {
  const { t } = useTranslation();
  const label = (key: TrainingColumnKey) => (key === 'rank' ? '#' : t(labels?.[key] ?? LABELS[key]));
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
  return slots.map((c) => (typeof c === 'string' ? cells[c]() : c));
}
