/**
 * Hydro's problem zip (hydrooj `ProblemImportHydroHandler`): one folder per problem, `<n>/problem.yaml`
 * (title, tag, pid, …), the statement in `<n>/problem.md` or `<n>/problem_<lang>.md` (Markdown),
 * `<n>/testdata/` with the tests and an optional `config.yaml` (time `1s`/`500ms`, memory
 * `256m`/`1g`, `checker_type` + `checker`, `subtasks: [{score, cases: [{input, output}]}]`), and
 * `<n>/additional_file/` (files offered for download: not judged, left out with a warning).
 *
 * Checkers: `default` and `strict` become the built-in line comparison (`default` ignoring trailing
 * blanks), `float` the built-in float comparison; `testlib` and the other program checkers become a
 * special judge (the checker's source from testdata, named or `{file, lang}`; C or C++ by its
 * extension; convention testlib for testlib checkers).
 *
 * Judged as Hydro judges it: limits read with Hydro's grammar (`1.5` = 1.5 s, `500m` = 500 ms, a bare
 * integer = ms; memory `256m`, `1g`, a bare integer = MB) and, where subtasks or cases carry their own,
 * the largest of them (the site has one limit per problem); `langs` (Hydro's language ids, `cc` for
 * every C++) become the problem's languages among the site's; `filename: x` is file IO (x.in, x.out).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { conventionOfCheckerCode, formatMsg, MSG, TESTCASE_ZIP_LIMITS } from '@oj/shared';
import { ApiError, fail } from '../../lib/errors.js';
import type { CaseInput } from '../../lib/testdata.js';
import { pairCases } from './admin-testcase.js';
import { parseImported, type ProblemToCreate } from './admin-store.js';
import type { ImportInput, ImportItem, ProblemImporter } from './import/types.js';
import { knownLanguages } from './service.js';

const PROBLEM_YAML = /^([^/]+)\/problem\.yaml$/;

interface HydroCase {
  input?: string;
  output?: string;
  time?: string | number;
  memory?: string | number;
}
interface HydroConfig {
  type?: string;
  time?: string | number;
  memory?: string | number;
  checker_type?: string;
  checker?: string | { file?: string; lang?: string };
  subtasks?: { score?: number; type?: string; time?: string | number; memory?: string | number; cases?: HydroCase[] }[];
  cases?: HydroCase[];
  filename?: string | null;
  langs?: unknown;
}

/**
 * Hydro's time (`parseTimeMS`): a number or an integer string is ms; else `<n>[m|u]s?`, where no
 * prefix is seconds (`1.5`, `1s`), `m` ms (`500ms`, `500m`) and `u` µs.
 */
function timeMs(v: unknown, where: string): number | undefined {
  if (v === undefined || v === null) return undefined;
  const s = String(v).trim();
  if (typeof v === 'number' || /^\d+$/.test(s)) return Math.max(1, Math.round(Number(v)));
  const m = /^(\d+(?:\.\d*)?)\s*([mu]?)s?$/i.exec(s);
  if (!m) throw fail('importInvalid', { reason: `${where}: bad time ${s.slice(0, 30)}` });
  const unit = m[2]!.toLowerCase();
  return Math.max(1, Math.floor(Number(m[1]) * (unit === 'm' ? 1 : unit === 'u' ? 0.001 : 1000)));
}

/** `256m`, `256MB`, `1g`, `65536k`, `256` (MB) → MB. */
function memoryMb(v: unknown, where: string): number | undefined {
  if (v === undefined || v === null) return undefined;
  const m = /^\s*([\d.]+)\s*([kmg])?i?b?\s*$/i.exec(String(v));
  if (!m) throw fail('importInvalid', { reason: `${where}: bad memory ${String(v).slice(0, 30)}` });
  const n = Number(m[1]);
  const unit = (m[2] ?? 'm').toLowerCase();
  return Math.max(1, Math.ceil(unit === 'g' ? n * 1024 : unit === 'k' ? n / 1024 : n));
}

async function readYaml<T>(file: string, where: string): Promise<T> {
  try {
    return (YAML.parse(await fs.promises.readFile(file, 'utf8')) ?? {}) as T;
  } catch {
    throw fail('importInvalid', { reason: `${where}: not valid YAML` });
  }
}

/** The statement: problem.md, else the Chinese one, else the first problem_<lang>.md. */
function statementFile(folder: string, names: Set<string>): string | undefined {
  if (names.has(`${folder}/problem.md`)) return `${folder}/problem.md`;
  const langs = [...names].filter((n) => new RegExp(`^${folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/problem_[A-Za-z_]+\\.md$`).test(n)).sort();
  return langs.find((n) => /problem_zh\.md$/.test(n)) ?? langs[0];
}

