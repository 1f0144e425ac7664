import {
  adminProblemEndpoints as ep,
  OWN_OJ,
  problemEndpoints,
  type AdminProblemBody,
  type AdminProblemUploadRef,
  type ClassificationBody,
  type CompileCheckerBody,
  type MdImageResult,
  type PackageExportFormat,
  type TagBody,
  type UploadedCaseSet,
} from '@oj/shared';
import { downloadFile, uploadFile } from './adminFiles';
import { request, requestResult } from './endpoint';

export interface AdminProblemListParams {
  currentPage: number;
  limit: number;
  keyword?: string;
  /** 1 public, 2 private, 3 contest; undefined = all */
  auth?: number;
  /** the problems of one bank: ME our own (the default), a remote judge's key, 'All' every one */
  oj?: string;
}

/** The problem body plus the uploaded-zip reference of HOJ's ProblemDTO. */
export type AdminProblemSaveBody = AdminProblemBody & Partial<AdminProblemUploadRef>;

/** Problem management calls (admin calls; paths and shapes of HOJ, notes §11.4; schemas in @oj/shared). */
export const adminProblemApi = {
  list: (p: AdminProblemListParams) => request(ep.list, { query: { ...p, oj: p.oj ?? OWN_OJ } }),
  get: (pid: number) => request(ep.get, { query: { pid } }),
  create: (body: AdminProblemSaveBody) => requestResult(ep.create, { body }),
  update: (body: AdminProblemSaveBody) => requestResult(ep.update, { body }),
  remove: (pid: number) => requestResult(ep.remove, { query: { pid } }),
  changeAuth: (id: number, auth: 1 | 2 | 3) => requestResult(ep.changeAuth, { body: { id, auth } }),
  rejudgeAll: (pid: number) => requestResult(ep.rejudgeAll, { query: { pid } }),
  /** Silent: a compile error is shown in a dialog with the compiler's message. */
  compile: (mode: 'spj' | 'interactive', body: CompileCheckerBody) =>
    requestResult(mode === 'spj' ? ep.compileSpj : ep.compileInteractive, { body }, { silent: true }),
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
  all: () => request(problemEndpoints.allTags, { query: { oj: OWN_OJ } }),
  grouped: () => request(problemEndpoints.tagsAndClassification, { query: { oj: OWN_OJ } }),
  save: (body: TagBody) => requestResult(body.id ? ep.updateTag : ep.addTag, { body }),
  remove: (tid: number) => requestResult(ep.removeTag, { query: { tid } }),
  classifications: () => request(ep.classifications, { query: { oj: OWN_OJ } }),
  saveClassification: (body: ClassificationBody) => requestResult(body.id ? ep.updateClassification : ep.addClassification, { body }),
  removeClassification: (tcid: number) => requestResult(ep.removeClassification, { query: { tcid } }),
};
