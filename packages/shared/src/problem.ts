/** Problems and tags: request schemas and response types. */
import { z } from 'zod';
import { dbId, INT4_MAX, optDbId } from './ids.js';
import { LIMITS, PAGE_SIZES, type RemoteOj } from './constants.js';
import { JUDGE_CASE_MODES, type JudgeCaseMode } from './judge-status.js';
import { BUILTIN_CHECKERS, CHECKER_CONVENTIONS, CHECKER_PRECISION, JUDGE_MODES, type BuiltinChecker, type CheckerConvention, type JudgeMode } from './judge.js';
import { pagingQuery } from './paging.js';
import { endpoint } from './endpoint.js';
import type { Page } from './envelope.js';

/** Problem defaults: limits, examples, languages. */
export const PROBLEM_DEFAULTS = { timeLimit: 1000, memoryLimit: 256, stackLimit: 128, auth: 1, type: 0, spjLanguage: 'C', ioScore: 100 } as const;
/** Examples shown with a statement (at most 2). */
export const MAX_PROBLEM_EXAMPLES = 2;

const id = dbId;
/** A comma list of ids (`1,2,3`), or the same key repeated. */
const idList = z.union([z.string(), z.array(z.string())]).transform((v, ctx) => {
  const parts = (Array.isArray(v) ? v : [v])
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  const out: number[] = [];
  for (const p of parts) {
    const n = Number(p);
    if (!Number.isInteger(n) || n < 1 || n > INT4_MAX) {
      ctx.addIssue({ code: 'custom', message: `tagId: not an id: ${p.slice(0, 20)}` });
      return z.NEVER;
    }
    out.push(n);
  }
  return out;
});

export const problemListQuery = pagingQuery(PAGE_SIZES.problemList).extend({
  keyword: z.string().max(LIMITS.shortText).optional(),
  difficulty: z.coerce.number().int().min(0).max(5).optional(),
  /** 'ME' (or 'Mine') = our own problems, 'All' = everything, else a remote judge key */
  oj: z.string().max(20).optional(),
  tagId: idList.optional(),
  /** 1 public, 2 hidden, 3 contest: honoured for the super admin only */
  auth: z.coerce.number().int().min(1).max(3).optional(),
});
export type ProblemListQuery = z.infer<typeof problemListQuery>;

export const ojQuery = z.object({ oj: z.string().max(20).optional() });

/** `problemId` is the id shown in the place: the bank's problem id, or (with `tid`) the training's display id. */
export const problemDetailQuery = z.object({
  problemId: z.string().trim().min(1).max(LIMITS.shortText),
  gid: id.optional(),
  tid: id.optional(),
});

export const pidQuery = z.object({ pid: id });

export const userProblemStatusBody = z.object({
  pidList: z.array(id).max(1000),
  isContestProblemList: z.boolean().optional(),
  cid: optDbId.optional(),
  /** the training place: the caller's state as the training counts it */
  tid: optDbId.optional(),
  gid: optDbId.nullish(),
  containsEnd: z.boolean().optional(),
});

export interface Tag {
  id: number;
  name: string;
  color: string | null;
  oj: string;
  tcid: number | null;
}

export interface TagClassification {
  id: number;
  name: string;
  oj: string;
  rank: number;
}

/** One group of the tag panel; `classification` null holds the unclassified tags. */
export interface TagsAndClassification {
  classification: TagClassification | null;
  tagList: Tag[];
}

/** Verdict counts of a problem's (non-contest) submissions. */
export interface ProblemCount {
  total: number;
  ac: number;
  wa: number;
  tle: number;
  mle: number;
  re: number;
  pe: number;
  ce: number;
  se: number;
  pa: number;
}

export interface ProblemListRow extends ProblemCount {
  pid: number;
  problemId: string;
  title: string;
  difficulty: number;
  type: number;
  auth: number;
  tags: Tag[];
}

export interface ProblemExample {
  input: string;
  output: string;
}