/** A checker's language from its extension (Hydro compiles it by that), or from `lang`; null when not C or C++. */
function checkerLanguage(file: string, lang: unknown): string | null {
  const id = typeof lang === 'string' && lang.trim() ? lang.trim().toLowerCase() : (/\.([^./]+)$/.exec(file)?.[1]?.toLowerCase() ?? 'cc');
  if (id === 'c') return 'C';
  if (['cc', 'cpp', 'cxx', 'c++'].includes(id) || id.startsWith('cc.')) return 'C++';
  return null;
}

/** Hydro language ids (a family like `cc` or `py` covers its variants) → this site's language names. */
const HYDRO_LANGUAGES: [RegExp, string[]][] = [
  [/^c$/, ['C', 'C With O2']],
  [/^cc(\..*)?$/, ['C++', 'C++ With O2', 'C++ 17', 'C++ 17 With O2', 'C++ 20', 'C++ 20 With O2']],
  [/^py$/, ['Python3', 'Python2', 'PyPy3']],
  [/^py\.py3$/, ['Python3']],
  [/^py\.py2$/, ['Python2']],
  [/^py\.pypy3$/, ['PyPy3']],
  [/^java$/, ['Java']],
  [/^kt(\..*)?$/, ['Kotlin']],
  [/^pas$/, ['Pascal']],
  [/^go$/, ['Golang']],
  [/^js$/, ['JavaScript Node']],
  [/^rs$/, ['Rust']],
  [/^hs$/, ['Haskell']],
  [/^rb$/, ['Ruby']],
  [/^cs$/, ['C#']],
  [/^php$/, ['PHP']],
];

/**
 * The problem's languages from Hydro's `langs`: those of the site it names, in the site's order; none
 * named (or none the site has) = every language. `unknown`: the ids the site has nothing for.
 */
function languagesOf(langs: unknown, site: string[]): { languages: string[]; unknown: string[] } {
  if (!Array.isArray(langs) || !langs.length) return { languages: [], unknown: [] };
  const wanted = new Set<string>();
  const unknown: string[] = [];
  for (const raw of langs) {
    const id = String(raw).trim().toLowerCase();
    const names = HYDRO_LANGUAGES.find(([re]) => re.test(id))?.[1].filter((n) => site.includes(n)) ?? [];
    if (names.length) for (const n of names) wanted.add(n);
    else unknown.push(String(raw).slice(0, 30));
  }
  return { languages: site.filter((n) => wanted.has(n)), unknown };
}

/**
 * testlib's standard checkers by name (with or without a source extension) → this site's checker of the
 * same meaning: a built-in comparator, or testlib code of our own run with the bundled testlib.h.
 */
function standardChecker(name: string): Record<string, unknown> | null {
  const n = name.toLowerCase().replace(/\.(?:cc|cpp|cxx|c\+\+)$/, '');
  const builtin: Record<string, Record<string, unknown>> = {
    wcmp: { builtinChecker: 'tokens' },
    ncmp: { builtinChecker: 'integers' },
    hcmp: { builtinChecker: 'integers' },
    uncmp: { builtinChecker: 'sorted-tokens' },
    yesno: { builtinChecker: 'yes-no' },
    rcmp: { builtinChecker: 'floats', checkerPrecision: 6 },
    rcmp4: { builtinChecker: 'floats', checkerPrecision: 4 },
    rcmp6: { builtinChecker: 'floats', checkerPrecision: 6 },
    rcmp9: { builtinChecker: 'floats', checkerPrecision: 9 },
  };
  if (builtin[n]) return builtin[n];
  const code = TESTLIB_STANDARD[n];
  return code ? { judgeMode: 'spj', spjCode: code, spjLanguage: 'C++', checkerConvention: 'testlib' } : null;
}

/** Standard checkers no built-in comparator means: the same comparison written here on testlib. */
const TESTLIB_STANDARD: Record<string, string> = {
  // lines compared as sequences of words
  lcmp: `#include "testlib.h"
#include <sstream>
static std::vector<std::string> words(const std::string &line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  std::string w;
  while (in >> w) out.push_back(w);
  return out;
}
int main(int argc, char *argv[]) {
  registerTestlibCmd(argc, argv);
  int n = 0;
  while (!ans.seekEof()) {
    std::string a = ans.readString(), o = ouf.readString();
    n++;
    if (words(a) != words(o)) quitf(_wa, "line %d differs: expected '%s', found '%s'", n, compress(a).c_str(), compress(o).c_str());
  }
  if (!ouf.seekEof()) quitf(_wa, "extra lines after line %d", n);
  quitf(_ok, "%d lines", n);
}
`,
  // lines compared exactly
  fcmp: `#include "testlib.h"
int main(int argc, char *argv[]) {
  registerTestlibCmd(argc, argv);
  int n = 0;
  while (!ans.eof()) {
    std::string a = ans.readString(), o = ouf.readString();
    n++;
    if (a != o) quitf(_wa, "line %d differs: expected '%s', found '%s'", n, compress(a).c_str(), compress(o).c_str());
  }
  if (!ouf.eof()) quitf(_wa, "extra lines after line %d", n);
  quitf(_ok, "%d lines", n);
}
`,
};

