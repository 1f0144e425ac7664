/**
 * The calls that move files rather than JSON: multipart uploads (field `file`) and downloads answering
 * the file's bytes. Declared like every call (method, path, query schema, answer type) so the server
 * registers them at these paths and the OpenAPI document lists them; their bodies are not JSON, so
 * `serve` does not take them.
 */
import { z } from 'zod';
import { dbId } from './ids.js';
import { endpoint } from './endpoint.js';
import type { Group } from './group.js';
import type { CarouselItem } from './site.js';
import { downloadAcSubmissionQuery, printIdQuery } from './contest.js';
import { GENERATED_LIST_PATH, generatedListQuery } from './admin-user.js';
import {
  downloadTestcaseQuery,
  exportPackageQuery,
  exportProblemQuery,
  importProblemsQuery,
  importVisibilityQuery,
  uploadTestcaseZipQuery,
  type ImportProblemResult,
  type MdImageResult,
  type UploadedCaseSet,
} from './problem-admin.js';

/** A Markdown upload of a group (its members') or of the site. */
export const mdUploadQuery = z.object({ gid: dbId.optional() });

export const fileTransferEndpoints = {
  uploadAvatar: endpoint<{ link: string }>()({ method: 'POST', path: 'file/upload-avatar', raw: 'multipart' }),
  uploadGroupAvatar: endpoint<Group>()({ method: 'POST', path: 'file/upload-group-avatar', raw: 'multipart' }),
  uploadCarousel: endpoint<CarouselItem>()({ method: 'POST', path: 'file/upload-carouse-img', raw: 'multipart' }),
  uploadTestcaseZip: endpoint<UploadedCaseSet>()({ method: 'POST', path: 'file/upload-testcase-zip', query: uploadTestcaseZipQuery, raw: 'multipart' }),
  uploadMdImage: endpoint<MdImageResult>()({ method: 'POST', path: 'file/upload-md-img', query: mdUploadQuery, raw: 'multipart' }),
  uploadMdFile: endpoint<{ link: string }>()({ method: 'POST', path: 'file/upload-md-file', query: mdUploadQuery, raw: 'multipart' }),
  importProblem: endpoint<ImportProblemResult>()({ method: 'POST', path: 'file/import-problem', query: importVisibilityQuery, raw: 'multipart' }),
  importFpsProblem: endpoint<ImportProblemResult>()({ method: 'POST', path: 'file/import-fps-problem', query: importVisibilityQuery, raw: 'multipart' }),
  /** answers NDJSON, one ImportEvent per line, as the import goes */
  importProblems: endpoint<never>()({ method: 'POST', path: 'file/import-problems', query: importProblemsQuery, raw: 'multipart' }),
  downloadTestcase: endpoint<never>()({ method: 'GET', path: 'file/download-testcase', query: downloadTestcaseQuery, raw: 'download' }),
  exportProblem: endpoint<never>()({ method: 'GET', path: 'file/export-problem', query: exportProblemQuery, raw: 'download' }),
  exportProblemPackage: endpoint<never>()({ method: 'GET', path: 'file/export-problem-package', query: exportPackageQuery, raw: 'download' }),
  generatedUserList: endpoint<never>()({ method: 'GET', path: GENERATED_LIST_PATH, query: generatedListQuery, raw: 'download' }),
  contestPrintText: endpoint<never>()({ method: 'GET', path: 'file/download-contest-print-text', query: printIdQuery, raw: 'download' }),
  contestAcSubmissions: endpoint<never>()({ method: 'GET', path: 'file/download-contest-ac-submission', query: downloadAcSubmissionQuery, raw: 'download' }),
  /** stored files (avatars, Markdown images and files, carousel images), read-only */
  publicFile: endpoint<never>()({ method: 'GET', path: 'public/files/*', raw: 'download' }),
} as const;
