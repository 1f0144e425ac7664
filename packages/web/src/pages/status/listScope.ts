import type { ColumnType } from 'antd/es/table';
import type { SubmissionInfo, SubmissionPage } from '@oj/shared';
import { i18n } from '../../app/i18n';
import { submissionApi, submissionKeys, type SubmissionListParams } from '../../api/submission';

/**
 * Where a submission list lives: /status, or a contest's submissions
 * tab. The list reads its rows, links, columns and title from here instead of being copied.
 */
export interface SubmissionListScope {
  title(filters: SubmissionListParams): string;
  list(q: SubmissionListParams): Promise<SubmissionPage>;
  /** the list call takes the keyset cursors its pages answer (get-submission-list; contests page by number) */
  cursors?: boolean;
  key(q: SubmissionListParams, uid: string | undefined): readonly unknown[];
  checkStatus(submitIds: number[]): Promise<Record<string, SubmissionInfo>>;
  /** the place the rows are listed in (the live stream's ticket names it as checkStatus does) */
  place?: { cid?: number; gid?: number };
  submissionPath(r: SubmissionInfo): string;
  problemPath(r: SubmissionInfo): string;
  /** score column: outside contests and in OI contests */
  showScore: boolean;
  pageClass?: string;
  testId?: string;
  /** a column of the place's own (a contest's hack buttons), after the others */
  extraColumn?: ColumnType<SubmissionInfo>;
}

export const PUBLIC_LIST_SCOPE: SubmissionListScope = {
  title: () => i18n.t('statusPage.title'),
  list: submissionApi.list,
  cursors: true,
  key: submissionKeys.list,
  checkStatus: submissionApi.checkStatus,
  submissionPath: (r) => `/submission-detail/${r.submitId}`,
  problemPath: (r) => `/problem/${encodeURIComponent(r.displayPid)}`,
  showScore: true,
};
