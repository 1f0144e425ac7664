/**
 * Problem administration beyond create/edit (notes §11.4): test-case zips, checker
 * compilation, tags and classifications, rejudging a problem, HOJ/FPS import and export, and the
 * Markdown editor's uploads. Request schemas and response shapes shared by server and admin web.
 */
import { z } from 'zod';
import { dbId } from './ids.js';
import { JUDGE_CASE_MODES } from './judge-status.js';
import { endpoint } from './endpoint.js';
import type { Page } from './envelope.js';
import {
  adminProblemBody,
  adminProblemListQuery,
  pidQuery,
  type AdminProblemCase,
  type AdminProblemDetail,
  type AdminProblemListRow,
  type Tag,
  type TagClassification,
} from './problem.js';

const id = dbId;
const flag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((v) => v === true || v === 'true' || v === '1');

// ---------------------------------------------------------------------------------------------
// Test cases

/**
 * Limits of a test-case zip (and of a problem import zip), all checked on the zip's central directory
 * before anything is unpacked; the bytes actually written are then counted against them while unpacking
 * (packages/server/src/lib/safe-unzip.ts).
 */
export const TESTCASE_ZIP_LIMITS = {
  /** the uploaded zip itself */
  zipMaxBytes: 128 * 1024 * 1024,
  /**
   * one entry's path in UTF-8 bytes: below the 255 a file system takes for one name, leaving room for
   * names derived from it (the empty answer `X.out` written for an `X.in` without one)
   */
  nameMaxBytes: 200,
  /** one unpacked file */
  fileMaxBytes: 64 * 1024 * 1024,
  /** all unpacked files together */
  totalMaxBytes: 256 * 1024 * 1024,
  /** entries in one zip (folders included) */
  maxEntries: 2000,
  // No limit on the compression ratio: real test data packs as well as a zip bomb. The bytes unpacking
  // writes are what is bounded (these limits, counted while inflating, and the free disk space).
} as const;

/** `POST /api/file/upload-testcase-zip?mode=`: mode is the problem's judgeCaseMode (subtask modes get groupNum). */
export const uploadTestcaseZipQuery = z.object({
  mode: z.enum(JUDGE_CASE_MODES).default('default'),
  gid: id.optional(),
});

/** One input/answer pair found in an uploaded zip (names as in the zip root). */
export interface UploadedCase {
  input: string;
  output: string;
  /** set (1) in subtask modes, as HOJ does */
  groupNum?: number | null;
}

/** Answer of the zip upload; `fileListDir` is an opaque handle passed back on save. */
export interface UploadedCaseSet {
  fileList: UploadedCase[];
  fileListDir: string;
}

/** The handle of an uploaded test set: 32 hex characters, nothing else can name a directory. */
export const uploadDirHandle = z.string().regex(/^[0-9a-f]{32}$/, 'uploadTestcaseDir: not an uploaded test set');

/**
 * Extra fields of the problem save body (HOJ ProblemDTO) when the test data comes from an uploaded zip:
 * with `isUploadTestCase` true, `samples[].input/output` are file names of that upload (score and
 * groupNum as usual); without samples every pair of the upload is used in its order.
 */
export const adminProblemUploadRef = z.object({
  isUploadTestCase: z.boolean().default(false),
  uploadTestcaseDir: uploadDirHandle.optional(),
});
export type AdminProblemUploadRef = z.infer<typeof adminProblemUploadRef>;

/** `GET /api/admin/problem/get-problem-cases?pid=&isUpload=` */
export const problemCasesQuery = z.object({ pid: id, isUpload: flag.optional() });

/** `GET /api/file/download-testcase?pid=` */
export const downloadTestcaseQuery = z.object({ pid: id });

// ---------------------------------------------------------------------------------------------
// Checker / interactor compilation

export const CHECKER_LANGUAGES = ['C', 'C++'] as const;

/** `POST /api/admin/problem/compile-spj` and `/compile-interactive` (HOJ CompileDTO). */
export const compileCheckerBody = z.object({
  code: z
    .string()
    .min(1, 'Code can not be empty')
    .max(512 * 1024),
  language: z.string().trim().min(1).max(30),
  pid: id.optional(),
  /** judge extra files (name → content) visible to the checker while compiling */
  extraFiles: z.record(z.string().regex(/^[A-Za-z0-9._-]{1,100}$/), z.string().max(1024 * 1024)).nullish(),
});
export type CompileCheckerBody = z.infer<typeof compileCheckerBody>;

