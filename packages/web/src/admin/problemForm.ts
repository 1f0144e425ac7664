import {
  CHECKER_PRECISION,
  PROBLEM_DEFAULTS,
  subtaskDependencyError,
  type AdminProblemDetail,
  type BuiltinChecker,
  type CheckerConvention,
  type JudgeCaseMode,
  type JudgeMode,
  type ProblemExample,
  type Tag,
} from '@oj/shared';
import type { AdminProblemSaveBody } from '../api/adminProblem';

/** One test case in the form: contents when typed by hand, file names when uploaded or kept. */
export interface CaseRow {
  key: string;
  input: string;
  output: string;
  score: number | null;
  groupNum: number | null;
  /** stored file names of kept cases (input/output then hold the contents when known) */
  inputName?: string;
  outputName?: string;
  inputSize?: number;
  outputSize?: number;
}

export interface CaseState {
  /** keep = leave the problem's current test data as it is (edit page only) */
  source: 'keep' | 'upload' | 'manual';
  rows: CaseRow[];
  uploadDir?: string;
  uploadName?: string;
}

/** The antd form's fields; tags, templates, files and cases are edited by their own widgets. */
export interface ProblemFormValues {
  problemId: string;
  title: string;
  description: string;
  input: string;
  output: string;
  hint: string;
  source: string;
  timeLimit: number;
  memoryLimit: number;
  stackLimit: number;
  type: 0 | 1;
  difficulty: number;
  auth: 1 | 2 | 3;
  codeShare: boolean;
  languages: string[];
  examples: ProblemExample[];
  judgeMode: JudgeMode;
  spjLanguage: string;
  spjCode: string;
  isFileIO: boolean;
  ioReadFileName: string;
  ioWriteFileName: string;
  isRemoveEndBlank: boolean;
  builtinChecker: BuiltinChecker;
  checkerPrecision: number;
  checkerConvention: CheckerConvention;
  openCaseResult: boolean;
  openCaseData: boolean;
  judgeCaseMode: JudgeCaseMode;
  /** subtask → the subtasks that must pass before it scores */
  subtaskDependencies: Record<string, number[]>;
  tags: Tag[];
  codeTemplates: { language: string; code: string }[];
  userExtraFile: Record<string, string>;
  judgeExtraFile: Record<string, string>;
}

/** Problem defaults; every language allowed once the list has loaded. */
export function defaultValues(languages: string[]): ProblemFormValues {
  return {
    problemId: '',
    title: '',
    description: '',
    input: '',
    output: '',
    hint: '',
    source: '',
    timeLimit: PROBLEM_DEFAULTS.timeLimit,
    memoryLimit: PROBLEM_DEFAULTS.memoryLimit,
    stackLimit: PROBLEM_DEFAULTS.stackLimit,
    type: PROBLEM_DEFAULTS.type,
    difficulty: 0,
    auth: PROBLEM_DEFAULTS.auth,
    codeShare: true,
    languages,
    examples: [{ input: '', output: '' }],
    judgeMode: 'default',
    spjLanguage: PROBLEM_DEFAULTS.spjLanguage,
    spjCode: '',
    isFileIO: false,
    ioReadFileName: '',
    ioWriteFileName: '',
    isRemoveEndBlank: true,
    builtinChecker: 'lines',
    checkerPrecision: CHECKER_PRECISION.default,
    checkerConvention: 'hoj',
    openCaseResult: true,
    openCaseData: false,
    judgeCaseMode: 'default',
    subtaskDependencies: {},
    tags: [],
    codeTemplates: [],
    userExtraFile: {},
    judgeExtraFile: {},
  };
}

