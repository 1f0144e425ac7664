/**
 * testlib's own test suite (fixtures/testlib-suite, copied from MikeMirzayanov/testlib's tests/)
 * against the shipped testlib.h. Each upstream test program is compiled once in the real sandbox and
 * run with the same arguments and stdin as upstream's run.sh; its exit code, stdout and stderr are
 * compared with the outputs upstream recorded for real testlib, the way upstream's test-ref does
 * (line by line, as sequences of whitespace-separated tokens).
 *
 * Upstream has 117 recorded checks; the one run through CrossRun.jar (an interactor and a solution
 * joined by a Java helper) is left out, the interactive pair is tested in interactive.test.ts.
 * KNOWN_FAILING lists the checks the shipped testlib.h does not pass yet: the count can only grow.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompiledChecker, checkerRequest, compileChecker, DEFAULT_CHECKER_LIMITS } from '../src/checker.js';
import { ensureRunnerBuilt, runSandboxed } from '../src/sandbox.js';

const SUITE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'testlib-suite');

interface Check {
  /** Folder of the recorded outputs, relative to the test's refs/. */
  ref: string;
  args: string[];
  /** stdin, relative to the test's folder. */
  stdin?: string;
  /** A file the program writes in /box whose text (CR removed) is a second check, as upstream's `cat`. */
  outputFile?: { name: string; ref: string };
}

interface Program {
  test: string;
  /** The source, relative to the test's folder. */
  source: string;
  checks: Check[];
}

const range = (from: number, to: number, width = 2) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i).padStart(width, '0'));

/** The invocations of upstream's run.sh files (test-000 only compiles upstream's own checkers). */
function programs(): Program[] {
  const list: Program[] = [];
  const t1 = 'test-001_run-sval-case-nval';
  for (const name of ['case-nval', 'case-string-zb']) {
    const inputs = fs.readdirSync(path.join(SUITE, t1, 'files/unix', name)).sort();
    const checks: Check[] = [];
    for (const j of inputs) {
      const stdin = `files/unix/${name}/${j}`;
      checks.push({ ref: `r-${name}-${j}`, args: ['--testMarkupFileName', 'stderr'], stdin });
      for (const t of ['1', '2']) checks.push({ ref: `r-${name}-${j}-${t}`, args: ['--testMarkupFileName', 'stderr', '--testCase', t], stdin });
      checks.push({ ref: `r-${name}-${j}-3`, args: ['--testCase', '3'], stdin });
      checks.push({ ref: `r-${name}-${j}-3-stderr`, args: ['--testCase', '3', '--testCaseFileName', 'stderr'], stdin });
      checks.push({ ref: `r-${name}-${j}-4`, args: ['--testCase', '4', '--testCaseFileName', 'stderr'], stdin });
    }
    list.push({ test: t1, source: `src/${name}.cpp`, checks });
  }
  list.push({
    test: t1,
    source: 'src/sval.cpp',
    checks: range(1, 10).map((i) => ({ ref: `r-sval-input.${i}`, args: [], stdin: `files/unix/sval/input.${i}` })),
  });

  const t2 = 'test-002_run-fcmp-wcmp';
  // Relative paths, as upstream's run.sh gives them (a missing answer file's message names it so).
  const f = (name: string) => `files/${name}`;
  const triples = (output: string) => [
    [f('input.01'), f(output), f('answer.01')],
    [f('input.01'), f(output), f('output.01')],
    [f('input.01'), f(output), f('answer2.01')],
  ];
  list.push({
    test: t2,
    source: 'src/wcmp.cpp',
    checks: [
      ...triples('output.01').map((args, i) => ({ ref: `r${i + 1}`, args })),
      // "BOM shouldn't change refs": the same outputs with a byte order mark in front.
      ...triples('output.01.bom').map((args, i) => ({ ref: `r${i + 1}`, args })),
    ],
  });
  list.push({ test: t2, source: 'src/fcmp.cpp', checks: triples('output.01').map((args, i) => ({ ref: `r${i + 4}`, args })) });

  list.push({
    test: 'test-003_run-rnd',
    source: 'src/gen.cpp',
    checks: [
      { ref: 'r1', args: ['10', '100'] },
      { ref: 'r2', args: ['100', '1000'] },
    ],
  });
  list.push({ test: 'test-004_use-test.h', source: 'test.cpp', checks: [{ ref: 'r1', args: [] }] });
  list.push({
    test: 'test-005_no-register',
    source: 'src/g.cpp',
    checks: [
      { ref: 'r1', args: [] },
      { ref: 'r2', args: ['100'] },
    ],
  });
  const optArgs = [
    [],
    ['-test-count', '3'],
    ['-test-count', '3', '-sum-n', '10', '-min-val', '1'],
    ['-test-count', '3', '-sum-n', '10', '-min-value', '10', '-max-val', '20'],
    ['-test-count', '3', '-sum-n', '10', '-min-length', '3', '-min-value', '10', '-max-value', '20'],
    ['-test-count', '3', '-sum-n', '10', '-min-n', '3', '-min-value', '10', '-max-value', '20', '-bias-value', '3'],
    ['-test-count', '3', '-sum-n', '10'],
    ['-test-count', '3', '-sum-n', '10', '-min-value', '10'],
    ['-test-count', '5', '-sum-n', '100', '-min-n', '3', '-min-value', '10', '-max-value', '20', '-value-bias', '-3'],
  ];
  for (const name of ['auto-ensure-no-unused-opts', 'suppress-auto-ensure-no-unused-opts']) {
    list.push({ test: 'test-005_opts', source: `files/test-${name}.cpp`, checks: optArgs.map((args, i) => ({ ref: `${name}/r${i + 1}`, args })) });
  }
  list.push({
    test: 'test-006_interactors',
    source: 'src/interactor-a-plus-b.cpp',
    checks: [
      {
        ref: 'r-interactor-a-plus-b-1-1',
        args: ['files/unix/input.01', 'output.01'],
        stdin: 'files/unix/participant.01',
        outputFile: { name: 'output.01', ref: 'r-interactor-a-plus-b-1-2' },
      },
    ],
  });
  for (const v of ['v1', 'v2', 'v3', 'v4']) {
    list.push({
      test: 'test-007_validators',
      source: `src/${v}.cpp`,
      checks: range(1, 6).map((i) => ({ ref: `${v}-${i}`, args: ['--testOverviewLogFileName', 'stderr'], stdin: `files/unix/input.${i}` })),
    });
  }
  for (const name of ['test-format', 'test-format-format1', 'test-format-format2']) {
    // Upstream runs each twice (with and without valgrind): one run here.
    list.push({ test: 'test-008_format', source: `files/${name}.cpp`, checks: [{ ref: `${name}/r1`, args: [] }] });
  }
  return list;
}

