/**
 * Kattis / ICPC problem packages (problemarchive.org "problem package format", legacy and 2023-07):
 * `problem.yaml` (name, limits, validation, validator_flags), the statement in
 * `problem_statement/` or `statement/` (`problem.<lang>.tex` or `.md`), test data in `data/sample`
 * and `data/secret` (nested groups; each folder of tests becomes one group, and in a scoring
 * problem a min group with the folders inside it one subtask: `scoreCases`), and an output validator
 * in `output_validators/<name>/` or `output_validator/` (C/C++, compiled behind the adapter of
 * `kattis-validator.ts`). Test files may be symbolic links inside the package.
 *
 * Two generations of `problem.yaml` say "interactive" differently: the legacy format in
 * `validation: custom interactive`, the 2023-07 format in `type: interactive` (a word or a list),
 * where `validation` is gone and an `output_validator/` folder alone makes the validation custom.
 *
 * Input validators check every test input at import; the one program validator, with an accepted
 * solution, is also kept as the problem's hack kit (kattis-hack-kit.ts).
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { type JudgeCaseMode, type PackageRunJob, PROBLEM_DEFAULTS, TESTCASE_ZIP_LIMITS } from '@oj/shared';
import { parse as parseYaml } from 'yaml';
import { fail } from '../../../lib/errors.js';
import type { CaseInput } from '../../../lib/testdata.js';
import { parseImported, type ProblemToCreate } from '../admin-store.js';
import {
  exportedCheckerConvention,
  exportedCheckerLanguage,
  kattisInputHash,
  kattisValidatorSource,
  SITE_COMPARISON_FLAGS,
  unwrapExportAdapter,
  type KattisCaseEntry,
} from './kattis-validator.js';
import { aggregationNamed, type KattisAggregation, modeOfAggregations } from './kattis-aggregation.js';
import { addInputCheck, checkWarnings, type PlannedCheck } from './input-validation.js';
import { KATTIS_VALID_EXIT, type KattisInputValidator, kattisInputValidators } from './kattis-input-validators.js';
import { kattisHackKit } from './kattis-hack-kit.js';
import { texToMarkdown } from './latex.js';
import { filesUnder, naturalCompare, type PackageTree } from './package-files.js';
import { type PackagePrograms, runOrSayWhy } from './package-jobs.js';
import { examplesOf, problemIdOf, readText, type ParsedPackage } from './parsed.js';
import { pickLanguage, splitSections } from './statement.js';
import { tokenCheckerSource } from './token-checker.js';
import type { ImportWarning } from './warnings.js';

interface KattisYaml {
  name?: string | Record<string, string>;
  source?: string;
  author?: string;
  validation?: string;
  /** 2023-07: pass-fail, scoring, interactive, multi-pass, submit-answer; one or a list. */
  type?: string | string[];
  validator_flags?: string;
  limits?: { time_limit?: number; time_multiplier?: number; memory?: number; output?: number };
  keywords?: string | string[];
}

const invalid = (source: string, reason: string) => fail('importInvalid', { reason: `${source}: ${reason}` });