async function problemOf(
  folder: string,
  names: Set<string>,
  root: string,
  siteLanguages: string[],
): Promise<{ problem: ProblemToCreate; warnings: string[]; autoIdPrefix?: string }> {
  const where = `${folder}/problem.yaml`;
  const warnings: string[] = [];
  const meta = await readYaml<{ title?: unknown; tag?: unknown; pid?: unknown }>(path.join(root, where), where);
  const dataDir = `${folder}/testdata/`;
  const configName = `${dataDir}config.yaml`;
  const config = names.has(configName) ? await readYaml<HydroConfig>(path.join(root, configName), configName) : ({} as HydroConfig);
  if (config.type && config.type !== 'default') throw fail('importInvalid', { reason: `${configName}: problem type ${config.type} is not supported` });
  const inData = [...names].filter((n) => n.startsWith(dataDir) && !n.slice(dataDir.length).includes('/')).map((n) => n.slice(dataDir.length));

  const file = (name: string) => {
    if (!names.has(dataDir + name)) throw fail('importInvalid', { reason: `${dataDir}: missing test file ${name}` });
    return { path: path.join(root, dataDir + name) };
  };
  const subtasks = Array.isArray(config.subtasks) ? config.subtasks.filter((s) => s && Array.isArray(s.cases) && s.cases.length) : [];
  // One limit per problem here: the largest a case may have in Hydro (its own, its subtask's, the file's).
  const limitOf = (read: (v: unknown, where: string) => number | undefined, key: 'time' | 'memory') => {
    const top = read(config[key], configName);
    const own = [
      ...subtasks.flatMap((s) => s.cases!.map((c) => read(c?.[key], configName) ?? read(s[key], configName) ?? top)),
      ...(Array.isArray(config.cases) ? config.cases.map((c) => read(c?.[key], configName) ?? top) : []),
    ].filter((n): n is number => n !== undefined);
    return own.length ? Math.max(...own) : top;
  };
  const timeLimit = limitOf(timeMs, 'time') ?? 1000;
  const memoryLimit = limitOf(memoryMb, 'memory') ?? 256;
  let cases: CaseInput[];
  const scored = subtasks.length > 0 && subtasks.some((s) => Number(s.score) > 0);
  if (subtasks.length) {
    // Hydro scores a subtask of type min (its default) by its worst case: each case carries the
    // subtask's score, in one group judged "subtask lowest". A subtask of type sum adds up its cases,
    // the score split evenly: each case is a group of its own there, so its lowest is its own score.
    let group = 0;
    cases = subtasks.flatMap((s) => {
      const score = scored ? Math.max(0, Math.round(Number(s.score) || 0)) : 0;
      const type = String(s.type ?? 'min').toLowerCase();
      if (type !== 'min' && type !== 'sum')
        throw fail('importInvalid', { reason: `${configName}: subtask type ${type.slice(0, 20)} is not supported (min, sum)` });
      const sum = type === 'sum';
      // an even split, the first cases taking the remainder
      const base = Math.floor(score / s.cases!.length);
      const shares = s.cases!.map((_, i) => base + (i < score - base * s.cases!.length ? 1 : 0));
      if (!sum) group++;
      return s.cases!.map((c, i) => ({
        input: file(String(c.input)),
        output: file(String(c.output)),
        inputName: String(c.input),
        outputName: String(c.output),
        score: sum ? shares[i]! : score,
        groupNum: sum ? ++group : group,
      }));
    });
  } else if (Array.isArray(config.cases) && config.cases.length) {
    cases = config.cases.map((c) => ({
      input: file(String(c.input)),
      output: file(String(c.output)),
      inputName: String(c.input),
      outputName: String(c.output),
    }));
  } else {
    cases = pairCases(inData).map((p) => ({
      input: file(p.input),
      output: names.has(dataDir + p.output) ? file(p.output) : '',
      inputName: p.input,
      outputName: p.output,
    }));
  }
  if (!cases.length) throw fail('importInvalid', { reason: `${dataDir}: no test data` });

  const checkerType = String(config.checker_type ?? 'default');
  const checkerName = typeof config.checker === 'string' ? config.checker.trim() : '';
  // A testlib standard checker named, not shipped (`checker: wcmp`): ours of the same meaning.
  const standard = standardChecker(checkerType) ?? (!names.has(dataDir + checkerName) ? standardChecker(checkerName) : null);
  let checker: Record<string, unknown>;
  if (standard) checker = standard;
  else if (checkerType === 'default' || checkerType === 'strict') checker = { builtinChecker: 'lines', isRemoveEndBlank: checkerType === 'default' };
  else if (checkerType === 'float') checker = { builtinChecker: 'floats' };
  else {
    // `checker: chk.cc` or `checker: {file: chk.cc, lang: cc.cc17}` (Hydro's CompilableSource).
    const given = config.checker && typeof config.checker === 'object' ? config.checker : { file: config.checker, lang: undefined };
    const name = String(given.file ?? '');
    if (!name || !names.has(dataDir + name)) throw fail('importInvalid', { reason: `${configName}: checker ${name || '(none)'} not found in testdata` });
    const spjLanguage = checkerLanguage(name, given.lang);
    if (!spjLanguage) throw fail('importInvalid', { reason: `${configName}: checker ${name}: only C and C++ checkers can be judged here` });
    const spjCode = await fs.promises.readFile(path.join(root, dataDir + name), 'utf8');
    // testlib checkers by their type; the other program checkers (lemon, syzoj, …) by what they include.
    const checkerConvention = checkerType === 'testlib' ? 'testlib' : conventionOfCheckerCode(spjCode);
    checker = { judgeMode: 'spj', spjCode, spjLanguage, checkerConvention };
    if (checkerType !== 'testlib') warnings.push(formatMsg(MSG.hydroCheckerType, { type: checkerType }));
  }
  if ([...names].some((n) => n.startsWith(`${folder}/additional_file/`))) warnings.push(formatMsg(MSG.hydroAdditionalFiles, {}));
  const langs = languagesOf(config.langs, siteLanguages);
  if (langs.unknown.length) warnings.push(formatMsg(MSG.hydroLanguages, { langs: langs.unknown.join(', ') }));
  // Hydro's file IO: the program reads <filename>.in and writes <filename>.out.
  const ioName = typeof config.filename === 'string' ? config.filename.trim() : '';
  const fileIo = ioName ? { isFileIO: true, ioReadFileName: `${ioName}.in`, ioWriteFileName: `${ioName}.out` } : {};

  const statement = statementFile(folder, names);
  const tags = [...new Set((Array.isArray(meta.tag) ? meta.tag : []).map((t) => String(t).trim()).filter(Boolean))];
  // Hydro's pid is optional (problems are often known by number only): without a usable one the site numbers it.
  const pid = String(meta.pid ?? '').trim();
  const ownId = /^[A-Za-z0-9_-]{1,50}$/.test(pid) ? pid : undefined;
  const body = parseImported(
    {
      problem: {
        problemId: ownId ?? `tmp-${crypto.randomUUID()}`,
        title: String(meta.title ?? '').trim(),
        description: statement ? await fs.promises.readFile(path.join(root, statement), 'utf8') : '',
        timeLimit,
        memoryLimit,
        ...fileIo,
        type: scored ? 1 : 0,
        auth: 1,
        ...(scored ? { judgeCaseMode: 'subtask_lowest', ioScore: subtasks.reduce((a, s) => a + Math.max(0, Math.round(Number(s.score) || 0)), 0) || 100 } : {}),
        ...checker,
      },
      tags: tags.map((name) => ({ name })),
      languages: langs.languages,
    },
    where,
    'importInvalid',
  );
  return { problem: { body, cases, source: where }, warnings, autoIdPrefix: ownId ? undefined : 'HYDRO-' };
}

async function* parseHydro({ ctx, zip }: ImportInput): AsyncGenerator<ImportItem> {
  const siteLanguages = await knownLanguages(ctx.database.db);
  const folders = [...zip!.names].flatMap((n) => PROBLEM_YAML.exec(n)?.[1] ?? []).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  if (!folders.length) throw fail('importInvalid', { reason: 'no <n>/problem.yaml in the zip' });
  for (const [i, folder] of folders.entries()) {
    const source = `${folder}/problem.yaml`;
    const progress = (i + 1) / folders.length;
    try {
      const { problem, warnings, autoIdPrefix } = await problemOf(folder, zip!.names, zip!.root, siteLanguages);
      yield { kind: 'problem', source, problem, warnings, autoIdPrefix, progress };
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      yield { kind: 'refused', source, reason: e.message, progress };
    }
  }
}

export const hydroImporter: ProblemImporter = {
  format: 'hydro',
  accept: ['.zip'],
  zip: true,
  maxBytes: TESTCASE_ZIP_LIMITS.zipMaxBytes,
  detect: ({ zipNames }) => !!zipNames?.some((n) => PROBLEM_YAML.test(n)),
  parse: parseHydro,
};
