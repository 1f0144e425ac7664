/**
 * `oj run`: judges one program on one input locally, in the real sandbox, and prints one JSON line
 * (usable by benchmarks and scripts):
 *
 *   oj run --language "C++" --source main.cpp --input 1.in [--expected 1.out]
 *          [--time-limit 1000] [--memory-limit 256] [--stack-limit 128]
 *          [--spj checker.cpp | --interactor interactor.cpp] [--checker-language C++]
 *          [--checker-convention hoj|testlib] [--checker lines|tokens|integers|floats|yes-no|sorted-tokens]
 *          [--precision 4..9] [--remove-end-blank] [--file-io IN_NAME:OUT_NAME] [--output-limit KB]
 *   oj run --list-languages
 *
 * With --expected (or a checker/interactor, whose answer file it is) the run is judged like one
 * case of a submission; without, the program just runs ("Accepted" = run finished) and its output
 * is reported. --checker picks the built-in comparator (default lines), --precision its float error
 * 1e-N; --checker-convention how the checker/interactor's verdict is read (default: testlib when
 * its source includes testlib.h, else hoj — the rule for problems stored without one). Output: {status, statusName, time (ms), memory (KB), message, userOutput, stderr,
 * judgeMode, score?}. Exit code 0 whenever a verdict was printed, 2 for bad arguments.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CHECKER_CONVENTIONS, CHECKER_PRECISION, conventionOfCheckerCode, type BuiltinChecker, type CheckerConvention } from '@oj/shared';
import { getLanguages } from '../languages.js';
import { ensureRunnerBuilt } from '../sandbox.js';
import { builtinCheckers } from '../builtin-checkers.js';
import { judgeSubmission, type JudgeMode } from '../submission.js';
import { testRun } from '../test-run.js';
import { statusName } from '../verdict.js';

const CHECKER_NAMES = builtinCheckers().map((c) => c.name);

const USAGE = `usage: oj run --language NAME --source FILE --input FILE [--expected FILE]
              [--time-limit MS] [--memory-limit MB] [--stack-limit MB]
              [--spj FILE | --interactor FILE] [--checker-language C|C++] [--checker-convention hoj|testlib]
              [--checker ${CHECKER_NAMES.join('|')}] [--precision ${CHECKER_PRECISION.min}..${CHECKER_PRECISION.max}]
              [--remove-end-blank] [--file-io IN:OUT] [--output-limit KB]
       oj run --list-languages`;

function usage(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) usage(`--${name} must be a positive integer, got "${value}"`);
  return n;
}

function mustBeFile(name: string, file: string): string {
  const p = path.resolve(file);
  let ok = false;
  try {
    ok = fs.statSync(p).isFile();
  } catch {
    ok = false;
  }
  if (!ok) usage(`--${name} ${file} is not a readable file`);
  return p;
}

function readFile(name: string, file: string): Buffer {
  try {
    return fs.readFileSync(path.resolve(file));
  } catch (e) {
    usage(`cannot read --${name} ${file}: ${(e as Error).message}`);
  }
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        language: { type: 'string' },
        source: { type: 'string' },
        input: { type: 'string' },
        expected: { type: 'string' },
        'time-limit': { type: 'string' },
        'memory-limit': { type: 'string' },
        'stack-limit': { type: 'string' },
        spj: { type: 'string' },
        interactor: { type: 'string' },
        'checker-language': { type: 'string' },
        'checker-convention': { type: 'string' },
        checker: { type: 'string' },
        precision: { type: 'string' },
        'remove-end-blank': { type: 'boolean' },
        'file-io': { type: 'string' },
        'output-limit': { type: 'string' },
        'list-languages': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (e) {
    usage((e as Error).message);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (values['list-languages']) {
    process.stdout.write(`${JSON.stringify(getLanguages().map((l) => ({ name: l.name, description: l.description })))}\n`);
    return;
  }
  if (!values.language) usage('--language is required');
  if (!values.source) usage('--source is required');
  if (!values.input) usage('--input is required');
  if (values.spj && values.interactor) usage('--spj and --interactor exclude each other');
  const language = values.language;
  if (!getLanguages().some((l) => l.name === language)) {
    usage(
      `language "${language}" is not available here; available: ${getLanguages()
        .map((l) => l.name)
        .join(', ')}`,
    );
  }
  let fileIO = null;
  if (values['file-io']) {
    const [readFileName, writeFileName] = values['file-io'].split(':');
    if (!readFileName || !writeFileName) usage('--file-io wants IN_NAME:OUT_NAME');
    fileIO = { readFileName, writeFileName };
  }
  const code = readFile('source', values.source).toString('utf8');
  const input = mustBeFile('input', values.input);
  const expected = values.expected !== undefined ? mustBeFile('expected', values.expected) : undefined;
  const limits = {
    timeLimitMs: positiveInt('time-limit', values['time-limit'], 1000),
    memoryLimitMb: positiveInt('memory-limit', values['memory-limit'], 256),
    stackLimitMb: positiveInt('stack-limit', values['stack-limit'], 128),
  };
  const outputLimitKb = values['output-limit'] ? positiveInt('output-limit', values['output-limit'], 0) : undefined;
  const judgeMode: JudgeMode = values.spj ? 'spj' : values.interactor ? 'interactive' : 'default';
  const checkerFile = values.spj ?? values.interactor;
  const builtinChecker = (values.checker ?? 'lines') as BuiltinChecker;
  if (!CHECKER_NAMES.includes(builtinChecker)) usage(`--checker must be one of ${CHECKER_NAMES.join(', ')}`);
  const precision = positiveInt('precision', values.precision, CHECKER_PRECISION.default);
  if (precision < CHECKER_PRECISION.min || precision > CHECKER_PRECISION.max) usage(`--precision must be ${CHECKER_PRECISION.min}..${CHECKER_PRECISION.max}`);
  const convention = values['checker-convention'] as CheckerConvention | undefined;
  if (convention !== undefined && !CHECKER_CONVENTIONS.includes(convention)) usage(`--checker-convention must be one of ${CHECKER_CONVENTIONS.join(', ')}`);
  const checkerCode = checkerFile ? readFile(values.spj ? 'spj' : 'interactor', checkerFile).toString('utf8') : undefined;
  ensureRunnerBuilt();

  if (expected === undefined && judgeMode === 'default') {
    const r = await testRun({
      language,
      code,
      input: fs.readFileSync(input, 'utf8'),
      limits,
      fileIO,
      removeEndBlank: values['remove-end-blank'],
      outputLimitKb,
      maxInputChars: Infinity,
    });
    print({
      status: r.status,
      statusName: statusName(r.status),
      time: r.time,
      memory: r.memory,
      message: r.stderr,
      userOutput: r.userOutput,
      stderr: r.stderr,
      judgeMode,
    });
    return;
  }
  const r = await judgeSubmission({
    language,
    code,
    ...limits,
    judgeMode,
    fileIO,
    outputLimitKb,
    removeEndBlank: values['remove-end-blank'],
    builtinChecker,
    checkerPrecision: precision,
    checkerConvention: convention ?? conventionOfCheckerCode(checkerCode),
    checker: checkerCode !== undefined ? { language: values['checker-language'] ?? 'C++', code: checkerCode } : undefined,
    cases: [{ input: { path: input }, output: expected !== undefined ? { path: expected } : '' }],
  });
  const c = r.cases[0];
  print({
    status: r.status,
    statusName: statusName(r.status),
    time: r.time,
    memory: r.memory,
    message: r.errorMessage ?? c?.message ?? '',
    userOutput: c?.userOutput ?? '',
    stderr: c?.stderr ?? '',
    judgeMode,
    ...(c?.percentage !== undefined ? { percentage: c.percentage } : {}),
  });
}

function print(result: Record<string, unknown>) {
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((e: Error) => {
  process.stderr.write(`oj run: ${e.stack ?? e.message}\n`);
  process.exit(1);
});