/** Reads a Kattis package (its files relative to the package folder); `name` is the package's short name. */
export async function parseKattisPackage(tree: PackageTree, name: string, programs: PackagePrograms): Promise<ParsedPackage> {
  const source = name || 'problem.yaml';
  const warnings: ImportWarning[] = [];
  let yaml: KattisYaml;
  try {
    yaml = (parseYaml(await readText(tree, 'problem.yaml')) ?? {}) as KattisYaml;
  } catch (e) {
    throw invalid(source, `problem.yaml: ${(e as Error).message.split('\n')[0]}`);
  }
  if (typeof yaml !== 'object' || Array.isArray(yaml)) throw invalid(source, 'problem.yaml: not a mapping');

  // Statement: problem.<lang>.{tex,md} (legacy: problem_statement/, 2023-07: statement/).
  const statements = [...tree.files.keys()].filter((n) => /^(problem_statement|statement)\/problem(\.[A-Za-z-]+)?\.(tex|md)$/.test(n));
  const langOf = (n: string) => /problem\.([A-Za-z-]+)\.(tex|md)$/.exec(n)?.[1] ?? 'en';
  const lang = pickLanguage([...new Set(statements.map(langOf))]);
  const chosen = statements.filter((n) => langOf(n) === lang).sort((a) => (a.endsWith('.md') ? -1 : 1))[0];
  let title =
    typeof yaml.name === 'string'
      ? yaml.name
      : yaml.name && typeof yaml.name === 'object'
        ? (yaml.name[lang ?? 'en'] ?? Object.values(yaml.name)[0])
        : undefined;
  let md = '';
  if (chosen) {
    let text = await readText(tree, chosen);
    if (chosen.endsWith('.tex')) {
      const m = /\\problemname\{([^}]*)\}/.exec(text);
      if (m) {
        title ??= texToMarkdown(m[1]!);
        text = text.replace(m[0], '');
      }
      md = texToMarkdown(text);
    } else md = text.trim();
  } else warnings.push({ key: 'pkgNoStatement', params: {} });
  const parts = splitSections(md);

  // Limits: seconds in problem.yaml (limits.time_limit) or the .timelimit file problemtools writes.
  let timeLimit = Number(yaml.limits?.time_limit) * 1000;
  if (!(timeLimit > 0) && tree.files.has('.timelimit')) timeLimit = Number((await readText(tree, '.timelimit')).trim()) * 1000;
  if (!(timeLimit > 0)) {
    timeLimit = PROBLEM_DEFAULTS.timeLimit;
    warnings.push({ key: 'pkgDefaultTimeLimit', params: { ms: timeLimit } });
  }
  const memoryLimit = Number(yaml.limits?.memory) > 0 ? Math.round(Number(yaml.limits!.memory)) : 2048;

  // Tests: sample first, then secret; each folder is a group.
  const cases: CaseInput[] = [];
  const folders = new Map<string, number>();
  const inputs = [...filesUnder(tree, 'data/sample'), ...filesUnder(tree, 'data/secret')].filter((n) => n.endsWith('.in'));
  const validation = String(yaml.validation ?? 'default').trim();
  const types = (Array.isArray(yaml.type) ? yaml.type : [yaml.type ?? '']).flatMap((x) => String(x).split(/\s+/));
  const interactive = /\binteractive\b/.test(validation) || types.includes('interactive');
  // 2023-07 has no `validation`: its output validator folder (or an interactive type) makes it custom.
  const custom =
    validation.startsWith('custom') ||
    (yaml.validation === undefined && (interactive || [...tree.files.keys()].some((n) => n.startsWith('output_validator/'))));
  const samples: { input: string; output: string }[] = [];
  const caseFolders: string[] = [];
  const scoring = types.includes('scoring') || /\bscore\b/.test(validation);
  const configs = new Map<string, GroupConfig>();
  const ignoreSample = (await groupConfig(tree, 'data', configs)).ignoreSample;
  for (const n of inputs) {
    const ans = `${n.slice(0, -3)}.ans`;
    if (!tree.files.has(ans) && !interactive) {
      warnings.push({ key: 'pkgUnpairedTest', params: { name: n } });
      continue;
    }
    const folder = path.posix.dirname(n);
    // Samples a scoring problem ignores (`grader_flags: ignore_sample`) are the statement's examples only.
    if (scoring && ignoreSample && folder === 'data/sample') {
      if (tree.files.has(ans)) samples.push({ input: n, output: ans });
      continue;
    }
    if (!folders.has(folder)) folders.set(folder, folders.size + 1);
    const shortIn = n.replace(/^data\//, '').replace(/\//g, '_');
    cases.push({
      input: { path: tree.files.get(n)! },
      output: tree.files.has(ans) ? { path: tree.files.get(ans)! } : '',
      inputName: shortIn,
      outputName: `${shortIn.slice(0, -3)}.ans`,
      groupNum: folders.get(folder)!,
    });
    caseFolders.push(folder);
    if (folder === 'data/sample' && tree.files.has(ans)) samples.push({ input: n, output: ans });
  }
  if (!cases.length) throw invalid(source, 'no test data (data/sample, data/secret: pairs NAME.in + NAME.ans)');

  // Checker: the default validator's flags, or the package's own validator; each group's own arguments.
  const flags = String(yaml.validator_flags ?? '')
    .split(/\s+/)
    .filter(Boolean);
  for (const folder of new Set(caseFolders)) configs.set(folder, await groupConfig(tree, folder, configs));
  const caseArgs = caseFolders.map((f) => configs.get(f)!.args);
  const scored = scoring ? scoreCases(cases, caseFolders, configs) : null;
  const inputArgs = caseFolders.map((f) => configs.get(f)!.inputArgs);
  const { validators, skipped } = kattisInputValidators(tree);
  for (const s of skipped) warnings.push({ key: 'pkgValidatorNotRun', params: { reason: s } });
  const { refused, ran } = await validateInputs(validators, cases, inputArgs, programs, warnings);
  // A validator that did not run here (it does not compile, no judge) would fail every hack: no kit then.
  const anyValidatorFlags = inputArgs.some((a) => a.length > 0);
  const hackKit = ran ? await kattisHackKit(tree, validators, anyValidatorFlags) : undefined;
  const problem: Record<string, unknown> = {
    problemId: problemIdOf(name, 'KATTIS'),
    title: (title ?? name ?? 'Untitled').trim() || 'Untitled',
    ...parts,
    source: String(yaml.source ?? yaml.author ?? '').slice(0, 255),
    timeLimit: Math.min(60_000, Math.max(1, Math.round(timeLimit))),
    memoryLimit: Math.min(4096, memoryLimit),
    examples: await examplesOf(tree, samples),
    // An input its own validators refuse would judge contestants on a test the problem does not allow.
    auth: refused ? 2 : 1,
    ...(scored ? { type: 1, judgeCaseMode: scored.mode, ioScore: scored.total } : {}),
  };
  // The adapter knows its case by the input's hash: only built when a group has arguments or the
  // validator may give a score.
  const table = async (): Promise<KattisCaseEntry[] | undefined> => {
    if (!caseArgs.some((a) => a.length) && !scored) return undefined;
    const out: KattisCaseEntry[] = [];
    const seen = new Set<bigint>();
    for (const [i, c] of cases.entries()) {
      const hash = kattisInputHash(await fsp.readFile((c.input as { path: string }).path));
      // The same input twice (a sample linked into a secret group): the first case's arguments.
      if (seen.has(hash)) continue;
      seen.add(hash);
      out.push({ hash, args: caseArgs[i]!, full: c.score ?? 0 });
    }
    return out;
  };
  if (custom) {
    const validator = await readValidator(tree, source);
    problem.judgeMode = interactive ? 'interactive' : 'spj';
    problem.spjLanguage = 'C++';
    // A package this site exported carries one of its checkers behind an adapter: take the checker back.
    const own = unwrapExportAdapter(validator.main);
    if (own !== null)
      Object.assign(problem, {
        spjCode: own,
        spjLanguage: exportedCheckerLanguage(validator.main),
        checkerConvention: exportedCheckerConvention(validator.main, own),
      });
    else {
      problem.checkerConvention = 'hoj'; // the adapter answers in HOJ's exit codes
      problem.spjCode = kattisValidatorSource(validator.main, { interactive, flags, scoring, cases: await table() });
    }
    if (Object.keys(validator.headers).length) problem.judgeExtraFile = validator.headers;
  } else if (flags.length === 2 && flags.join(' ') === SITE_COMPARISON_FLAGS) {
    // A package this site exported (or any asking the same): the site's own comparison judges it.
    problem.judgeMode = 'default';
  } else {
    // Kattis' default validator compares tokens, case-insensitively unless case_sensitive, and numbers
    // within float_(absolute|relative_)tolerance: the same rules as a small checker of our own.
    // One generated checker for every case: the groups' own arguments only when they all agree.
    const common = caseArgs.every((a) => a.join(' ') === caseArgs[0]!.join(' ')) ? caseArgs[0]! : [];
    if (!common.length) for (const flag of new Set(caseArgs.flat())) warnings.push({ key: 'pkgFlagIgnored', params: { flag } });
    const checker = tokenCheckerSource([...flags, ...common], (flag) => warnings.push({ key: 'pkgFlagIgnored', params: { flag } }));
    problem.judgeMode = 'spj';
    problem.spjLanguage = 'C++';
    problem.spjCode = checker;
    problem.checkerConvention = 'hoj';
  }
  const keywords = Array.isArray(yaml.keywords) ? yaml.keywords : typeof yaml.keywords === 'string' ? yaml.keywords.split(/\s+/) : [];
  const body = parseImported(
    {
      problem,
      tags: keywords
        .filter(Boolean)
        .slice(0, 20)
        .map((k) => ({ name: String(k).slice(0, 50) })),
    },
    source,
    'importInvalid',
  );
  const created: ProblemToCreate = { body, cases, source, keepPrivate: refused > 0, ...(hackKit ? { hackKit } : {}) };
  return { problem: created, warnings };
}

