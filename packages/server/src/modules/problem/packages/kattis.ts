/**
 * Kattis / ICPC problem packages (problemarchive.org "problem package format", legacy and 2023-07):
 * `problem.yaml` (name, limits, validation, validator_flags), the statement in
 * `problem_statement/` or `statement/` (`problem.<lang>.tex` or `.md`), test data in `data/sample`
 * and `data/secret` (nested groups; each folder of tests becomes one group), and an output
 * validator in `output_validators/<name>/` or `output_validator/` (C/C++, compiled behind the
 * adapter of `kattis-validator.ts`). Test files may be symbolic links inside the package.
 *
 * Two generations of `problem.yaml` say "interactive" differently: the legacy format in
 * `validation: custom interactive`, the 2023-07 format in `type: interactive` (a word or a list),
 * where `validation` is gone and an `output_validator/` folder alone makes the validation custom.
 */
import path from 'node:path';
import { conventionOfCheckerCode, PROBLEM_DEFAULTS } from '@oj/shared';
import { parse as parseYaml } from 'yaml';
import { fail } from '../../../lib/errors.js';
import type { CaseInput } from '../../../lib/testdata.js';
import { parseImported, type ProblemToCreate } from '../admin-store.js';
import { exportedCheckerLanguage, kattisValidatorSource, SITE_COMPARISON_FLAGS, unwrapExportAdapter } from './kattis-validator.js';
import { texToMarkdown } from './latex.js';
import { filesUnder, naturalCompare, type PackageTree } from './package-files.js';
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
export async function parseKattisPackage(tree: PackageTree, name: string): Promise<ParsedPackage> {
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
  const scoring = types.includes('scoring');
  const scores = scoring ? await kattisScores(tree) : undefined;
  for (const n of inputs) {
    const ans = `${n.slice(0, -3)}.ans`;
    if (!tree.files.has(ans) && !interactive) {
      warnings.push({ key: 'pkgUnpairedTest', params: { name: n } });
      continue;
    }
    const folder = path.posix.dirname(n);
    // A scoring problem's samples score nothing: they are the statement's examples, not judged tests.
    if (scoring && folder === 'data/sample') {
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
      ...(scores ? { score: scores.of(folder).score } : {}),
    });
    if (folder === 'data/sample' && tree.files.has(ans)) samples.push({ input: n, output: ans });
  }
  if (!cases.length) throw invalid(source, 'no test data (data/sample, data/secret: pairs NAME.in + NAME.ans)');

  // Checker: the default validator's flags, or the package's own validator.
  const flags = String(yaml.validator_flags ?? '')
    .split(/\s+/)
    .filter(Boolean);
  const problem: Record<string, unknown> = {
    problemId: problemIdOf(name, 'KATTIS'),
    title: (title ?? name ?? 'Untitled').trim() || 'Untitled',
    ...parts,
    source: String(yaml.source ?? yaml.author ?? '').slice(0, 255),
    timeLimit: Math.min(60_000, Math.max(1, Math.round(timeLimit))),
    memoryLimit: Math.min(4096, memoryLimit),
    examples: await examplesOf(tree, samples),
    auth: 1,
  };
  if (scores) {
    // Kattis aggregates each folder by its grader flags: min is a subtask judged by its lowest case, avg one by its mean.
    const used = [...folders.keys()].filter((f) => f !== 'data/sample').map((f) => scores.of(f).flags);
    const mode =
      used.length && used.every((f) => f === 'min') ? 'subtask_lowest' : used.length && used.every((f) => f === 'avg') ? 'subtask_average' : 'default';
    const byGroup = new Map<number, number[]>();
    for (const c of cases) byGroup.set(c.groupNum ?? 1, [...(byGroup.get(c.groupNum ?? 1) ?? []), c.score ?? 0]);
    const worth = (xs: number[]) =>
      mode === 'subtask_lowest'
        ? Math.min(...xs)
        : mode === 'subtask_average'
          ? Math.round(xs.reduce((a, b) => a + b, 0) / xs.length)
          : xs.reduce((a, b) => a + b, 0);
    Object.assign(problem, { type: 1, judgeCaseMode: mode, ioScore: [...byGroup.values()].reduce((a, xs) => a + worth(xs), 0) || 100 });
  }
  if (custom) {
    const validator = await readValidator(tree, source);
    problem.judgeMode = interactive ? 'interactive' : 'spj';
    problem.spjLanguage = 'C++';
    // A package this site exported carries one of its checkers behind an adapter: take the checker back.
    const own = unwrapExportAdapter(validator.main);
    if (own !== null)
      Object.assign(problem, { spjCode: own, spjLanguage: exportedCheckerLanguage(validator.main), checkerConvention: conventionOfCheckerCode(own) });
    else {
      problem.checkerConvention = 'hoj'; // the adapter answers in HOJ's exit codes
      problem.spjCode = kattisValidatorSource(validator.main, { interactive, flags });
    }
    if (Object.keys(validator.headers).length) problem.judgeExtraFile = validator.headers;
  } else if (flags.length === 2 && flags.join(' ') === SITE_COMPARISON_FLAGS) {
    // A package this site exported (or any asking the same): the site's own comparison judges it.
    problem.judgeMode = 'default';
  } else {
    // Kattis' default validator compares tokens, case-insensitively unless case_sensitive, and numbers
    // within float_(absolute|relative_)tolerance: the same rules as a small checker of our own.
    const checker = tokenCheckerSource(flags, (flag) => warnings.push({ key: 'pkgFlagIgnored', params: { flag } }));
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
  const created: ProblemToCreate = { body, cases, source };
  return { problem: created, warnings };
}

/**
 * Scores of a scoring package: each test folder's `testdata.yaml` (inherited from the folders above it
 * under data/) gives `accept_score` (points of an accepted test, Kattis's default 1) and `grader_flags`
 * (how the folder's scores add up: min, avg, else sum).
 */
async function kattisScores(tree: PackageTree): Promise<{ of(folder: string): { score: number; flags: 'min' | 'avg' | 'sum' } }> {
  const settings = new Map<string, Record<string, unknown>>();
  for (const n of tree.files.keys()) {
    if (!/^data\/(.+\/)?testdata\.yaml$/.test(n)) continue;
    try {
      const v = parseYaml(await readText(tree, n));
      if (v && typeof v === 'object') settings.set(path.posix.dirname(n), v as Record<string, unknown>);
    } catch {
      // an unreadable testdata.yaml leaves Kattis's defaults
    }
  }
  const lookup = (folder: string, key: string): unknown => {
    for (let f = folder; f.startsWith('data'); f = path.posix.dirname(f)) {
      const v = settings.get(f)?.[key];
      if (v !== undefined) return v;
      if (f === 'data') break;
    }
    return undefined;
  };
  return {
    of(folder) {
      const n = Number(lookup(folder, 'accept_score'));
      const flags = String(lookup(folder, 'grader_flags') ?? '').split(/\s+/);
      return { score: Number.isFinite(n) && n >= 0 ? Math.round(n) : 1, flags: flags.includes('min') ? 'min' : flags.includes('avg') ? 'avg' : 'sum' };
    },
  };
}

/**
 * The validator's main source and its headers: the one folder under output_validators/ (legacy), or
 * output_validator/ (2023-07) — or, when that holds no file of its own, its single subfolder.
 */
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
