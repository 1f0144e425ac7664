import {
  adminGroupProblemEndpoints as adminEp,
  groupProblemEndpoints as ep,
  type CompileCheckerBody,
  type MdImageResult,
  type UploadedCaseSet,
} from '@oj/shared';
import type { AdminProblemSaveBody } from './adminProblem';
import { downloadFile, uploadFile } from './adminFiles';
import { request, requestResult } from './endpoint';

/** Group problems (HOJ paths of notes §10): thin wrappers over `groupProblemEndpoints`. */
export const groupProblemApi = {
  list: (gid: number, currentPage: number, limit: number) => request(ep.list, { query: { gid, currentPage, limit } }),
  adminList: (gid: number, currentPage: number, limit: number) => request(ep.adminList, { query: { gid, currentPage, limit } }),
  get: (pid: number) => request(ep.get, { query: { pid } }),
  /** `body.problem.problemId` without the group's short name (the server puts it in front) */
  save: (gid: number, body: AdminProblemSaveBody) => requestResult(body.problem.id ? ep.update : ep.create, { body: { ...body, gid } }),
  remove: (pid: number) => requestResult(ep.remove, { query: { pid } }),
  changeAuth: (pid: number, auth: 1 | 2) => requestResult(ep.changeAuth, { query: { pid, auth } }),
  applyPublic: (pid: number, isApplied: boolean) => requestResult(ep.applyPublic, { query: { pid, isApplied } }),
  tags: (gid: number) => request(ep.tags, { query: { gid } }),
  /** Silent: a compile error is shown in a dialog with the compiler's message. */
  compile: (gid: number, mode: 'spj' | 'interactive', body: CompileCheckerBody) =>
    requestResult(mode === 'spj' ? ep.compileSpj : ep.compileInteractive, { query: { gid }, body }, { silent: true }),
  uploadCaseZip: (gid: number, file: File, mode: string) => uploadFile<UploadedCaseSet>('file/upload-testcase-zip', 'file', file, { query: { mode, gid } }),
  uploadMdImage: (gid: number, file: File) => uploadFile<MdImageResult>('file/upload-md-img', 'image', file, { query: { gid } }),
  downloadCases: (pid: number) => downloadFile('file/download-testcase', { pid }, `problem_${pid}_testcase.zip`),
};

/** The super admin's review of applications to the public bank. */
export const adminGroupProblemApi = {
  list: (currentPage: number, limit: number, keyword?: string) => request(adminEp.list, { query: { currentPage, limit, keyword: keyword || undefined } }),
  decide: (pid: number, progress: 2 | 3, problemId?: string) => requestResult(adminEp.changeProgress, { body: { pid, progress, problemId } }),
};

export const groupProblemKeys = {
  /** everything cached of one group's problems (dropped after a save, delete, auth change) */
  all: (gid: number) => ['group', gid, 'problem'] as const,
  list: (gid: number, page: number, limit: number) => ['group', gid, 'problem', 'list', page, limit] as const,
  /** the group's admin lists (the kit appends the query) */
  adminLists: (gid: number) => ['group', gid, 'problem', 'admin'] as const,
  tags: (gid: number) => ['group', gid, 'problem', 'tags'] as const,
  applications: ['admin-group-problem-apply'] as const,
};