/** A problem as a solver sees it: no test data, checker code or judge-side files. */
export interface ProblemView {
  id: number;
  problemId: string;
  title: string;
  author: string | null;
  description: string;
  input: string;
  output: string;
  examples: ProblemExample[];
  hint: string;
  source: string;
  timeLimit: number;
  memoryLimit: number;
  stackLimit: number;
  difficulty: number;
  type: number;
  ioScore: number;
  auth: number;
  codeShare: boolean;
  judgeMode: JudgeMode;
  judgeCaseMode: JudgeCaseMode;
  gid: number | null;
  isRemote: boolean;
  /** the site a remote problem is judged on, and its page there (the super admin's external link) */
  remoteOj: RemoteOj | null;
  remoteUrl: string | null;
  isFileIO: boolean;
  ioReadFileName: string | null;
  ioWriteFileName: string | null;
  /** file name → content, given to the program */
  userExtraFile: Record<string, string> | null;
  /** language → code judged before and after the submission's (shown read-only around the editor) */
  codeWrappers?: Record<string, { prepend: string; append: string }>;
  openCaseResult: boolean;
  /** every case's input, answer, output and checker message are shown to the submitter, not only the samples' */
  openCaseData: boolean;
  gmtCreate: string;
  gmtModified: string;
}

export interface ProblemDetail {
  problem: ProblemView;
  tags: Tag[];
  /** names of the languages the problem accepts */
  languages: string[];
  problemCount: ProblemCount;
  /** language name → template */
  codeTemplate: Record<string, string>;
}

/** pid → the caller's state: status 0 when any submission was accepted, else the latest one, -10 none. */
export type UserProblemStatus = Record<string, { status: number; score: number | null }>;

/** GET get-full-screen-problem-list: the problems of a contest (cid) or, later, a training (tid). */
export const fullScreenProblemListQuery = z
  .object({ cid: id.optional(), tid: id.optional(), gid: id.optional() })
  .refine((q) => q.cid !== undefined || q.tid !== undefined || q.gid !== undefined, 'cid, tid or gid: required');

/** One entry of the focus mode's problem bar. */
export interface FullScreenProblem {
  pid: number;
  /** the display id inside the contest or training (A, B, …) */
  problemId: string;
  title: string;
  /** the viewer's state: 0 accepted, else the latest, -10 never submitted, -5 hidden by the seal */
  status: number;
  /** OI: the viewer's best score (null when none or hidden) */
  score: number | null;
}

/** The problem bank's calls and a problem opened in a place. */
export const problemEndpoints = {
  list: endpoint<Page<ProblemListRow>>()({ method: 'GET', path: 'get-problem-list', query: problemListQuery }),
  allTags: endpoint<Tag[]>()({ method: 'GET', path: 'get-all-problem-tags', query: ojQuery }),
  tagsAndClassification: endpoint<TagsAndClassification[]>()({ method: 'GET', path: 'get-problem-tags-and-classification', query: ojQuery }),
  random: endpoint<{ problemId: string }>()({ method: 'GET', path: 'get-random-problem' }),
  detail: endpoint<ProblemDetail>()({ method: 'GET', path: 'get-problem-detail', query: problemDetailQuery }),
  codeTemplate: endpoint<Record<string, string>>()({ method: 'GET', path: 'get-problem-code-template', query: pidQuery }),
  userStatus: endpoint<UserProblemStatus>()({ method: 'POST', path: 'get-user-problem-status', body: userProblemStatusBody }),
  fullScreenList: endpoint<FullScreenProblem[]>()({ method: 'GET', path: 'get-full-screen-problem-list', query: fullScreenProblemListQuery }),
} as const;

// ---------------------------------------------------------------------------------------------
// Admin

export const adminProblemListQuery = pagingQuery(10).extend({
  keyword: z.string().max(LIMITS.shortText).optional(),
  auth: z.coerce.number().int().min(1).max(3).optional(),
  oj: z.string().max(20).optional(),
});

const shortText = (max: number = LIMITS.shortText) => z.string().max(max);
const fileName = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9._-]+$/, 'File names may hold letters, digits, dot, dash and underscore only')
  .refine((s) => s !== '.' && s !== '..', 'Invalid file name');
const fileMap = z.record(fileName, z.string().max(1024 * 1024)).refine((m) => Object.keys(m).length <= 20, 'At most 20 extra files');

export const adminCaseInput = z.object({
  input: z.string().max(16 * 1024 * 1024),
  output: z.string().max(16 * 1024 * 1024),
  score: z.coerce.number().int().min(0).max(100000).default(0),
  groupNum: z.coerce.number().int().min(1).max(100000).default(1),
});
export type AdminCaseInput = z.infer<typeof adminCaseInput>;

