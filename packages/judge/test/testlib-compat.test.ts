/**
 * The shipped testlib.h against checkers, a validator, a generator and an interactor written with
 * testlib's API (fixtures/testlib: re-implementations of testlib's own checkers and of a Library
 * Checker style checker). Each fixture is compiled once in the real sandbox; the verdicts, messages
 * and exit codes are those real testlib 0.9.x gives on the same files.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JudgeStatus } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKER_FILES, type CompiledChecker, checkerRequest, compileChecker, DEFAULT_CHECKER_LIMITS, runChecker } from '../src/checker.js';
import { ensureRunnerBuilt, runSandboxed } from '../src/sandbox.js';
import { judgeSubmission } from '../src/submission.js';

const S = JudgeStatus;
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'testlib');
const CHECKERS = [
  'wcmp',
  'lcmp',
  'ncmp',
  'rcmp4',
  'rcmp6',
  'rcmp9',
  'yesno',
  'nyesno',
  'hcmp',
  'fcmp',
  'icmp',
  'dcmp',
  'acmp',
  'uncmp',
  'caseicmp',
  'casencmp',
  'pointscmp',
  'pointsinfo',
  'librarychecker',
  'validator',
  'casevalidator',
  'readmessages',
  'generator',
  'optgen',
];

const compiled = new Map<string, CompiledChecker>();
let work: string;
let n = 0;

beforeAll(async () => {
  ensureRunnerBuilt();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-testlib-'));
  fs.chmodSync(work, 0o755);
  // Two at a time: the machine's cores are shared.
  const queue = [...CHECKERS];
  const worker = async () => {
    for (let name = queue.shift(); name; name = queue.shift()) {
      const code = fs.readFileSync(path.join(FIXTURES, `${name}.cpp`), 'utf8');
      const r = await compileChecker({ language: 'C++', code });
      if (!r.checker) throw new Error(`${name} does not compile against the shipped testlib.h:\n${r.error}`);
      compiled.set(name, r.checker);
    }
  };
  await Promise.all([worker(), worker()]);
}, 300_000);

afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

/** A fresh directory holding the three files, readable by the box user. */
function caseFiles(input: string | Buffer, output: string | Buffer, answer: string | Buffer) {
  const dir = path.join(work, `case${n++}`);
  fs.mkdirSync(dir, { mode: 0o755 });
  const files = { input: path.join(dir, 'input'), userOutput: path.join(dir, 'output'), answer: path.join(dir, 'answer') };
  fs.writeFileSync(files.input, input, { mode: 0o644 });
  fs.writeFileSync(files.userOutput, output, { mode: 0o644 });
  fs.writeFileSync(files.answer, answer, { mode: 0o644 });
  return { dir, files };
}

async function check(name: string, output: string | Buffer, answer: string, input = '') {
  const { dir, files } = caseFiles(input, output, answer);
  const r = await runChecker(compiled.get(name)!, files, dir, 'testlib');
  const stderr = fs.readFileSync(path.join(dir, 'checker.err'), 'utf8');
  // testlib's comment is the judges' reading (`judgeMessage`); a FAIL stays the System Error's message.
  expect(r.judgeMessage === undefined || r.message === undefined || r.status === S.SYSTEM_ERROR).toBe(true);
  return { status: r.status, message: r.judgeMessage ?? r.message, percentage: r.percentage, exitCode: r.report.exitCode, stderr };
}

/** Runs a compiled fixture with its own argv and stdin (validators and generators). */
async function run(name: string, args: string[], stdin: string) {
  const dir = path.join(work, `run${n++}`);
  fs.mkdirSync(dir, { mode: 0o755 });
  fs.writeFileSync(path.join(dir, 'stdin'), stdin, { mode: 0o644 });
  const c = compiled.get(name)!;
  const report = await runSandboxed({
    ...checkerRequest(c, [], DEFAULT_CHECKER_LIMITS),
    argv: [c.binary, ...args],
    stdin: path.join(dir, 'stdin'),
    stdout: path.join(dir, 'out'),
    stderr: path.join(dir, 'err'),
  });
  return { exitCode: report.exitCode, stdout: fs.readFileSync(path.join(dir, 'out'), 'utf8'), stderr: fs.readFileSync(path.join(dir, 'err'), 'utf8') };
}