/** The stored problem as form values; `allLanguages` stands for a stored empty list, which means every language. */
export function valuesOf(d: AdminProblemDetail, allLanguages: string[]): ProblemFormValues {
  const p = d.problem;
  return {
    problemId: p.problemId,
    title: p.title,
    description: p.description,
    input: p.input,
    output: p.output,
    hint: p.hint,
    source: p.source,
    timeLimit: p.timeLimit,
    memoryLimit: p.memoryLimit,
    stackLimit: p.stackLimit,
    type: p.type === 1 ? 1 : 0,
    difficulty: p.difficulty,
    auth: (p.auth === 2 || p.auth === 3 ? p.auth : 1) as 1 | 2 | 3,
    codeShare: p.codeShare,
    languages: d.languages.length ? d.languages : allLanguages,
    examples: p.examples,
    judgeMode: p.judgeMode,
    spjLanguage: p.spjLanguage ?? PROBLEM_DEFAULTS.spjLanguage,
    spjCode: p.spjCode ?? '',
    isFileIO: p.isFileIO,
    ioReadFileName: p.ioReadFileName ?? '',
    ioWriteFileName: p.ioWriteFileName ?? '',
    isRemoveEndBlank: p.isRemoveEndBlank,
    builtinChecker: p.builtinChecker,
    checkerPrecision: p.checkerPrecision,
    checkerConvention: p.checkerConvention,
    openCaseResult: p.openCaseResult,
    openCaseData: p.openCaseData,
    judgeCaseMode: p.judgeCaseMode,
    subtaskDependencies: p.subtaskDependencies ?? {},
    tags: d.tags,
    codeTemplates: d.codeTemplates.filter((c) => c.status).map((c) => ({ language: c.language, code: c.code })),
    userExtraFile: p.userExtraFile ?? {},
    judgeExtraFile: p.judgeExtraFile ?? {},
  };
}

/** The current cases as rows: contents when the server sent them (small cases), names and sizes always. */
export function keptRows(d: AdminProblemDetail, key: () => string): { rows: CaseRow[]; editable: boolean } {
  const rows = d.cases.map((c) => ({
    key: key(),
    input: c.input ?? c.inputName,
    output: c.output ?? c.outputName,
    score: c.score,
    groupNum: c.groupNum,
    inputName: c.inputName,
    outputName: c.outputName,
    inputSize: c.inputSize,
    outputSize: c.outputSize,
  }));
  return { rows, editable: d.cases.every((c) => c.input !== null && c.output !== null) };
}

/** An OI problem splits 100 points evenly across its cases (the remainder to the last ones). */
export function evenScores(rows: CaseRow[], total = 100): CaseRow[] {
  if (!rows.length) return rows;
  const base = Math.floor(total / rows.length);
  const extra = total - base * rows.length;
  return rows.map((r, i) => ({ ...r, score: base + (i >= rows.length - extra ? 1 : 0) }));
}

/** A form problem as i18n keys (with params) of the form's messages; empty when the problem may be saved. */
export interface Problem {
  key: string;
  params?: Record<string, string | number>;
}

export function validateProblem(v: ProblemFormValues, cases: CaseState, compiled: boolean): Problem[] {
  const out: Problem[] = [];
  if (v.isFileIO && (!v.ioReadFileName.trim() || !v.ioWriteFileName.trim())) out.push({ key: 'admin.problem.fileIoRequired' });
  if (!v.languages.length) out.push({ key: 'admin.problem.languageRequired' });
  for (const tpl of v.codeTemplates) {
    if (v.languages.includes(tpl.language) && !tpl.code.trim()) out.push({ key: 'admin.problem.templateEmpty', params: { language: tpl.language } });
  }
  const names = v.tags.map((tag) => tag.name.toLowerCase());
  if (new Set(names).size !== names.length) out.push({ key: 'admin.tag.duplicate' });
  if (v.judgeMode !== 'default') {
    if (!v.spjCode.trim()) out.push({ key: 'admin.problem.spjCodeRequired' });
    else if (!compiled) out.push({ key: 'admin.problem.spjNotCompiled' });
  }
  if (cases.source === 'upload' && !cases.rows.length) out.push({ key: 'admin.cases.zipRequired' });
  if (cases.source === 'manual') {
    if (!cases.rows.length) out.push({ key: 'admin.cases.atLeastOne' });
    cases.rows.forEach((r, i) => {
      if (!r.input && !r.output) out.push({ key: 'admin.cases.caseEmpty', params: { n: i + 1 } });
    });
  }
  if (cases.source !== 'keep') {
    if (v.type === 1 && cases.rows.some((r) => r.score === null || !Number.isInteger(r.score) || r.score < 0)) out.push({ key: 'admin.cases.scoreInvalid' });
    const subtask = isSubtaskMode(v.judgeCaseMode);
    if (subtask && cases.rows.some((r) => r.groupNum === null || !Number.isInteger(r.groupNum) || r.groupNum < 1))
      out.push({ key: 'admin.cases.groupRequired' });
  }
  const dependencyError = isSubtaskMode(v.judgeCaseMode) ? subtaskDependencyError(v.subtaskDependencies) : null;
  if (dependencyError) out.push({ key: dependencyError === 'self' ? 'admin.cases.dependencySelf' : 'admin.cases.dependencyCycle' });
  return out;
}