/**
 * Why a subtask dependency table cannot be saved: a subtask that needs itself, or a ring of subtasks
 * that need each other (none of them could ever score). Null when it is fine.
 */
export function subtaskDependencyError(deps: Record<string, number[]>): 'self' | 'cycle' | null {
  for (const [g, needs] of Object.entries(deps)) if (needs.includes(Number(g))) return 'self';
  const state = new Map<number, 'open' | 'done'>();
  const visit = (g: number): boolean => {
    if (state.get(g) === 'done') return false;
    if (state.get(g) === 'open') return true;
    state.set(g, 'open');
    const ring = (deps[String(g)] ?? []).some(visit);
    state.set(g, 'done');
    return ring;
  };
  return Object.keys(deps).some((g) => visit(Number(g))) ? 'cycle' : null;
}

export const SUBTASK_DEPENDENCY_MESSAGES = {
  self: 'A subtask cannot depend on itself',
  cycle: 'Subtask dependencies must not form a cycle',
} as const;

/** subtask → the subtasks that must all pass before it scores (Polygon's group dependencies). */
const subtaskDependencies = z
  .record(z.string().regex(/^[1-9][0-9]{0,3}$/, 'A subtask is a number from 1 to 9999'), z.array(z.number().int().min(1).max(9999)).max(100))
  .superRefine((deps, ctx) => {
    const error = subtaskDependencyError(deps);
    if (error) ctx.addIssue({ code: 'custom', message: SUBTASK_DEPENDENCY_MESSAGES[error] });
  });

export const adminProblemFields = z.object({
  /** the problem's internal id: required on update */
  id: id.optional(),
  problemId: z
    .string()
    .trim()
    .min(1, 'The problem ID is required')
    .max(50)
    .regex(/^[A-Za-z0-9_-]+$/, 'The problem ID may hold letters, digits, dash and underscore only'),
  title: z.string().trim().min(1, 'The title is required').max(LIMITS.shortText),
  description: shortText(LIMITS.longText).default(''),
  input: shortText(LIMITS.longText).default(''),
  output: shortText(LIMITS.longText).default(''),
  hint: shortText(LIMITS.longText).default(''),
  source: shortText(LIMITS.shortText).default(''),
  timeLimit: z.coerce.number().int().min(1).max(60000).default(PROBLEM_DEFAULTS.timeLimit),
  memoryLimit: z.coerce.number().int().min(1).max(4096).default(PROBLEM_DEFAULTS.memoryLimit),
  stackLimit: z.coerce.number().int().min(1).max(4096).default(PROBLEM_DEFAULTS.stackLimit),
  type: z.union([z.literal(0), z.literal(1)]).default(0),
  difficulty: z.coerce.number().int().min(0).max(5).default(0),
  auth: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
  ioScore: z.coerce.number().int().min(0).max(100000).default(PROBLEM_DEFAULTS.ioScore),
  codeShare: z.boolean().default(true),
  examples: z
    .array(z.object({ input: shortText(LIMITS.longText), output: shortText(LIMITS.longText) }))
    .max(MAX_PROBLEM_EXAMPLES, `At most ${MAX_PROBLEM_EXAMPLES} examples`)
    .default([]),
  judgeMode: z.enum(JUDGE_MODES).default('default'),
  judgeCaseMode: z.enum(JUDGE_CASE_MODES).default('default'),
  spjCode: shortText(LIMITS.longText * 4).nullish(),
  spjLanguage: shortText(50).nullish(),
  isFileIO: z.boolean().default(false),
  ioReadFileName: fileName.nullish(),
  ioWriteFileName: fileName.nullish(),
  userExtraFile: fileMap.nullish(),
  judgeExtraFile: fileMap.nullish(),
  isRemoveEndBlank: z.boolean().default(false),
  builtinChecker: z.enum(BUILTIN_CHECKERS, { message: `The checker must be one of: ${BUILTIN_CHECKERS.join(', ')}` }).default('lines'),
  checkerPrecision: z.coerce
    .number({ message: `The checker precision must be an integer from ${CHECKER_PRECISION.min} to ${CHECKER_PRECISION.max} (an error of 1e-N)` })
    .int(`The checker precision must be an integer from ${CHECKER_PRECISION.min} to ${CHECKER_PRECISION.max} (an error of 1e-N)`)
    .min(CHECKER_PRECISION.min, `The checker precision must be an integer from ${CHECKER_PRECISION.min} to ${CHECKER_PRECISION.max} (an error of 1e-N)`)
    .max(CHECKER_PRECISION.max, `The checker precision must be an integer from ${CHECKER_PRECISION.min} to ${CHECKER_PRECISION.max} (an error of 1e-N)`)
    .default(CHECKER_PRECISION.default),
  checkerConvention: z.enum(CHECKER_CONVENTIONS, { message: `The checker convention must be one of: ${CHECKER_CONVENTIONS.join(', ')}` }).default('hoj'),
  openCaseResult: z.boolean().default(true),
  /** The setter opens every case's data to the submitters (by default only the samples'). */
  openCaseData: z.boolean().default(false),
  /** Left out: keep the stored ones. */
  subtaskDependencies: subtaskDependencies.optional(),
});

