/**
 * Hydro's problem zip (hydrooj `ProblemImportHydroHandler`): one folder per problem, `<n>/problem.yaml`
 * (title, tag, pid, …), the statement in `<n>/problem.md` or `<n>/problem_<lang>.md` (Markdown),
 * `<n>/testdata/` with the tests and an optional `config.yaml` (time `1s`/`500ms`, memory
 * `256m`/`1g`, `checker_type` + `checker`, `subtasks: [{score, cases: [{input, output}]}]`), and
 * `<n>/additional_file/` (files offered for download: not judged, left out with a warning).
 *
 * Checkers: `default` and `strict` become the built-in line comparison (`default` ignoring trailing
 * blanks), `float` the built-in float comparison; `testlib` and the other program checkers become a
 * special judge (the checker's source from testdata; convention testlib for testlib checkers).
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

const PROBLEM_YAML = /^([^/]+)\/problem\.yaml$/;

interface HydroCase {
  input?: string;
  output?: string;
}
interface HydroConfig {
  type?: string;
  time?: string | number;
  memory?: string | number;
  checker_type?: string;
  checker?: string;
  subtasks?: { score?: number; cases?: HydroCase[] }[];
  cases?: HydroCase[];
  filename?: string;
}

/** `1s`, `1.5s`, `500ms`, `1000` (ms) → ms. */
function timeMs(v: unknown, where: string): number | undefined {
  if (v === undefined || v === null) return undefined;
  const m = /^\s*([\d.]+)\s*(ms|s)?\s*$/i.exec(String(v));
  if (!m) throw fail('importInvalid', { reason: `${where}: bad time ${String(v).slice(0, 30)}` });
  const n = Number(m[1]);
  return Math.max(1, Math.round(m[2]?.toLowerCase() === 's' ? n * 1000 : n));
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

async function problemOf(folder: string, names: Set<string>, root: string): Promise<{ problem: ProblemToCreate; warnings: string[]; autoIdPrefix?: string }> {
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
  let cases: CaseInput[];
  const scored = subtasks.length > 0 && subtasks.some((s) => Number(s.score) > 0);
  if (subtasks.length) {
    // Hydro scores a subtask by its worst case: each case carries the subtask's score, judged as "subtask lowest".
    cases = subtasks.flatMap((s, g) =>
      s.cases!.map((c) => ({
        input: file(String(c.input)),
        output: file(String(c.output)),
        inputName: String(c.input),
        outputName: String(c.output),
        score: scored ? Math.max(0, Math.round(Number(s.score) || 0)) : 0,
        groupNum: g + 1,
      })),
    );
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
  let checker: Record<string, unknown>;
  if (checkerType === 'default' || checkerType === 'strict') checker = { builtinChecker: 'lines', isRemoveEndBlank: checkerType === 'default' };
  else if (checkerType === 'float') checker = { builtinChecker: 'floats' };
  else {
    const name = String(config.checker ?? '');
    if (!name || !names.has(dataDir + name)) throw fail('importInvalid', { reason: `${configName}: checker ${name || '(none)'} not found in testdata` });
    const spjCode = await fs.promises.readFile(path.join(root, dataDir + name), 'utf8');
    // testlib checkers by their type; the other program checkers (lemon, syzoj, …) by what they include.
    const checkerConvention = checkerType === 'testlib' ? 'testlib' : conventionOfCheckerCode(spjCode);
    checker = { judgeMode: 'spj', spjCode, spjLanguage: /\.c$/i.test(name) ? 'C' : 'C++', checkerConvention };
    if (checkerType !== 'testlib') warnings.push(formatMsg(MSG.hydroCheckerType, { type: checkerType }));
  }
  if ([...names].some((n) => n.startsWith(`${folder}/additional_file/`))) warnings.push(formatMsg(MSG.hydroAdditionalFiles, {}));

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
        timeLimit: timeMs(config.time, configName) ?? 1000,
        memoryLimit: memoryMb(config.memory, configName) ?? 256,
        type: scored ? 1 : 0,
        auth: 1,
        ...(scored ? { judgeCaseMode: 'subtask_lowest', ioScore: subtasks.reduce((a, s) => a + Math.max(0, Math.round(Number(s.score) || 0)), 0) || 100 } : {}),
        ...checker,
      },
      tags: tags.map((name) => ({ name })),
    },
    where,
    'importInvalid',
  );
  return { problem: { body, cases, source: where }, warnings, autoIdPrefix: ownId ? undefined : 'HYDRO-' };
}

async function* parseHydro({ zip }: ImportInput): AsyncGenerator<ImportItem> {
  const folders = [...zip!.names].flatMap((n) => PROBLEM_YAML.exec(n)?.[1] ?? []).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  if (!folders.length) throw fail('importInvalid', { reason: 'no <n>/problem.yaml in the zip' });
  for (const [i, folder] of folders.entries()) {
    const source = `${folder}/problem.yaml`;
    const progress = (i + 1) / folders.length;
    try {
      const { problem, warnings, autoIdPrefix } = await problemOf(folder, zip!.names, zip!.root);
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
