/**
 * Polygon packages (the zip Polygon builds, "standard" or "full"): `problem.xml` gives names,
 * limits, the test set (manual tests as `tests/NN`, generated ones as a generator command line),
 * resources (`files/`: testlib.h and other headers), executables (generators' sources), the checker
 * and interactor (`assets/checker`, `assets/interactor`, testlib convention) and the main solution.
 * Statements come from `statements/<lang>/problem-properties.json` or the LaTeX sections of
 * `statement-sections/<lang>/`. Tests a package does not hold are made: inputs by running the
 * generator's command in the sandbox, answers (`tests/NN.a`, present in full packages) by running
 * the main solution on the input — on a judge, as one package run. When that cannot be done the
 * problem is imported private, with a warning naming how many tests are missing.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import {
  isCheckerConvention,
  type CheckerConvention,
  conventionOfCheckerCode,
  type PackageRunJob,
  type PackageRunResult,
  PROBLEM_DEFAULTS,
  TESTCASE_ZIP_LIMITS,
} from '@oj/shared';
import { fail } from '../../../lib/errors.js';
import type { CaseInput } from '../../../lib/testdata.js';
import { parseImported } from '../admin-store.js';
import { sectionMarkdown } from './markdown-tex.js';
import { CHECKER_CONVENTION_ATTRIBUTE } from './polygon-names.js';
import { addInputCheck, checkWarnings, type PlannedCheck } from './input-validation.js';
import { type PackagePrograms, runOrSayWhy } from './package-jobs.js';
import type { PackageTree } from './package-files.js';
import { problemIdOf, readText, type ParsedPackage } from './parsed.js';
import { pickLanguage } from './statement.js';
import type { ImportWarning } from './warnings.js';

type X = Record<string, unknown>;
const ARRAYS = new Set(['name', 'statement', 'testset', 'test', 'file', 'executable', 'solution', 'group', 'tag', 'property']);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  allowBooleanAttributes: true,
  isArray: (name) => ARRAYS.has(name),
});

const obj = (v: unknown): X => (v && typeof v === 'object' && !Array.isArray(v) ? (v as X) : {});
const list = (v: unknown): X[] => (Array.isArray(v) ? v.map(obj) : v ? [obj(v)] : []);
const attr = (v: unknown, n: string): string => String(obj(v)[`@_${n}`] ?? '');
const text = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : String(obj(v)['#text'] ?? ''));

const invalid = (source: string, reason: string) => fail('importInvalid', { reason: `${source}: ${reason}` });

/** The site's checker language for a Polygon source type (`c.gcc`, `cpp.g++17`) or file name: C only for C. */
const languageOf = (typeOrPath: string) => (/^c\.|\.c$/i.test(typeOrPath) ? 'C' : 'C++');

/** The site's language of a Polygon solution's source type, or null for one it does not name. */
function referenceLanguageOf(type: string): string | null {
  const t = type.toLowerCase();
  if (/^(cpp|c)\./.test(t)) return languageOf(t);
  if (t.startsWith('java')) return 'Java';
  if (/^python\.3|^pypy\.?3/.test(t)) return 'Python3';
  return null;
}

/** `tests/%02d` → `tests/07` for test 7. */
const fromPattern = (pattern: string, i: number) => pattern.replace(/%0?(\d*)d/, (_, w: string) => String(i).padStart(Number(w || 0), '0'));

const STATEMENT_SECTIONS = ['legend', 'input', 'output', 'notes', 'interaction', 'scoring'] as const;
type StatementSection = (typeof STATEMENT_SECTIONS)[number];