export const adminProblemBody = z
  .object({
    problem: adminProblemFields,
    /** The test cases typed in; left out on update = keep the current ones. */
    samples: z.array(adminCaseInput).max(500).optional(),
    /** Language names (table language, oj ME); empty = every language. */
    languages: z.array(z.string().min(1).max(50)).max(100).default([]),
    /** Existing tags by id, new ones by name (created). */
    tags: z
      .array(z.object({ id: id.optional(), name: z.string().trim().min(1).max(50).optional(), color: z.string().max(30).nullish() }))
      .max(50)
      .default([]),
    codeTemplates: z
      .array(z.object({ language: z.string().min(1).max(50), code: z.string().max(LIMITS.codeMax), status: z.boolean().default(true) }))
      .max(100)
      .default([]),
  })
  .superRefine((b, ctx) => {
    const p = b.problem;
    if (p.isFileIO && (!p.ioReadFileName || !p.ioWriteFileName)) {
      ctx.addIssue({ code: 'custom', path: ['problem', 'ioReadFileName'], message: 'File IO needs both the input and the output file name' });
    }
    if (p.judgeMode !== 'default' && !p.spjCode?.trim()) {
      ctx.addIssue({ code: 'custom', path: ['problem', 'spjCode'], message: 'The special judge or interactive code is required' });
    }
    for (const [i, t] of b.tags.entries()) {
      if (t.id === undefined && !t.name) ctx.addIssue({ code: 'custom', path: ['tags', i], message: 'A tag needs an id or a name' });
    }
    const names = b.tags.map((t) => (t.id !== undefined ? `#${t.id}` : t.name!.toLowerCase()));
    if (new Set(names).size !== names.length) {
      ctx.addIssue({ code: 'custom', path: ['tags'], message: 'The tag has been added, please do not add it repeatedly' });
    }
  });
export type AdminProblemBody = z.infer<typeof adminProblemBody>;

export interface AdminProblemCase {
  id: number;
  seq: number;
  inputName: string;
  outputName: string;
  inputSize: number;
  outputSize: number;
  score: number;
  groupNum: number;
  /** the contents when small enough to edit inline (≤ ADMIN_CASE_INLINE_MAX bytes), else null */
  input: string | null;
  output: string | null;
}
export const ADMIN_CASE_INLINE_MAX = 64 * 1024;

export interface AdminProblem extends ProblemView {
  spjCode: string | null;
  spjLanguage: string | null;
  judgeExtraFile: Record<string, string> | null;
  isRemoveEndBlank: boolean;
  builtinChecker: BuiltinChecker;
  checkerPrecision: number;
  checkerConvention: CheckerConvention;
  subtaskDependencies: Record<string, number[]>;
  isUploadCase: boolean;
  caseVersion: string;
  modifiedUser: string | null;
}

export interface AdminProblemDetail {
  problem: AdminProblem;
  tags: Tag[];
  languages: string[];
  codeTemplates: { language: string; code: string; status: boolean }[];
  cases: AdminProblemCase[];
}

export interface AdminProblemListRow {
  id: number;
  problemId: string;
  title: string;
  author: string | null;
  type: number;
  auth: number;
  difficulty: number;
  isRemote: boolean;
  modifiedUser: string | null;
  gmtCreate: string;
  gmtModified: string;
}