// ---------------------------------------------------------------------------------------------
// Tags and classifications (`Tag` / `TagClassification` types are in problem.ts)

const color = z
  .string()
  .trim()
  .max(30)
  .regex(/^(#[0-9a-fA-F]{3,8}|[a-zA-Z]+|rgba?\([\d\s.,%]+\))?$/, 'color: not a colour');

/** `POST /api/admin/tag` (create) and `PUT /api/admin/tag` (update, id required). */
export const tagBody = z.object({
  id: id.optional(),
  name: z.string().trim().min(1, 'The tag name is required').max(50),
  color: color.nullish(),
  oj: z.string().trim().min(1).max(20).default('ME'),
  tcid: id.nullish(),
});
export type TagBody = z.infer<typeof tagBody>;

export const tidQuery = z.object({ tid: id });

/** `GET /api/admin/tag/classification?oj=` */
export const classificationListQuery = z.object({ oj: z.string().trim().min(1).max(20).default('ME') });

/** `POST`/`PUT /api/admin/tag/classification` */
export const classificationBody = z.object({
  id: id.optional(),
  name: z.string().trim().min(1, 'The classification name is required').max(50),
  oj: z.string().trim().min(1).max(20).default('ME'),
  rank: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ClassificationBody = z.infer<typeof classificationBody>;

export const tcidQuery = z.object({ tcid: id });

/** `PUT /api/admin/problem/change-problem-auth` (HOJ sends the Problem with id and auth). */
export const changeProblemAuthBody = z.object({ id, auth: z.union([z.literal(1), z.literal(2), z.literal(3)]) });

// ---------------------------------------------------------------------------------------------
// Rejudge

/** `GET /api/admin/judge/rejudge-problem?pid=` */
export const rejudgeProblemQuery = z.object({ pid: id });
export interface RejudgeProblemResult {
  /** submissions put back into the judge queue */
  count: number;
}

// ---------------------------------------------------------------------------------------------
// Import / export

/** `GET /api/file/export-problem?pid=1&pid=2` */
export const exportProblemQuery = z.object({
  pid: z.preprocess((v) => (Array.isArray(v) ? v : v === undefined ? [] : [v]), z.array(id).min(1, 'pid: choose at least one problem').max(100)),
});

/** Package formats problems are exported to besides HOJ's zip. */
export const PACKAGE_EXPORT_FORMATS = ['polygon', 'kattis'] as const;
export type PackageExportFormat = (typeof PACKAGE_EXPORT_FORMATS)[number];

/** `GET /api/file/export-problem-package?pid=1&pid=2&format=polygon|kattis` */
export const exportPackageQuery = exportProblemQuery.extend({ format: z.enum(PACKAGE_EXPORT_FORMATS) });

/** Answer of `import-problem` and `import-fps-problem`. */
export interface ImportProblemResult {
  /** display ids of the problems created, in file order */
  problemIds: string[];
  /** what happened to each problem of the file, in file order */
  report: ImportItemReport[];
}

/** Limits of the FPS XML import (only the file's size: the problems are streamed one at a time). */
export const FPS_LIMITS = { xmlMaxBytes: 512 * 1024 * 1024 } as const;

/** A format the batch import reads (`GET /api/file/import-formats`). */
export interface ImportFormatInfo {
  /** `fps`, `hoj`, `qduoj`, `hydro`, … (the `format` query of `import-problems`) */
  format: string;
  /** file name endings the format comes in, e.g. `['.xml']` */
  accept: string[];
}

/**
 * Who sees an imported problem: `private` (auth 2, the default: imports stay private until an
 * administrator publishes them) or `public` (auth 1).
 */
export const IMPORT_VISIBILITIES = ['private', 'public'] as const;
export type ImportVisibility = (typeof IMPORT_VISIBILITIES)[number];
const importVisibility = z.enum(IMPORT_VISIBILITIES, { message: `The visibility must be one of: ${IMPORT_VISIBILITIES.join(', ')}` }).default('private');

/** `POST /api/file/import-problems?format=auto|<format>&visibility=private|public` (multipart `file`). */
export const importProblemsQuery = z.object({ format: z.string().trim().min(1).max(32).default('auto'), visibility: importVisibility });

/** `POST /api/file/import-problem` and `import-fps-problem` (HOJ's endpoints): `?visibility=private|public`. */
export const importVisibilityQuery = z.object({ visibility: importVisibility });

/** What happened to one problem of an imported file. */
export interface ImportItemReport {
  /** position in the file, from 0 */
  index: number;
  /** where in the file (item number and title, file name) */
  source: string;
  title: string;
  /** imported, imported with warnings, or refused (nothing written for it) */
  status: 'imported' | 'warning' | 'refused';
  /** display id of the problem created */
  problemId?: string;
  /** who sees the problem created: as asked, or private when its checker does not compile */
  visibility?: ImportVisibility;
  /** why it was refused */
  reason?: string;
  warnings: string[];
}

/**
 * The lines (NDJSON) of `import-problems`' streamed answer, in order: one `start`, an `item` per problem
 * (`progress` 0…1 of the file read so far, when the format can tell), at most one `error` (the rest of
 * the file could not be read), one `done` with the counts.
 */
export type ImportEvent =
  | { type: 'start'; format: string }
  | { type: 'item'; item: ImportItemReport; progress?: number }
  | { type: 'error'; msg: string }
  | { type: 'done'; imported: number; warned: number; refused: number };

// ---------------------------------------------------------------------------------------------
// Markdown editor uploads

export const MD_UPLOAD_LIMITS = {
  imageMaxBytes: 5 * 1024 * 1024,
  imageTypes: ['gif', 'jpg', 'jpeg', 'png', 'bmp', 'webp'],
  fileMaxBytes: 20 * 1024 * 1024,
  /** images a user outside the admin area may upload in an hour (discussions and comments) */
  userImagesPerHour: 20,
} as const;

export interface MdImageResult {
  link: string;
  fileId: number;
}

export const mdImageDeleteQuery = z.object({ fileId: id });

/** The problem save body of HOJ's ProblemDTO: the form and, optionally, an uploaded test set. */
export const adminProblemSaveBody = adminProblemBody.and(adminProblemUploadRef);

/** Problem management (HOJ /api/admin/problem, tag, judge/rejudge-problem). Uploads and downloads are plain routes (file module). */
export const adminProblemEndpoints = {
  list: endpoint<Page<AdminProblemListRow>>()({ method: 'GET', path: 'admin/problem/get-problem-list', query: adminProblemListQuery }),
  get: endpoint<AdminProblemDetail>()({ method: 'GET', path: 'admin/problem', query: pidQuery }),
  create: endpoint<{ pid: number; problemId: string }>()({ method: 'POST', path: 'admin/problem', body: adminProblemSaveBody }),
  update: endpoint<{ pid: number; problemId: string }>()({ method: 'PUT', path: 'admin/problem', body: adminProblemSaveBody }),
  remove: endpoint<null>()({ method: 'DELETE', path: 'admin/problem', query: pidQuery }),
  changeAuth: endpoint<null>()({ method: 'PUT', path: 'admin/problem/change-problem-auth', body: changeProblemAuthBody }),
  cases: endpoint<AdminProblemCase[]>()({ method: 'GET', path: 'admin/problem/get-problem-cases', query: problemCasesQuery }),
  /** a compile error answers status 400 with the compiler's message */
  compileSpj: endpoint<null>()({ method: 'POST', path: 'admin/problem/compile-spj', body: compileCheckerBody }),
  compileInteractive: endpoint<null>()({ method: 'POST', path: 'admin/problem/compile-interactive', body: compileCheckerBody }),
  rejudgeAll: endpoint<RejudgeProblemResult>()({ method: 'GET', path: 'admin/judge/rejudge-problem', query: rejudgeProblemQuery }),
  addTag: endpoint<Tag>()({ method: 'POST', path: 'admin/tag', body: tagBody }),
  updateTag: endpoint<Tag>()({ method: 'PUT', path: 'admin/tag', body: tagBody }),
  removeTag: endpoint<null>()({ method: 'DELETE', path: 'admin/tag', query: tidQuery }),
  classifications: endpoint<TagClassification[]>()({ method: 'GET', path: 'admin/tag/classification', query: classificationListQuery }),
  addClassification: endpoint<TagClassification>()({ method: 'POST', path: 'admin/tag/classification', body: classificationBody }),
  updateClassification: endpoint<TagClassification>()({ method: 'PUT', path: 'admin/tag/classification', body: classificationBody }),
  removeClassification: endpoint<null>()({ method: 'DELETE', path: 'admin/tag/classification', query: tcidQuery }),
} as const;