/** Polygon statement in one language: problem-properties.json, or the LaTeX sections. */
async function statementOf(tree: PackageTree, langs: string[], source: string) {
  const props = new Map<string, string>();
  for (const n of tree.files.keys()) {
    const m = /^statements\/([^/.][^/]*)\/problem-properties\.json$/.exec(n);
    if (m) props.set(m[1]!, n);
  }
  const sections = new Map<string, string>();
  for (const n of tree.files.keys()) {
    const m = /^statement-sections\/([^/]+)\/[^/]+$/.exec(n);
    if (m) sections.set(m[1]!, m[1]!);
  }
  const lang = pickLanguage([...new Set([...props.keys(), ...sections.keys(), ...langs])]);
  const out = {
    lang,
    name: '',
    legend: '',
    input: '',
    output: '',
    notes: '',
    interaction: '',
    scoring: '',
    samples: [] as { input: string; output: string }[],
    /** The Markdown a section was exported from (this site's export keeps it beside the TeX). */
    markdown: {} as Partial<Record<StatementSection, string>>,
  };
  if (lang && props.has(lang)) {
    let p: X;
    try {
      p = obj(JSON.parse(await readText(tree, props.get(lang)!)));
    } catch {
      throw invalid(source, `${props.get(lang)}: not valid JSON`);
    }
    for (const k of ['name', 'legend', 'input', 'output', 'notes', 'interaction', 'scoring'] as const)
      out[k] = typeof p[k] === 'string' ? (p[k] as string) : '';
    out.samples = list(p.sampleTests).map((s) => ({ input: String(s.input ?? ''), output: String(s.output ?? '') }));
  } else if (lang && sections.has(lang)) {
    const dir = `statement-sections/${lang}/`;
    for (const k of ['name', ...STATEMENT_SECTIONS] as const) {
      if (tree.files.has(`${dir}${k}.tex`)) out[k] = await readText(tree, `${dir}${k}.tex`);
    }
    for (const k of STATEMENT_SECTIONS) if (tree.files.has(`${dir}${k}.md`)) out.markdown[k] = await readText(tree, `${dir}${k}.md`);
    for (let i = 1; tree.files.has(fromPattern(`${dir}example.%02d`, i)); i++) {
      const inName = fromPattern(`${dir}example.%02d`, i);
      if (!tree.files.has(`${inName}.a`)) break;
      out.samples.push({ input: await readText(tree, inName), output: await readText(tree, `${inName}.a`) });
    }
  }
  return out;
}