/** Checks the shipped testlib.h does not pass yet (test/ref), with why. */
const KNOWN_FAILING = new Map<string, string>([]);

/** The source with its local includes ("test.h", "tests/x.cpp") pasted in: the checker box gets one file. */
function inlineIncludes(file: string): string {
  return fs
    .readFileSync(file, 'latin1')
    .replace(/^#include "(?!testlib\.h")([^"]+)"\s*$/gm, (_, name: string) => inlineIncludes(path.join(path.dirname(file), name)));
}

/** Upstream's comparison (tests/src/tester-lcmp.cpp): each line as a sequence of whitespace-separated tokens. */
function sameLines(found: string, expected: string): boolean {
  const lines = (s: string) => {
    const l = s.split('\n').map((line) => line.split(/[ \t\r\f\v]+/).filter(Boolean));
    while (l.length > 0 && l[l.length - 1].length === 0) l.pop();
    return JSON.stringify(l);
  };
  return lines(found) === lines(expected);
}

const compiled = new Map<string, CompiledChecker | string>();
/** Every check's key and whether it passed, for the summary line. */
const results = new Map<string, boolean>();
let work: string;
let n = 0;
const all = programs();

beforeAll(async () => {
  ensureRunnerBuilt();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-testlib-suite-'));
  fs.chmodSync(work, 0o755);
  // The suite readable by the box user.
  fs.cpSync(SUITE, path.join(work, 'suite'), { recursive: true });
  for (const p of fs.readdirSync(path.join(work, 'suite'), { recursive: true, withFileTypes: true })) {
    fs.chmodSync(path.join(p.parentPath, p.name), p.isDirectory() ? 0o755 : 0o644);
  }
  // Two at a time: the machine's cores are shared.
  const queue = [...all];
  const worker = async () => {
    for (let p = queue.shift(); p; p = queue.shift()) {
      const code = inlineIncludes(path.join(SUITE, p.test, p.source));
      // A generous compile limit: the machine is shared and test-004 is one large program.
      const r = await compileChecker({ language: 'C++', code }, {}, { compileTimeMs: 180_000 });
      compiled.set(`${p.test}/${p.source}`, r.checker ?? r.error);
    }
  };
  await Promise.all([worker(), worker()]);
}, 600_000);

afterAll(() => {
  const failed = [...results].filter(([, ok]) => !ok).map(([key]) => key);
  console.log(`testlib suite: ${results.size - failed.length} of ${results.size} checks pass${failed.length ? `; failing: ${failed.join(' ')}` : ''}`);
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

interface Outcome {
  exitCode: string;
  stdout: string;
  stderr: string;
}

function recorded(test: string, ref: string): Outcome {
  const dir = path.join(SUITE, test, 'refs', ref);
  const read = (name: string) => fs.readFileSync(path.join(dir, name), 'latin1');
  return { exitCode: read('exit_code').trim(), stdout: read('stdout'), stderr: read('stderr') };
}

/** Runs one check; the list of its differences from upstream's recorded outputs (empty: it passes). */
async function runCheck(p: Program, c: Check): Promise<string[]> {
  const bin = compiled.get(`${p.test}/${p.source}`);
  if (typeof bin !== 'object') return [`does not compile: ${String(bin).slice(0, 500)}`];
  const dir = path.join(work, `run${n++}`);
  fs.mkdirSync(dir, { mode: 0o777 });
  fs.chmodSync(dir, 0o777);
  const testDir = path.join(work, 'suite', p.test);
  const report = await runSandboxed({
    // The program runs in /box: the test's files/ at files/, as in upstream's test folder.
    ...checkerRequest(bin, fs.existsSync(path.join(testDir, 'files')) ? [{ src: path.join(testDir, 'files'), dst: '/box/files' }] : [], DEFAULT_CHECKER_LIMITS),
    argv: [bin.binary, ...c.args],
    stdin: c.stdin ? path.join(testDir, c.stdin) : '/dev/null',
    stdout: path.join(dir, 'stdout'),
    stderr: path.join(dir, 'stderr'),
    copyOutDir: c.outputFile ? dir : undefined,
  });
  const found: Outcome = {
    exitCode: String(report.exitCode ?? `signal ${report.signal}`),
    stdout: fs.readFileSync(path.join(dir, 'stdout'), 'latin1'),
    stderr: fs.readFileSync(path.join(dir, 'stderr'), 'latin1'),
  };
  const want = recorded(p.test, c.ref);
  const diffs: string[] = [];
  if (found.exitCode !== want.exitCode) diffs.push(`exit code ${found.exitCode}, upstream ${want.exitCode}`);
  for (const s of ['stdout', 'stderr'] as const) {
    if (!sameLines(found[s], want[s])) diffs.push(`${s}:\n${JSON.stringify(found[s].slice(0, 800))}\nupstream:\n${JSON.stringify(want[s].slice(0, 800))}`);
  }
  if (c.outputFile) {
    const file = path.join(dir, c.outputFile.name);
    const text = fs.existsSync(file) ? fs.readFileSync(file, 'latin1').replace(/\r/g, '') : '(no file)';
    if (!sameLines(text, recorded(p.test, c.outputFile.ref).stdout)) diffs.push(`${c.outputFile.name}: ${JSON.stringify(text.slice(0, 400))}`);
  }
  return diffs;
}

describe("testlib's own test suite against the shipped testlib.h", () => {
  for (const p of all) {
    it(`${p.test}/${p.source}`, async () => {
      const failures: string[] = [];
      const unexpectedPasses: string[] = [];
      for (const c of p.checks) {
        const key = `${p.test}/${c.ref}`;
        const diffs = await runCheck(p, c);
        results.set(`${key} ${c.args.join(' ')}`, diffs.length === 0);
        if (diffs.length > 0 && !KNOWN_FAILING.has(key)) failures.push(`${key} ${c.args.join(' ')}: ${diffs.join('; ')}`);
        if (diffs.length === 0 && KNOWN_FAILING.has(key)) unexpectedPasses.push(key);
      }
      expect(failures).toEqual([]);
      // A check that passes now leaves the known failures, so the count cannot go back.
      expect(unexpectedPasses).toEqual([]);
    }, 120_000);
  }
});