describe('testlib checkers compile against the shipped testlib.h and judge like real testlib', () => {
  it('accepted, wrong answer and wrong output format, with testlib exit codes and messages', async () => {
    expect(await check('wcmp', 'hello  world\n', 'hello world')).toMatchObject({ status: S.ACCEPTED, exitCode: 0, stderr: 'ok 2 tokens\n' });
    expect(await check('wcmp', 'hello there\n', 'hello world')).toMatchObject({
      status: S.WRONG_ANSWER,
      exitCode: 1,
      message: "2nd words differ - expected: 'world', found: 'there'",
    });
    expect(await check('icmp', 'x\n', '5')).toMatchObject({
      status: S.PRESENTATION_ERROR,
      exitCode: 2,
      stderr: 'wrong output format Expected integer, but "x" found\n',
    });
    expect(await check('icmp', '5 6\n', '5')).toMatchObject({
      status: S.PRESENTATION_ERROR,
      exitCode: 2,
      stderr: 'wrong output format Extra information in the output file\n',
    });
    expect(await check('lcmp', '1  2\n3\n', '1 2\n3\n')).toMatchObject({ status: S.ACCEPTED, message: '2 lines' });
    expect((await check('lcmp', '1 2 3\n', '1 2\n3\n')).status).toBe(S.WRONG_ANSWER);
    expect((await check('fcmp', 'a  b\n', 'a b\n')).status).toBe(S.WRONG_ANSWER);
    expect(await check('fcmp', 'a b\r\n', 'a b\n')).toMatchObject({ status: S.ACCEPTED, message: "single line: 'a b'" });
    expect(await check('ncmp', '1 2 3', '1 2 3')).toMatchObject({ status: S.ACCEPTED, message: '3 number(s): "1 2 3"' });
    expect(await check('ncmp', '1 2 3 4', '1 2 3')).toMatchObject({
      status: S.WRONG_ANSWER,
      message: 'Output contains longer sequence [length = 4], but answer contains 3 elements',
    });
    expect(await check('ncmp', '01', '1')).toMatchObject({ status: S.PRESENTATION_ERROR, exitCode: 2 });
    expect(await check('uncmp', '3 1 2', '1 2 3')).toMatchObject({ status: S.ACCEPTED, message: '3 numbers (in increasing order): 1 2 3' });
    expect(await check('hcmp', '-123456789012345678901234567890', '-123456789012345678901234567890')).toMatchObject({ status: S.ACCEPTED });
    expect(await check('hcmp', '007', '7')).toMatchObject({ status: S.PRESENTATION_ERROR, message: '007 is not a valid integer' });
    expect(await check('yesno', 'yEs', 'YES')).toMatchObject({ status: S.ACCEPTED, message: 'answer is YES' });
    expect(await check('yesno', 'maybe', 'YES')).toMatchObject({ status: S.PRESENTATION_ERROR, exitCode: 2 });
    expect(await check('nyesno', 'yes no', 'YES NO')).toMatchObject({ status: S.ACCEPTED, message: '2 token(s): yes count is 1, no count is 1' });
    expect(await check('casencmp', 'Case 1: 1 2 Case 2: 3', 'Case 1: 1 2\nCase 2: 3\n')).toMatchObject({ status: S.ACCEPTED, message: '2 test cases(s)' });
    expect(await check('casencmp', 'Case 1: 1 x\n', 'Case 1: 1 2\n')).toMatchObject({
      status: S.PRESENTATION_ERROR,
      message: 'Expected integer, but "x" found',
    });
    expect(await check('caseicmp', 'Case 1: 5\nCase 2: 8\n', 'Case 1: 5\nCase 2: 7\n')).toMatchObject({
      status: S.WRONG_ANSWER,
      message: 'Expected 7 found 8 [test case 2]',
    });
  });

  it('floating point checkers keep their own EPS and compare like testlib', async () => {
    expect((await check('rcmp4', '1.00005 2', '1 2')).status).toBe(S.ACCEPTED);
    expect((await check('rcmp6', '1.00005 2', '1 2')).status).toBe(S.WRONG_ANSWER);
    expect((await check('rcmp9', '1000000000.5', '1000000000')).status).toBe(S.ACCEPTED); // relative 5e-10
    expect((await check('rcmp9', '0.000000002', '0')).status).toBe(S.WRONG_ANSWER);
    expect((await check('dcmp', '3.1415926', '3.14159265')).status).toBe(S.ACCEPTED);
    expect((await check('acmp', '1.000002', '1')).status).toBe(S.WRONG_ANSWER);
    expect(await check('rcmp6', 'nan', '1')).toMatchObject({ status: S.PRESENTATION_ERROR, message: 'Expected double, but "nan" found' });
  });

  // Upstream testlib (checked against testlib.h of MikeMirzayanov/testlib and its checkers): only
  // registerTestlibCmd skips a byte order mark, and only in the output (ouf.skipBom()); in the
  // answer the three bytes belong to the first token. A NUL byte is an ordinary character of a token
  // or line; a number holding one is "Expected integer, but ... found (it contains \0)". A bad
  // answer file is the jury's fault (FAIL, exit 3), a bad output a wrong output format (PE, exit 2).
  it('a UTF-8 byte order mark: skipped at the start of the output, part of the first token of the answer (as upstream)', async () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    expect(await check('wcmp', Buffer.concat([bom, Buffer.from('hello world\n')]), 'hello world')).toMatchObject({ status: S.ACCEPTED, exitCode: 0 });
    expect(await check('icmp', Buffer.concat([bom, Buffer.from('42')]), '42')).toMatchObject({ status: S.ACCEPTED, message: 'answer is 42' });
    expect(await check('fcmp', Buffer.concat([bom, Buffer.from('x\n')]), 'x\n')).toMatchObject({ status: S.ACCEPTED });
    // Before: the answer's mark was skipped too, and these were accepted.
    expect(await check('icmp', '42', '\uFEFF42')).toMatchObject({
      status: S.SYSTEM_ERROR,
      exitCode: 3,
      stderr: 'FAIL Expected integer, but "\uFEFF42" found (/judge/answer)\n',
    });
    expect(await check('icmp', Buffer.concat([bom, Buffer.from('42')]), '\uFEFF42')).toMatchObject({ status: S.SYSTEM_ERROR, exitCode: 3 });
    expect(await check('wcmp', 'hello world\n', '\uFEFFhello world\n')).toMatchObject({
      status: S.WRONG_ANSWER,
      exitCode: 1,
      message: "1st words differ - expected: '\uFEFFhello', found: 'hello'",
    });
    expect(await check('lcmp', 'x\n', '\uFEFFx\n')).toMatchObject({ status: S.WRONG_ANSWER, exitCode: 1 });
  });

  it('a NUL byte: part of the token or line; no number holds one (as upstream)', async () => {
    // Before: the number was cut at the NUL ("4\0" + "2" read as 4, "42\0" as 42).
    expect(await check('icmp', '4\u00002\n', '42\n')).toMatchObject({
      status: S.PRESENTATION_ERROR,
      exitCode: 2,
      stderr: 'wrong output format Expected integer, but "4~2" found (it contains \\0)\n',
    });
    expect(await check('icmp', '42\u0000\n', '42\n')).toMatchObject({ status: S.PRESENTATION_ERROR, exitCode: 2 });
    expect(await check('icmp', '42\n', '42\u0000\n')).toMatchObject({
      status: S.SYSTEM_ERROR,
      exitCode: 3,
      stderr: 'FAIL Expected integer, but "42~" found (it contains \\0) (/judge/answer)\n',
    });
    expect(await check('rcmp6', '1.5\u0000\n', '1.5\n')).toMatchObject({ status: S.PRESENTATION_ERROR, exitCode: 2 });
    expect(await check('wcmp', '4\u00002\n', '42\n')).toMatchObject({
      status: S.WRONG_ANSWER,
      message: "1st words differ - expected: '42', found: '4~2'",
    });
    expect(await check('wcmp', '4\u00002\n', '4\u00002\n')).toMatchObject({ status: S.ACCEPTED });
    expect(await check('lcmp', 'a\u0000b\n', 'a\u0000b\n')).toMatchObject({ status: S.ACCEPTED });
    expect(await check('lcmp', 'ab\n', 'a\u0000b\n')).toMatchObject({ status: S.WRONG_ANSWER });
  });

  it('output ending early: testlib reports PE (exit 2, "Unexpected end of file") or the checker its own WA', async () => {
    expect(await check('icmp', '', '5')).toMatchObject({
      status: S.PRESENTATION_ERROR,
      exitCode: 2,
      stderr: 'wrong output format Unexpected end of file - int32 expected\n',
    });
    expect(await check('rcmp6', '1', '1 2')).toMatchObject({
      status: S.PRESENTATION_ERROR,
      exitCode: 2,
      message: 'Unexpected end of file - double expected',
    });
    expect(await check('yesno', '   \n', 'NO')).toMatchObject({ status: S.PRESENTATION_ERROR, message: 'Unexpected end of file - token expected' });
    expect(await check('wcmp', 'hello', 'hello world')).toMatchObject({
      status: S.WRONG_ANSWER,
      exitCode: 1,
      message: 'Unexpected EOF in the participants output',
    });
    expect(await check('ncmp', '1', '1 2')).toMatchObject({
      status: S.WRONG_ANSWER,
      message: 'Answer contains longer sequence [length = 2], but output contains 1 elements',
    });
    // A broken answer file is the jury's fault: FAIL, whatever the stream error.
    expect(await check('icmp', '5', '')).toMatchObject({ status: S.SYSTEM_ERROR, exitCode: 3 });
    expect((await check('icmp', '5', '')).stderr).toBe('FAIL Unexpected end of file - int32 expected (/judge/answer)\n');
  });

  it('points: quitp gives exit 7 and "points N", quitpi "points points_info=..."', async () => {
    expect(await check('pointscmp', '97.5', '100')).toMatchObject({
      status: S.PARTIAL_ACCEPTED,
      percentage: 97.5,
      exitCode: 7,
      stderr: 'points 97.5 Answer differs by 2.500\n',
    });
    expect(await check('pointscmp', '100', '100')).toMatchObject({ status: S.ACCEPTED, exitCode: 7, stderr: 'points 100.0 Answer differs by 0.000\n' });
    const pi = await check('pointsinfo', '1.5', '2');
    expect(pi.exitCode).toBe(7);
    expect(pi.status).toBe(S.ACCEPTED);
    expect(pi.stderr).toBe('points points_info=pa=1.500000,ja=2.000000 d=0.500000\n');
  });

  it('a Library Checker style checker: its own EPS, stream.ensure, readInts, I64, split, expectedButFound', async () => {
    expect(await check('librarychecker', '1 2 3\n', '1 2 3\n', '3\n')).toMatchObject({ status: S.ACCEPTED, message: 'OK n=3 sum=6' });
    expect(await check('librarychecker', '1 5 3\n', '1 2 3\n', '3\n')).toMatchObject({
      status: S.WRONG_ANSWER,
      message: "element 2: expected '2', but found '5'",
    });
    expect(await check('librarychecker', '1 2 3000000000\n', '1 2 3\n', '3\n')).toMatchObject({
      status: S.PRESENTATION_ERROR,
      message: 'Expected int32, but "3000000000" found',
    });
    expect(await check('librarychecker', '1 2 -2000000000\n', '1 2 3\n', '3\n')).toMatchObject({
      status: S.WRONG_ANSWER,
      message: 'Integer element a[3] equals to -2000000000, violates the range [-10^9, 10^9]',
    });
  });
});