/** What a test folder's `testdata.yaml` (or 2023-07 `test_group.yaml`) says, its parents' settings inherited. */
interface GroupConfig {
  /** Output validator arguments of its cases. */
  args: string[];
  /** Input validator arguments of its cases (`input_validator_flags`). */
  inputArgs: string[];
  /** Points of an accepted case (`accept_score`, 2023-07 `scoring.score`); default 1. */
  acceptScore: number;
  /** How the folder's case scores make its score (`grader_flags` min / avg / sum, 2023-07 `scoring.aggregation`). */
  aggregation: KattisAggregation;
  /** The root's `grader_flags: ignore_sample`: samples earn nothing. */
  ignoreSample: boolean;
}

const words = (v: unknown) => (Array.isArray(v) ? v.map(String) : typeof v === 'string' || typeof v === 'number' ? String(v).split(/\s+/) : []).filter(Boolean);

async function groupConfig(tree: PackageTree, folder: string, known: Map<string, GroupConfig>): Promise<GroupConfig> {
  const cached = known.get(folder);
  if (cached) return cached;
  const parent = folder.includes('/') ? await groupConfig(tree, path.posix.dirname(folder), known) : null;
  const own: GroupConfig = parent ? { ...parent } : { args: [], inputArgs: [], acceptScore: 1, aggregation: 'sum', ignoreSample: false };
  for (const file of ['testdata.yaml', 'test_group.yaml']) {
    const name = `${folder}/${file}`;
    if (!tree.files.has(name)) continue;
    let y: Record<string, unknown>;
    try {
      y = (parseYaml(await readText(tree, name)) ?? {}) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (typeof y !== 'object' || Array.isArray(y)) continue;
    const args = y.output_validator_args ?? y.output_validator_flags;
    if (args !== undefined) own.args = words(args);
    const inputArgs = y.input_validator_args ?? y.input_validator_flags;
    if (inputArgs !== undefined) own.inputArgs = words(inputArgs);
    const scoring = (y.scoring ?? {}) as Record<string, unknown>;
    const score = Number(y.accept_score ?? scoring.score);
    if ((y.accept_score ?? scoring.score) !== undefined && Number.isFinite(score) && score >= 0) own.acceptScore = score;
    const grader = words(y.grader_flags);
    own.aggregation = aggregationNamed(scoring.aggregation, grader) ?? own.aggregation;
    if (folder === 'data') own.ignoreSample = grader.includes('ignore_sample');
  }
  known.set(folder, own);
  return own;
}

/**
 * Points of a scoring problem's cases, as problemtools' default grader adds them: an accepted case
 * earns its group's accept_score; a group of `min` earns its lowest result (all or nothing), one of
 * `avg` the mean of its results, one of `sum` their sum, where a result is a case or a whole group
 * inside it. On this site that is the subtask_lowest mode with a min group as one subtask and each
 * case of a sum group a subtask of its own (plain sums when no group takes the minimum), or
 * subtask_average when every folder averages; the full score is the sum.
 *
 * Groups inside groups: a group inside a `min` group is one of its results, so the outermost min
 * group of a chain is one subtask holding every case below it (the minimum of minimums is the
 * minimum of all), worth its lowest accept_score (problemtools: group1 of 30 points with two
 * subfolders scores 30, not 60). A sum or avg group inside a min group joins it the same way (the
 * site cannot take a minimum of sums). Below a sum group each folder scores on its own, as before.
 */
function scoreCases(cases: CaseInput[], folders: string[], configs: Map<string, GroupConfig>): { mode: JudgeCaseMode; total: number } {
  const ignoreSample = configs.get('data')?.ignoreSample ?? false;
  // The folder whose subtask a folder's cases are scored in: its outermost ancestor reached through min groups.
  const unitOf = (folder: string): string => {
    let unit = folder;
    for (let up = path.posix.dirname(unit); /^data\/[^/]+\//.test(`${up}/`) && configs.get(up)?.aggregation === 'min'; up = path.posix.dirname(up)) unit = up;
    return unit;
  };
  const units = folders.map(unitOf);
  const aggregationOf = (unit: string) => configs.get(unit)!.aggregation;
  const scored = units.filter((f) => !(ignoreSample && f === 'data/sample'));
  const mode = modeOfAggregations(scored.map(aggregationOf));
  const anyMin = mode === 'subtask_lowest';
  // Every folder averaged: the site's subtask_average, one subtask per folder.
  const allAvg = mode === 'subtask_average';
  const size = new Map<string, number>();
  for (const f of units) size.set(f, (size.get(f) ?? 0) + 1);
  let nextGroup = 1;
  const groupOfUnit = new Map<string, number>();
  const worth = new Map<number, number>();
  let total = 0;
  for (const [i, c] of cases.entries()) {
    const folder = units[i]!;
    const cfg = configs.get(folder)!;
    const own = configs.get(folders[i]!)!;
    const points = ignoreSample && folder === 'data/sample' ? 0 : Math.max(0, Math.round(own.acceptScore));
    if (allAvg || (anyMin && cfg.aggregation === 'min')) {
      c.score = points;
      if (!groupOfUnit.has(folder)) groupOfUnit.set(folder, nextGroup++);
      c.groupNum = groupOfUnit.get(folder)!;
      // A min subtask is worth its lowest case (what subtask_lowest gives when all pass); an avg one
      // (every case the folder's score) its cases' points.
      worth.set(c.groupNum, Math.min(worth.get(c.groupNum) ?? Number.POSITIVE_INFINITY, points));
    } else {
      // A case of a sum folder earns the folder's accept_score; of an avg folder beside others, its share.
      c.score = cfg.aggregation === 'avg' ? Math.round(points / size.get(folder)!) : points;
      if (anyMin) c.groupNum = nextGroup++;
      total += c.score;
    }
  }
  for (const w of worth.values()) total += w;
  return { mode, total: Math.min(100_000, total) || 100 };
}

/**
 * The validator's main source and its headers: the one folder under output_validators/ (legacy), or
 * output_validator/ (2023-07) — or, when that holds no file of its own, its single subfolder.
 */
/**
 * Runs the package's input validators over every test input on a judge; answers how many inputs they
 * refused, and whether they ran (compiled, on a judge) at all.
 */
async function validateInputs(
  validators: KattisInputValidator[],
  cases: CaseInput[],
  inputArgs: string[][],
  programs: PackagePrograms,
  warnings: ImportWarning[],
): Promise<{ refused: number; ran: boolean }> {
  if (!validators.length) return { refused: 0, ran: false };
  const job: PackageRunJob = { type: 'packageRun', programs: {}, headers: {}, steps: [], maxTotalBytes: TESTCASE_ZIP_LIMITS.totalMaxBytes };
  const checks: PlannedCheck[] = [];
  const inputs = await Promise.all(cases.map((c) => programs.store((c.input as { path: string }).path)));
  for (const [v, validator] of validators.entries()) {
    const key = `validator${v}`;
    job.programs[key] = { type: validator.type, name: path.posix.basename(validator.file), source: await programs.store(validator.file) };
    for (const [h, file] of Object.entries(validator.headers)) job.headers[h] = await programs.store(file);
    for (const [i, c] of cases.entries()) {
      addInputCheck(job, checks, { test: c.inputName!, program: key, args: inputArgs[i]!, stdin: { hash: inputs[i]! }, okExit: KATTIS_VALID_EXIT });
    }
  }
  const { steps, jobError } = await runOrSayWhy(programs, job);
  const checked = checkWarnings(checks, steps, jobError);
  warnings.push(...checked.warnings);
  return { refused: checked.refused, ran: !checked.warnings.some((w) => w.key === 'pkgValidatorNotRun') };
}

async function readValidator(tree: PackageTree, source: string): Promise<{ main: string; headers: Record<string, string> }> {
  const names = [...tree.files.keys()].filter((n) => /^output_validators?\//.test(n));
  if (!names.length) throw invalid(source, 'validation is custom but there is no output validator');
  const dirs = [...new Set(names.map((n) => (n.startsWith('output_validators/') ? n.split('/').slice(0, 2).join('/') : 'output_validator')))].sort(
    naturalCompare,
  );
  let dir = `${dirs[0]}/`;
  const direct = (d: string) => names.filter((n) => n.startsWith(d) && !n.slice(d.length).includes('/'));
  if (!direct(dir).length) {
    const subs = [...new Set(names.filter((n) => n.startsWith(dir)).map((n) => n.slice(dir.length).split('/')[0]!))];
    if (subs.length === 1) dir = `${dir}${subs[0]}/`;
  }
  const files = direct(dir);
  const sources = files.filter((n) => /\.(c|cc|cpp|cxx|c\+\+)$/i.test(n));
  const headers: Record<string, string> = {};
  for (const n of files.filter((f) => /\.(h|hpp|hh|hxx)$/i.test(f))) headers[path.posix.basename(n)] = await readText(tree, n);
  const withMain: string[] = [];
  for (const n of sources) if (/\bmain\s*\(/.test(await readText(tree, n))) withMain.push(n);
  if (withMain.length !== 1 || sources.length !== 1) {
    throw invalid(
      source,
      `${dir}: an output validator of one C or C++ source file (with its headers) is needed, found ${sources.length ? sources.join(', ') : files.join(', ') || 'none'}`,
    );
  }
  return { main: await readText(tree, withMain[0]!), headers };
}

export const isKattisPackage = (tree: PackageTree) => tree.files.has('problem.yaml');