/** Reads a Polygon package (files relative to its folder); `name` names it in messages and ids. */
export async function parsePolygonPackage(tree: PackageTree, name: string, workDir: string, programs: PackagePrograms): Promise<ParsedPackage> {
  const source = name || 'problem.xml';
  const warnings: ImportWarning[] = [];
  let doc: X;
  try {
    doc = obj(parser.parse(await readText(tree, 'problem.xml'), true).problem);
  } catch (e) {
    throw invalid(source, `problem.xml: ${(e as Error).message.split('\n')[0]}`);
  }
  if (!Object.keys(doc).length) throw invalid(source, 'problem.xml: no <problem>');
  const shortName = attr(doc, 'short-name') || name;
  const names = list(obj(doc.names).name);
  const judging = obj(doc.judging);
  const testset = list(judging.testset).find((t) => attr(t, 'name') === 'tests') ?? list(judging.testset)[0];
  if (!testset) throw invalid(source, 'problem.xml: no test set');

  // Statement
  const st = await statementOf(
    tree,
    names.map((n) => attr(n, 'language')),
    source,
  );
  const titleName = names.find((n) => attr(n, 'language') === st.lang) ?? names[0];
  const title = (st.name || attr(titleName, 'value') || shortName || 'Untitled').trim();
  if (!st.lang || !(st.legend || st.input || st.output)) warnings.push({ key: 'pkgNoStatement', params: {} });
  const tex = (k: StatementSection) => sectionMarkdown(st[k], st.markdown[k]);
  const interaction = tex('interaction');

  // Limits and file IO
  let timeLimit = Number(text(testset['time-limit']));
  if (!(timeLimit > 0)) {
    timeLimit = PROBLEM_DEFAULTS.timeLimit;
    warnings.push({ key: 'pkgDefaultTimeLimit', params: { ms: timeLimit } });
  }
  const memBytes = Number(text(testset['memory-limit']));
  const memoryLimit = memBytes > 0 ? Math.max(1, Math.round(memBytes / (1024 * 1024))) : PROBLEM_DEFAULTS.memoryLimit;
  const inputFile = attr(judging, 'input-file');
  const outputFile = attr(judging, 'output-file');

  // Headers every program of the package may include (files/*.h: testlib.h and the like).
  const headers: Record<string, string> = {};
  for (const f of list(obj(obj(doc.files).resources).file)) {
    const p = attr(f, 'path');
    if (/\.(h|hpp)$/i.test(p) && tree.files.has(p)) headers[path.posix.basename(p)] = tree.files.get(p)!;
  }

  // Checker and interactor (their sources; testlib's convention, compiled by the judge).
  const assets = obj(doc.assets);
  const sourceOf = (node: unknown) => {
    const s = obj(obj(node).source);
    return { path: attr(s, 'path'), type: attr(s, 'type') };
  };
  const interactor = sourceOf(assets.interactor);
  const checker = sourceOf(assets.checker);
  // Testlib's, or HOJ's when the code does not include it; the convention this site's export named wins.
  const conventionOf = (node: unknown, code: string): CheckerConvention => {
    const named = attr(obj(node), CHECKER_CONVENTION_ATTRIBUTE);
    return isCheckerConvention(named) ? named : conventionOfCheckerCode(code);
  };
  const problem: Record<string, unknown> = {
    problemId: problemIdOf(shortName, 'POLYGON'),
    title,
    description: tex('legend'),
    input: interaction ? `${tex('input')}\n\n${interaction}`.trim() : tex('input'),
    output: tex('output'),
    // The statement's scoring section (its subtask table) follows the notes, under its own heading.
    hint: [tex('notes'), st.scoring.trim() ? `## Scoring\n\n${tex('scoring')}` : ''].filter(Boolean).join('\n\n'),
    timeLimit: Math.min(60_000, Math.round(timeLimit)),
    memoryLimit: Math.min(4096, memoryLimit),
    examples: st.samples.slice(0, 2),
    auth: 1,
  };
  if (inputFile && outputFile && inputFile !== 'stdin' && outputFile !== 'stdout')
    Object.assign(problem, { isFileIO: true, ioReadFileName: inputFile, ioWriteFileName: outputFile });
  const judgeHeaders = async (code: string) => {
    const out: Record<string, string> = {};
    for (const m of code.matchAll(/#\s*include\s*"([^"]+)"/g)) {
      const h = path.posix.basename(m[1]!);
      if (headers[h]) out[h] = await fsp.readFile(headers[h]!, 'utf8');
    }
    return out;
  };
  const checkerPath = [checker.path, 'check.cpp', 'files/check.cpp'].find((p) => p && tree.files.has(p));
  if (interactor.path) {
    if (!tree.files.has(interactor.path)) throw invalid(source, `${interactor.path}: missing`);
    const code = await readText(tree, interactor.path);
    // Polygon's checkers and interactors are testlib's; one that does not include testlib.h (an HOJ
    // checker exported here) keeps HOJ's exit codes.
    Object.assign(problem, {
      judgeMode: 'interactive',
      spjLanguage: languageOf(interactor.type),
      spjCode: code,
      judgeExtraFile: await judgeHeaders(code),
      checkerConvention: conventionOf(assets.interactor, code),
    });
    if (checkerPath) warnings.push({ key: 'pkgInteractorDecides', params: { checker: checkerPath } });
  } else if (checkerPath) {
    const code = await readText(tree, checkerPath);
    Object.assign(problem, {
      judgeMode: 'spj',
      spjLanguage: languageOf(checkerPath === checker.path ? checker.type : checkerPath),
      spjCode: code,
      judgeExtraFile: await judgeHeaders(code),
      checkerConvention: conventionOf(assets.checker, code),
    });
  }

  // Tests: the files the package holds, the rest made by its programs.
  const inputPattern = text(testset['input-path-pattern']) || 'tests/%02d';
  const answerPattern = text(testset['answer-path-pattern']) || 'tests/%02d.a';
  const tests = list(obj(testset.tests).test);
  // The same bounds as a test-data zip: so many tests, so many bytes made by the package's programs (the job's maxTotalBytes).
  if (tests.length > TESTCASE_ZIP_LIMITS.maxEntries / 2) throw invalid(source, `more than ${TESTCASE_ZIP_LIMITS.maxEntries / 2} tests`);
  // Polygon's groups: points of their own or their tests' sum; complete-group = all or nothing.
  const groupDefs = new Map(
    list(obj(testset.groups).group).map((g) => [
      attr(g, 'name'),
      {
        points: attr(g, 'points') === '' ? undefined : Math.max(0, Math.round(Number(attr(g, 'points')) || 0)),
        complete: attr(g, 'points-policy') === 'complete-group',
        dependencies: list(obj(g.dependencies).dependency).map((d) => attr(d, 'group')),
      },
    ]),
  );
  const anyPoints = tests.some((t) => attr(t, 'points') !== '') || [...groupDefs.values()].some((g) => g.points !== undefined);
  const groupIds = new Map<string, number>();
  /** the Polygon group of each case pushed, '' for none */
  const caseGroups: string[] = [];
  const cases: CaseInput[] = [];
  const generators = new Map<string, { type: string; path: string }>();
  for (const e of list(obj(obj(doc.files).executables).executable)) {
    const s = sourceOf(e);
    if (s.path && tree.files.has(s.path)) generators.set(path.posix.basename(s.path).replace(/\.[^.]+$/, ''), s);
  }
  const solutions = list(obj(assets.solutions).solution);
  const main = solutions.find((s) => attr(s, 'tag') === 'main') ?? solutions.find((s) => attr(s, 'tag') === 'accepted');
  const mainSource = main ? sourceOf(main) : null;
  const validator = list(obj(assets.validators).validator)
    .map(sourceOf)
    .find((v) => v.path && tree.files.has(v.path));
  const testsetName = attr(testset, 'name') || 'tests';
  // The validator and the main solution stay with the problem as its hack kit (contest hacks), when the
  // solution is in a language this site names (C, C++, Java, Python 3).
  const referenceLanguage = mainSource ? referenceLanguageOf(mainSource.type) : null;
  const hackKit =
    validator && mainSource?.path && tree.files.has(mainSource.path) && referenceLanguage
      ? {
          validatorType: validator.type,
          validatorCode: await readText(tree, validator.path),
          validatorOkExit: 0, // testlib's "valid"
          referenceLanguage,
          referenceCode: await readText(tree, mainSource.path),
        }
      : undefined;

  // The tests the package does not hold are made on a judge, all in one package run: a generator's
  // command line makes an input, the main solution an answer from its input.
  const limits = { timeLimitMs: 10_000, memoryLimitMb: 1024 };
  const stored = new Map<string, Promise<string>>();
  const store = (file: string) => {
    if (!stored.has(file)) stored.set(file, programs.store(file));
    return stored.get(file)!;
  };
  const job: PackageRunJob = { type: 'packageRun', programs: {}, headers: {}, steps: [], maxTotalBytes: TESTCASE_ZIP_LIMITS.totalMaxBytes };
  const addProgram = async (key: string, s: { type: string; path: string }) => {
    job.programs[key] ??= { type: s.type, name: path.posix.basename(s.path), source: await store(tree.files.get(s.path)!) };
    return key;
  };
  /** A test's file: in the package, made by a step of the job, or not to be had (why). */
  type Made = { file: string } | { step: string } | { error: string };
  const planned: { t: X; i: number; input: Made; answer: Made | null }[] = [];
  const checks: PlannedCheck[] = [];
  for (const [i0, t] of tests.entries()) {
    const i = i0 + 1;
    const inName = fromPattern(inputPattern, i);
    const ansName = fromPattern(answerPattern, i);
    let input: Made;
    if (tree.files.has(inName)) input = { file: tree.files.get(inName)! };
    else {
      const cmd = attr(t, 'cmd').trim();
      const [gen, ...args] = cmd.split(/\s+/);
      const g = gen ? generators.get(gen) : undefined;
      if (attr(t, 'method') !== 'generated' || !cmd) input = { error: `${inName}: missing` };
      else if (!g) input = { error: `generator "${gen}" is not in the package` };
      else if (args.includes('>') || args.some((a) => a.startsWith('>'))) input = { error: `"${cmd}": generators writing several files are not supported` };
      else {
        job.steps.push({ id: `in${i}`, program: await addProgram(`gen:${gen}`, g), args, stdin: null, ...limits });
        input = { step: `in${i}` };
      }
    }
    // Polygon runs its validator on every input with the test set and group named, as here.
    if (validator && !('error' in input)) {
      const group = attr(t, 'group');
      addInputCheck(job, checks, {
        test: String(i),
        program: await addProgram('validator', validator),
        args: ['--testset', testsetName, ...(group ? ['--group', group] : [])],
        stdin: 'file' in input ? { hash: await store(input.file) } : input,
        okExit: 0,
      });
    }
    let answer: Made | null = null;
    if (tree.files.has(ansName)) answer = { file: tree.files.get(ansName)! };
    // An interactor's answer file is often unused: Polygon leaves it out, the judge gets an empty one.
    else if (problem.judgeMode === 'interactive') answer = null;
    else if ('error' in input) answer = input;
    else if (!mainSource?.path || !tree.files.has(mainSource.path)) answer = { error: 'the package has no main solution' };
    else {
      const stdin = 'file' in input ? { hash: await store(input.file) } : input;
      job.steps.push({ id: `ans${i}`, program: await addProgram('main', mainSource), args: [], stdin, ...limits, timeLimitMs: Math.max(timeLimit * 5, 5000) });
      answer = { step: `ans${i}` };
    }
    planned.push({ t, i, input, answer });
  }
  let made: PackageRunResult['steps'] = {};
  let jobError = '';
  if (job.steps.length) {
    for (const [name, file] of Object.entries(headers)) job.headers[name] = await store(file);
    ({ steps: made, jobError } = await runOrSayWhy(programs, job));
  }
  const checked = checkWarnings(checks, made, jobError);
  warnings.push(...checked.warnings);
  // An input its own validator refuses would judge contestants on a test the problem does not allow.
  let keepPrivate = checked.refused > 0;
  let missingInputs = 0;
  let missingAnswers = 0;
  let why = '';
  /** The file of a planned test file, or null (and why) when it could not be had. */
  const fileOf = (m: Made): string | null => {
    if ('file' in m) return m.file;
    const r = 'step' in m ? made[m.step] : m;
    if (r && 'hash' in r) return programs.fileOf(r.hash);
    why ||= (r && 'error' in r ? r.error : jobError) || 'not made';
    return null;
  };
  // The empty answer of an interactive test without one, written once when one needs it.
  let empty: string | null = null;
  const emptyAnswer = async () => {
    if (!empty) {
      await fsp.mkdir(workDir, { recursive: true });
      empty = path.join(workDir, 'empty.ans');
      await fsp.writeFile(empty, '');
    }
    return empty;
  };
  for (const { t, i, input: inMade, answer: ansMade } of planned) {
    const input = fileOf(inMade);
    if (!input) {
      missingInputs++;
      continue;
    }
    const answer = ansMade ? fileOf(ansMade) : await emptyAnswer();
    if (!answer) {
      missingAnswers++;
      continue;
    }
    const group = attr(t, 'group');
    if (group && !groupIds.has(group)) groupIds.set(group, groupIds.size + 1);
    caseGroups.push(group);
    cases.push({
      input: { path: input },
      output: { path: answer },
      inputName: `${String(i).padStart(2, '0')}.in`,
      outputName: `${String(i).padStart(2, '0')}.ans`,
      score: anyPoints ? Math.max(0, Math.round(Number(attr(t, 'points') || 0))) : 0,
      groupNum: group ? groupIds.get(group)! : 1,
    });
  }
  if (missingInputs || missingAnswers) {
    // Incomplete test data must not judge anyone: the problem waits, private, for an administrator.
    keepPrivate = true;
    if (missingInputs) warnings.push({ key: 'pkgGeneratedMissing', params: { count: missingInputs, reason: why } });
    if (missingAnswers) warnings.push({ key: 'pkgAnswersMissing', params: { count: missingAnswers, reason: why } });
  }
  if (!cases.length) throw invalid(source, `no test could be read or made${why ? ` (${why})` : ''}`);
  if (anyPoints) {
    problem.type = 1;
    const complete = [...groupDefs.values()].some((g) => g.complete);
    if (complete) scoreCompleteGroups(cases, caseGroups, groupDefs);
    // A complete group is worth its lowest case's points (what the site's subtask_lowest judge gives).
    const worth = new Map<number | undefined, number>();
    for (const c of cases) worth.set(c.groupNum, Math.min(worth.get(c.groupNum) ?? Number.POSITIVE_INFINITY, c.score ?? 0));
    problem.ioScore = complete ? [...worth.values()].reduce((a, b) => a + b, 0) || 100 : cases.reduce((s, c) => s + (c.score ?? 0), 0) || 100;
    if (complete) problem.judgeCaseMode = 'subtask_lowest';
  }
  const subtaskDependencies = dependenciesOf(cases, caseGroups, groupDefs);
  const tags = list(obj(doc.tags).tag)
    .map((t) => attr(t, 'value').trim().slice(0, 50))
    .filter(Boolean);
  const body = parseImported({ problem, tags: [...new Set(tags)].slice(0, 20).map((n) => ({ name: n })) }, source, 'importInvalid');
  return { problem: { body, cases, source, keepPrivate, ...(subtaskDependencies ? { subtaskDependencies } : {}), ...(hackKit ? { hackKit } : {}) }, warnings };
}

/**
 * Polygon's group dependencies in the site's subtasks: a group scores only when every test of the
 * groups it depends on passed. A Polygon group may have become several subtasks (each test of an
 * each-test group is one beside complete groups): each of them needs every subtask of every group
 * depended on. Null when no group depends on another.
 */
function dependenciesOf(cases: CaseInput[], caseGroups: string[], defs: Map<string, { dependencies: string[] }>): Record<string, number[]> | null {
  const subtasksOf = new Map<string, Set<number>>();
  caseGroups.forEach((g, i) => {
    if (!subtasksOf.has(g)) subtasksOf.set(g, new Set());
    subtasksOf.get(g)!.add(cases[i]!.groupNum ?? 1);
  });
  const out: Record<string, number[]> = {};
  caseGroups.forEach((g, i) => {
    const needs = new Set((defs.get(g)?.dependencies ?? []).flatMap((d) => [...(subtasksOf.get(d) ?? [])]));
    const own = cases[i]!.groupNum ?? 1;
    needs.delete(own);
    if (needs.size) out[String(own)] = [...needs].sort((a, b) => a - b);
  });
  return Object.keys(out).length ? out : null;
}

/**
 * Polygon's complete-group scoring on this site's "subtask lowest": every case of a complete group
 * carries the group's points (its own, else its tests' sum), so the group earns them only when every
 * case is accepted; a case of an each-test group, or of none, is a group of its own with its points.
 */
function scoreCompleteGroups(cases: CaseInput[], caseGroups: string[], defs: Map<string, { points?: number; complete: boolean }>) {
  const sums = new Map<string, number>();
  const lowest = new Map<string, number>();
  for (const [i, g] of caseGroups.entries()) {
    const score = cases[i]!.score ?? 0;
    sums.set(g, (sums.get(g) ?? 0) + score);
    lowest.set(g, Math.min(lowest.get(g) ?? Number.POSITIVE_INFINITY, score));
  }
  const numbers = new Map<string, number>();
  let next = 0;
  caseGroups.forEach((g, i) => {
    const def = defs.get(g);
    if (g && def?.complete) {
      if (!numbers.has(g)) numbers.set(g, ++next);
      cases[i]!.groupNum = numbers.get(g)!;
      const worth = def.points ?? sums.get(g) ?? 0;
      // This site's own export gives the group its lowest test's points: the tests keep theirs.
      if (lowest.get(g) !== worth) cases[i]!.score = worth;
    } else cases[i]!.groupNum = ++next;
  });
}

export const isPolygonPackage = (tree: PackageTree) => tree.files.has('problem.xml');