describe('checkers written like upstream ones', () => {
  it('compile with their own gcd/iota/setw, assert and pattern_t, and judge', async () => {
    const code = fs.readFileSync(path.join(FIXTURES, 'ownnames.cpp'), 'utf8');
    const r = await compileChecker({ language: 'C++', code });
    expect(r.error).toBeUndefined();
    compiled.set('ownnames', r.checker!);
    expect(await check('ownnames', '12 abc\n', '4')).toMatchObject({ status: S.ACCEPTED, message: 'gcd 4, word abc, xx' });
    expect(await check('ownnames', '6 abc\n', '4')).toMatchObject({ status: S.WRONG_ANSWER, message: 'gcd(4, 6) = 2' });
    expect(await check('ownnames', '12 ABC\n', '4')).toMatchObject({
      status: S.WRONG_ANSWER,
      message: 'Token parameter [name=w] equals to "ABC", doesn\'t correspond to pattern "[a-z]{1,8}"',
    });
  }, 120_000);
});

describe('validators and generators', () => {
  it('a validator reads strictly: exact spaces and line ends, readEof, ranges with the line number', async () => {
    expect(await run('validator', [], '3\n1 2 3\nabc\n')).toMatchObject({ exitCode: 0, stderr: '' });
    expect(await run('validator', ['--testset', 'tests', '--group', 'g1'], '1\n7\nz\n')).toMatchObject({ exitCode: 0 });
    expect(await run('validator', [], '3\n1  2 3\nabc\n')).toMatchObject({
      exitCode: 3,
      stderr: 'FAIL Unexpected white-space - token expected (stdin, line 2)\n',
    });
    expect(await run('validator', [], '3 \n1 2 3\nabc\n')).toMatchObject({ exitCode: 3, stderr: 'FAIL Expected EOLN (stdin, line 1)\n' });
    expect(await run('validator', [], '3\n1 2 3\nabc')).toMatchObject({ exitCode: 3, stderr: 'FAIL Expected EOLN (stdin, line 3)\n' });
    expect(await run('validator', [], '3\n1 2 3\nabc\n\n')).toMatchObject({ exitCode: 3, stderr: 'FAIL Expected EOF (stdin, line 4)\n' });
    expect(await run('validator', [], '0\n\nabc\n')).toMatchObject({
      exitCode: 3,
      stderr: 'FAIL Integer parameter [name=n] equals to 0, violates the range [1, 100000] (stdin, line 1)\n',
    });
    expect(await run('validator', [], '1\n5\nABC\n')).toMatchObject({
      exitCode: 3,
      stderr: 'FAIL Token parameter [name=name] equals to "ABC", doesn\'t correspond to pattern "[a-z]{1,10}" (stdin, line 3)\n',
    });
  });

  it('names a value that fails a range or a pattern as testlib does: plain, parameter, element by index or by name', async () => {
    const cases: Array<[string, string]> = [
      ['a\n1 9 2', 'Integer element x[2] equals to 9, violates the range [1, 5]'],
      ['b\n1 9 2', 'Integer element [index=2] equals to 9, violates the range [1, 5]'],
      ['c\n9', 'Integer parameter [name=n] equals to 9, violates the range [1, 5]'],
      ['d\nab C1', 'Token element w[2] equals to "C1", doesn\'t correspond to pattern "[a-z]+"'],
      ['e\nab C1', 'Token element [index=2] equals to "C1" doesn\'t correspond to pattern "[a-z]+"'],
      ['f\nX1', 'Token parameter [name=w] equals to "X1", doesn\'t correspond to pattern "[a-z]+"'],
      ['g\nA b', 'Line [name=s] equals to "A b", doesn\'t correspond to pattern "[a-z]+"'],
      ['h\nX', 'Token "X" doesn\'t correspond to pattern "[a-z]+"'],
    ];
    for (const [input, message] of cases) {
      expect(await run('readmessages', [], `${input}\n`), input).toMatchObject({ exitCode: 3, stderr: `FAIL ${message} (stdin, line 2)\n` });
    }
  });

  it('a multi-test validator: --testset/--group, setTestCase in the messages, ensuref, features', async () => {
    expect(await run('casevalidator', ['--testset', 'pretests', '--group', 'even'], '2\n2 4\n6 8\n')).toMatchObject({ exitCode: 0, stderr: '' });
    expect(await run('casevalidator', ['--group', 'even'], '2\n2 4\n6 7\n')).toMatchObject({
      exitCode: 3,
      stderr: 'FAIL n=6 and m=7 must be even (test case 2)\n',
    });
    expect(await run('casevalidator', ['--testset', 'pretests'], '2\n2 4\n60 8\n')).toMatchObject({
      exitCode: 3,
      stderr: 'FAIL Integer parameter [name=n] equals to 60, violates the range [1, 10] (test case 2, stdin, line 3)\n',
    });
    expect(await run('casevalidator', [], '1\n200 300\n')).toMatchObject({ exitCode: 0 });
  });

  it('generator options: -key value, defaults, flags, unknown and unused keys', async () => {
    const a = await run('optgen', ['-test-count', '3', '-sum-n', '10', '-max-value', '100', '-sorted'], '');
    expect(a.exitCode).toBe(0);
    const lines = a.stdout.trim().split('\n');
    expect(lines[0]).toBe('3');
    const sizes = [lines[1], lines[3], lines[5]].map(Number);
    expect(sizes.reduce((x, y) => x + y, 0)).toBe(10);
    for (const i of [2, 4, 6]) {
      const arr = lines[i].split(' ').map(Number);
      expect(arr).toEqual([...arr].sort((x, y) => x - y));
      expect(arr.every((x) => x >= 1 && x <= 100)).toBe(true);
    }
    expect((await run('optgen', ['-test-count', '3', '-sum-n', '10', '-max-value', '100', '-sorted'], '')).stdout).toBe(a.stdout);
    expect(await run('optgen', ['-test-count', '3', '-sum-n', '10', '-max-val', '9'], '')).toMatchObject({
      exitCode: 3,
      stderr: "FAIL Opts: unused key 'max-val'\n",
    });
    expect(await run('optgen', ['-sum-n', '3'], '')).toMatchObject({ exitCode: 3, stderr: "FAIL Opts: unknown key 'test-count'\n" });
  });

  it('a generator seeded from its command line prints the same test every time, another for other arguments', async () => {
    const a = await run('generator', ['-n', '8'], '');
    const b = await run('generator', ['-n', '8'], '');
    const c = await run('generator', ['-n', '8', 'seed2'], '');
    expect(a.exitCode).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    expect(c.stdout).not.toBe(a.stdout);
    const lines = a.stdout.trim().split('\n');
    expect(lines[0]).toBe('8');
    expect(
      lines[1]
        .split(' ')
        .map(Number)
        .sort((x, y) => x - y),
    ).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(lines[2]).toMatch(/^\d+ \d{13} \d+ [a-z]{5,8}$/);
    expect(lines[3]).toMatch(/^5 4 20 1 0\.\d{6}$/);
  });
});

