import type {
  PackageExportFormat,
  AdminProblemBody,
  AdminProblemDetail,
  AdminProblemListRow,
  AdminProblemUploadRef,
  ClassificationBody,
  CompileCheckerBody,
  MdImageResult,
  Page,
  RejudgeProblemResult,
  Tag,
  TagBody,
  TagClassification,
  TagsAndClassification,
  UploadedCaseSet,
} from '@oj/shared';
import { OWN_OJ } from '@oj/shared';
import { api, call } from './client';
import { downloadFile, uploadFile } from './adminFiles';

export interface AdminProblemListParams {
  currentPage: number;
  limit: number;
  keyword?: string;
  /** 1 public, 2 private, 3 contest; undefined = all */
  auth?: number;
}

/** The problem body plus the uploaded-zip reference of HOJ's ProblemDTO. */
export type AdminProblemSaveBody = AdminProblemBody & Partial<AdminProblemUploadRef>;

/** Problem management calls (spec 3 §7 admin calls; paths and shapes of HOJ, notes §11.4; schemas in @oj/shared). */
export const adminProblemApi = {
  list: (p: AdminProblemListParams) => api.get<Page<AdminProblemListRow>>('admin/problem/get-problem-list', { ...p, oj: OWN_OJ }),
  get: (pid: number) => api.get<AdminProblemDetail>('admin/problem', { pid }),
  create: (body: AdminProblemSaveBody) => call<{ pid: number; problemId: string }>('admin/problem', { method: 'POST', body }),
  update: (body: AdminProblemSaveBody) => call<{ pid: number; problemId: string }>('admin/problem', { method: 'PUT', body }),
  remove: (pid: number) => call<null>('admin/problem', { method: 'DELETE', query: { pid } }),
  changeAuth: (id: number, auth: 1 | 2 | 3) => call<null>('admin/problem/change-problem-auth', { method: 'PUT', body: { id, auth } }),
  rejudgeAll: (pid: number) => call<RejudgeProblemResult>('admin/judge/rejudge-problem', { query: { pid } }),
  /** Silent: a compile error is shown in a dialog with the compiler's message (spec 3 §8). */
  compile: (mode: 'spj' | 'interactive', body: CompileCheckerBody) => call<unknown>(`admin/problem/compile-${mode}`, { method: 'POST', body, silent: true }),
  uploadCaseZip: (file: File, mode: string) => uploadFile<UploadedCaseSet>('file/upload-testcase-zip', 'file', file, { query: { mode } }),
  downloadCases: (pid: number) => downloadFile('file/download-testcase', { pid }, `problem_${pid}_testcase.zip`),
  exportProblems: (pids: number[]) => downloadFile('file/export-problem', { pid: pids }, 'problem_export.zip'),
  /** The problems as Polygon-compatible or Kattis/ICPC packages (one folder each). */
  exportPackages: (pids: number[], format: PackageExportFormat) => downloadFile('file/export-problem-package', { pid: pids, format }, `problem_${format}.zip`),
  uploadMdImage: (file: File) => uploadFile<MdImageResult>('file/upload-md-img', 'image', file),
  uploadMdFile: (file: File) => uploadFile<{ link: string }>('file/upload-md-file', 'file', file),
};

/** Tags and their classifications (own bank, oj ME). */
export const adminTagApi = {
  all: () => api.get<Tag[]>('get-all-problem-tags', { oj: OWN_OJ }),
  grouped: () => api.get<TagsAndClassification[]>('get-problem-tags-and-classification', { oj: OWN_OJ }),
  save: (body: TagBody) => call<Tag>('admin/tag', { method: body.id ? 'PUT' : 'POST', body }),
  remove: (tid: number) => call<null>('admin/tag', { method: 'DELETE', query: { tid } }),
  classifications: () => api.get<TagClassification[]>('admin/tag/classification', { oj: OWN_OJ }),
  saveClassification: (body: ClassificationBody) => call<TagClassification>('admin/tag/classification', { method: body.id ? 'PUT' : 'POST', body }),
  removeClassification: (tcid: number) => call<null>('admin/tag/classification', { method: 'DELETE', query: { tcid } }),
};