const orNull = (m: Record<string, string>) => (Object.keys(m).length ? m : null);

export const isSubtaskMode = (mode: JudgeCaseMode) => mode === 'subtask_lowest' || mode === 'subtask_average';

/** The subtasks the cases make, in order. */
export const subtasksOf = (rows: CaseRow[]) => [...new Set(rows.map((r) => r.groupNum).filter((g): g is number => g !== null && g >= 1))].sort((a, b) => a - b);

/** Dependencies only mean something between subtasks: none outside the subtask modes, none naming a subtask the cases do not have. */
export function dependenciesToSave(v: ProblemFormValues, cases: CaseState): Record<string, number[]> {
  if (!isSubtaskMode(v.judgeCaseMode)) return {};
  const known = new Set(subtasksOf(cases.rows));
  const out: Record<string, number[]> = {};
  for (const [g, needs] of Object.entries(v.subtaskDependencies)) {
    const kept = needs.filter((n) => known.has(n));
    if (known.has(Number(g)) && kept.length) out[g] = kept;
  }
  return out;
}

/** Form → the create/update body (AdminProblemBody of @oj/shared plus the uploaded-zip reference). */
export function toBody(v: ProblemFormValues, cases: CaseState, id?: number): AdminProblemSaveBody {
  const special = v.judgeMode !== 'default';
  const body: AdminProblemSaveBody = {
    problem: {
      id,
      problemId: v.problemId.trim(),
      title: v.title.trim(),
      description: v.description,
      input: v.input,
      output: v.output,
      hint: v.hint,
      source: v.source.trim(),
      timeLimit: v.timeLimit,
      memoryLimit: v.memoryLimit,
      stackLimit: v.stackLimit,
      type: v.type,
      difficulty: v.difficulty,
      auth: v.auth,
      ioScore: PROBLEM_DEFAULTS.ioScore,
      codeShare: v.codeShare,
      examples: v.examples.filter((e) => e.input || e.output),
      judgeMode: v.judgeMode,
      judgeCaseMode: v.judgeCaseMode,
      spjCode: special ? v.spjCode : null,
      spjLanguage: special ? v.spjLanguage : null,
      isFileIO: v.isFileIO,
      ioReadFileName: v.isFileIO ? v.ioReadFileName.trim() : null,
      ioWriteFileName: v.isFileIO ? v.ioWriteFileName.trim() : null,
      userExtraFile: orNull(v.userExtraFile),
      judgeExtraFile: special ? orNull(v.judgeExtraFile) : null,
      isRemoveEndBlank: v.isRemoveEndBlank,
      builtinChecker: v.builtinChecker,
      checkerPrecision: v.checkerPrecision,
      checkerConvention: v.checkerConvention,
      openCaseResult: v.openCaseResult,
      openCaseData: v.openCaseData,
      subtaskDependencies: dependenciesToSave(v, cases),
    },
    languages: v.languages,
    tags: v.tags.map((tag) => ({ id: tag.id })),
    codeTemplates: v.codeTemplates.filter((c) => v.languages.includes(c.language)).map((c) => ({ language: c.language, code: c.code, status: true })),
  };
  if (cases.source !== 'keep') {
    body.samples = cases.rows.map((r) => ({ input: r.input, output: r.output, score: v.type === 1 ? (r.score ?? 0) : 0, groupNum: r.groupNum ?? 1 }));
  }
  if (cases.source === 'upload') {
    body.isUploadTestCase = true;
    body.uploadTestcaseDir = cases.uploadDir;
  }
  return body;
}