describe('interactors and the uploaded testlib.h', () => {
  it('an interactor reads the program through ouf with a pattern and answers on stdout', async () => {
    const interactor = fs.readFileSync(path.join(FIXTURES, 'interactor.cpp'), 'utf8');
    const player = `#include <stdio.h>
int main(void){ int lo=1, hi=1000; char r[4]; for(;;){ int m=(lo+hi)/2; printf("? %d\\n", m); fflush(stdout);
 if(scanf("%3s", r)!=1) return 0; if(r[0]=='='){ printf("! %d\\n", m); fflush(stdout); return 0; } if(r[0]=='<') lo=m+1; else hi=m-1; } }`;
    const early = '#include <stdio.h>\nint main(void){ char r[4]; printf("? 5\\n"); fflush(stdout); scanf("%3s", r); return 0; }';
    const judge = (code: string) =>
      judgeSubmission({
        language: 'C',
        code,
        cases: [{ input: '737\n', output: '' }],
        timeLimitMs: 2000,
        memoryLimitMb: 64,
        judgeMode: 'interactive',
        checkerConvention: 'testlib',
        checker: { language: 'C++', code: interactor },
      });
    const ok = await judge(player);
    expect(ok.status).toBe(S.ACCEPTED);
    expect(ok.cases[0].judgeMessage).toMatch(/^guessed in \d+ queries$/);
    // The program stops early: testlib's "Unexpected end of file" on ouf, as a PE.
    const stopped = await judge(early);
    expect(stopped.cases[0]).toMatchObject({ status: S.PRESENTATION_ERROR, judgeMessage: 'Unexpected end of file - token expected' });
  });

  it('a testlib.h uploaded as a judge extra file replaces the shipped one', async () => {
    const header = '#include <cstdio>\n#define registerTestlibCmd(c, v) (std::fprintf(stderr, "ok the uploaded header\\n"))\n';
    const code = '#include "testlib.h"\nint main(int argc, char *argv[]) { registerTestlibCmd(argc, argv); return 0; }\n';
    const r = await compileChecker({ language: 'C++', code }, { 'testlib.h': header });
    expect(r.error).toBeUndefined();
    const { dir, files } = caseFiles('', '', '');
    expect(await runChecker(r.checker!, files, dir, 'testlib')).toMatchObject({ status: S.ACCEPTED, judgeMessage: 'the uploaded header' });
    expect(CHECKER_FILES.answer).toBe('/judge/answer');
  });
});
