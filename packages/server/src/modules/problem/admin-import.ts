/**
 * HOJ's problem zip (notes: backend reference "HOJ problem export/import zip"): per problem a
 * `problem_<key>.json` at the root and its test files in the folder `problem_<key>/`. Export writes
 * the same layout (with judge extra files where they belong, unlike HOJ), so export → import gives
 * the same problem and test data back.
 */
import fs from 'node:fs';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { conventionOfCheckerCode, TESTCASE_ZIP_LIMITS, type ProblemExample } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { problems } from '../../db/schema/index.js';
import { ApiError, fail, notFound } from '../../lib/errors.js';
import type { CaseInput } from '../../lib/testdata.js';
import { tagsOf } from './service.js';
import { parseImported, withoutNulls, type ProblemToCreate } from './admin-store.js';
import type { ImportInput, ImportItem, ProblemImporter } from './import/types.js';
import { pairCases, testdataEntries } from './admin-testcase.js';

/** The JSON file of one problem in the zip. */
interface HojProblemFile {
  problem: Record<string, unknown>;
  languages?: string[];
  samples?: { input: string; output: string; score?: number | null; groupNum?: number | null }[];
  tags?: (string | { name: string })[];
  codeTemplates?: { language: string; code: string }[];
  userExtraFile?: Record<string, string> | null;
  judgeExtraFile?: Record<string, string> | null;
  judgeMode?: string;
}

/** HOJ keeps examples as `<input>…</input><output>…</output>` repeated. */
export const examplesToHoj = (xs: ProblemExample[]) => xs.map((e) => `<input>${e.input}</input><output>${e.output}</output>`).join('');

export function examplesFromHoj(v: unknown): ProblemExample[] {
  if (Array.isArray(v)) return v as ProblemExample[];
  if (typeof v !== 'string') return [];
  return [...v.matchAll(/<input>([\s\S]*?)<\/input>\s*<output>([\s\S]*?)<\/output>/g)].map((m) => ({ input: m[1]!, output: m[2]! }));
}

/** Problem fields carried by the zip (the row's own id, author, counters and versions are not). */
const PROBLEM_FIELDS = [
  'problemId',
  'title',
  'type',
  'judgeMode',
  'judgeCaseMode',
  'timeLimit',
  'memoryLimit',
  'stackLimit',
  'description',
  'input',
  'output',
  'source',
  'difficulty',
  'hint',
  'ioScore',
  'codeShare',
  'spjCode',
  'spjLanguage',
  'isRemoveEndBlank',
  'builtinChecker',
  'checkerPrecision',
  'checkerConvention',
  'openCaseResult',
  'openCaseData',
  'isFileIO',
  'ioReadFileName',
  'ioWriteFileName',
] as const;

/** `files`: the names of the unpacked zip's files; `root`: the folder they were unpacked into. */
function problemEntryOf(name: string, json: Buffer, files: Set<string>, root: string): ProblemToCreate {
  const key = /^problem_(.+)\.json$/.exec(name)![1]!;
  let data: HojProblemFile;
  try {
    data = JSON.parse(json.toString('utf8')) as HojProblemFile;
  } catch {
    throw fail('importInvalid', { reason: `${name}: not valid JSON` });
  }
  if (!data || typeof data !== 'object' || !data.problem || typeof data.problem !== 'object') {
    throw fail('importInvalid', { reason: `${name}: no "problem" object` });
  }
  const src = withoutNulls(data.problem);
  const problem: Record<string, unknown> = {};
  for (const f of PROBLEM_FIELDS) if (f in src) problem[f] = src[f];
  // HOJ names the file-IO flag isFileIO; some exports write isFileIo.
  if (!('isFileIO' in problem) && 'isFileIo' in src) problem.isFileIO = src.isFileIo;
  problem.examples = examplesFromHoj(src.examples);
  problem.auth = 1; // the import decides who sees it (private unless asked for public)
  if (data.judgeMode) problem.judgeMode = data.judgeMode;
  // HOJ before judgeMode (and its documentation) marks a special judge with "isSpj": true.
  else if (!src.judgeMode && (src.isSpj === true || (data as { isSpj?: unknown }).isSpj === true)) problem.judgeMode = 'spj';
  // The convention is the checker's, not the zip's: a testlib checker answers in testlib's codes even
  // where the zip says 'hoj' (HOJ's own zips have no such field; ours carry the stored one).
  const detected = conventionOfCheckerCode(typeof problem.spjCode === 'string' ? problem.spjCode : null);
  if (detected === 'testlib' || !('checkerConvention' in problem)) problem.checkerConvention = detected;
  if (data.userExtraFile && Object.keys(data.userExtraFile).length) problem.userExtraFile = data.userExtraFile;
  if (data.judgeExtraFile && Object.keys(data.judgeExtraFile).length) problem.judgeExtraFile = data.judgeExtraFile;

  const body = parseImported(
    {
      problem,
      languages: Array.isArray(data.languages) ? data.languages : [],
      tags: (Array.isArray(data.tags) ? data.tags : []).map((t) => ({ name: typeof t === 'string' ? t : t?.name })),
      codeTemplates: (Array.isArray(data.codeTemplates) ? data.codeTemplates : []).map((t) => ({ language: t?.language, code: t?.code, status: true })),
    },
    name,
    'importInvalid',
  );

  const dir = `problem_${key}/`;
  const inDir = [...files].filter((f) => f.startsWith(dir)).map((f) => f.slice(dir.length));
  const samples =
    Array.isArray(data.samples) && data.samples.length
      ? data.samples
      : pairCases(inDir).map((p) => ({ input: p.input, output: p.output, score: 0, groupNum: 1 }));
  if (!samples.length) throw fail('importInvalid', { reason: `${dir}: no test data` });
  const cases: CaseInput[] = samples.map((s) => {
    // By path: the store streams them from the unpacked folder.
    const input = typeof s?.input === 'string' && files.has(dir + s.input) ? { path: path.join(root, dir + s.input) } : undefined;
    const output = typeof s?.output === 'string' && files.has(dir + s.output) ? { path: path.join(root, dir + s.output) } : undefined;
    if (!input || !output) throw fail('importInvalid', { reason: `${dir}: missing test file ${!input ? s?.input : s?.output}` });
    const score = Number(s.score ?? 0);
    const groupNum = Number(s.groupNum ?? 1);
    if (!Number.isInteger(score) || score < 0 || !Number.isInteger(groupNum) || groupNum < 1) {
      throw fail('importInvalid', { reason: `${dir}: bad score or groupNum of ${s.input}` });
    }
    return { input, output, inputName: s.input, outputName: s.output, score, groupNum };
  });
  return { body, cases, source: name, isUploadCase: typeof src.isUploadCase === 'boolean' ? src.isUploadCase : true };
}

async function* parseHoj({ zip }: ImportInput): AsyncGenerator<ImportItem> {
  const names = zip!.names;
  // HOJ's layout is flat: problem_<key>.json and problem_<key>/<test file>.
  const nested = [...names].find((n) => n.split('/').length > 2);
  if (nested) throw fail('zipNested', { name: nested.slice(0, 200) });
  const jsons = [...names].filter((n) => /^problem_[^/]+\.json$/.test(n)).sort();
  if (!jsons.length) throw fail('importInvalid', { reason: 'no problem_<id>.json at the root of the zip' });
  for (const [i, n] of jsons.entries()) {
    const progress = (i + 1) / jsons.length;
    try {
      const problem = problemEntryOf(n, await fs.promises.readFile(path.join(zip!.root, n)), names, zip!.root);
      yield { kind: 'problem', source: n, problem, warnings: [], progress };
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      yield { kind: 'refused', source: n, reason: e.message, progress };
    }
  }
}

export const hojImporter: ProblemImporter = {
  format: 'hoj',
  accept: ['.zip'],
  zip: true,
  maxBytes: TESTCASE_ZIP_LIMITS.zipMaxBytes,
  detect: ({ zipNames }) => !!zipNames?.some((n) => /^problem_[^/]+\.json$/.test(n)),
  parse: parseHoj,
};

/** `GET /api/file/export-problem?pid=…`: the problems in HOJ's zip layout. */
export async function exportHojProblems(ctx: AppContext, pids: number[]): Promise<{ name: string; zip: Buffer }> {
  const { db } = ctx.database;
  const unique = [...new Set(pids)];
  const rows = await db.select().from(problems).where(inArray(problems.id, unique));
  if (rows.length !== unique.length) throw notFound('problemNotFound');
  const tagMap = await tagsOf(db, unique);
  const entries: Record<string, Uint8Array> = {};
  for (const p of rows.sort((a, b) => a.id - b.id)) {
    const { entries: data, cases } = await testdataEntries(ctx, p.id, `problem_${p.id}/`);
    Object.assign(entries, data);
    const file: HojProblemFile = {
      problem: {
        problemId: p.problemId,
        title: p.title,
        type: p.type,
        judgeMode: p.judgeMode,
        judgeCaseMode: p.judgeCaseMode,
        timeLimit: p.timeLimit,
        memoryLimit: p.memoryLimit,
        stackLimit: p.stackLimit,
        description: p.description,
        input: p.input,
        output: p.output,
        examples: examplesToHoj(p.examples),
        source: p.source,
        difficulty: p.difficulty,
        hint: p.hint,
        auth: 1,
        ioScore: p.ioScore,
        codeShare: p.codeShare,
        spjCode: p.spjCode,
        spjLanguage: p.spjLanguage,
        isRemoveEndBlank: p.isRemoveEndBlank,
        builtinChecker: p.builtinChecker,
        checkerPrecision: p.checkerPrecision,
        checkerConvention: p.checkerConvention,
        openCaseResult: p.openCaseResult,
        openCaseData: p.openCaseData,
        isUploadCase: p.isUploadCase,
        isFileIO: p.isFileIo,
        ioReadFileName: p.ioReadFileName,
        ioWriteFileName: p.ioWriteFileName,
        isRemote: false,
      },
      languages: p.languages,
      samples: cases,
      tags: (tagMap.get(p.id) ?? []).map((t) => t.name),
      codeTemplates: Object.entries(p.codeTemplates).map(([language, code]) => ({ language, code })),
      userExtraFile: p.userExtraFile ?? {},
      judgeExtraFile: p.judgeExtraFile ?? {},
      judgeMode: p.judgeMode,
    };
    entries[`problem_${p.id}.json`] = Buffer.from(JSON.stringify(file, null, 2));
  }
  const zip = zipSync(entries, { level: 6 });
  return { name: `problem_export_${Date.now()}.zip`, zip: Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength) };
}
