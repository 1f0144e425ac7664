/** Interactive judging: guess-the-number through real pipes between two boxes. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JudgeStatus } from '@oj/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { SPIN_FOREVER_C } from '@oj/test-fixtures';
import { ensureRunnerBuilt, parseReport, RUNNER_PATH, runInteractivePair } from '../src/sandbox.js';
import { PROBLEM_TYPE } from '../src/modes.js';
import { judgeSubmission } from '../src/submission.js';
import { boxUidProcesses, collectReports, leftoverCgroupsOf } from './helpers.js';

const S = JudgeStatus;
beforeAll(() => {
  ensureRunnerBuilt();
});

/**
 * Input file: "<behaviour> <secret>". The interactor tells the program how to behave (so one
 * compiled program covers every case), then answers guesses with <, > or =. It keeps the answer
 * file's word for its own use and crashes on purpose for the behaviour "crash".
 */
const INTERACTOR = `#include "testlib.h"
#include <csignal>
int main(int argc, char *argv[]) {
  registerInteraction(argc, argv);
  std::string behaviour = inf.readToken();
  int secret = inf.readInt();
  std::string expect = ans.readToken();
  if (expect != "answer") quitf(_fail, "bad answer file");
  std::cout << (behaviour == "crashspin" ? "spin" : behaviour) << std::endl;
  if (behaviour == "crash" || behaviour == "crashspin") raise(SIGSEGV);
  for (int q = 1; q <= 25; q++) {
    int g = ouf.readInt(1, 1000000, "guess");
    if (g == secret) { std::cout << "=" << std::endl; tout << q << std::endl; quitf(_ok, "guessed in %d queries", q); }
    std::cout << (g < secret ? "<" : ">") << std::endl;
  }
  quitf(_wa, "no guess left");
}
`;

const PLAYER = `#include <stdio.h>
#include <string.h>
int main(void) {
  char behaviour[32], reply[8];
  if (scanf("%31s", behaviour) != 1) return 0;
  if (!strcmp(behaviour, "quit")) return 0;
  if (!strcmp(behaviour, "spin")) { volatile unsigned long x = 0; for (;;) x++; }
  if (!strcmp(behaviour, "wait")) { scanf("%7s", reply); return 0; } /* both sides wait: deadlock */
  if (!strcmp(behaviour, "crash")) { scanf("%7s", reply); return 0; }
  int lo = 1, hi = 1000000;
  for (;;) {
    int m = !strcmp(behaviour, "dumb") || !strcmp(behaviour, "stubborn") ? 1 : (lo + hi) / 2;
    printf("%d\\n", m);
    fflush(stdout);
    if (scanf("%7s", reply) != 1) {
      /* stubborn: rejected, it waits on and on for a reply */
      if (!strcmp(behaviour, "stubborn")) { volatile unsigned long x = 0; for (;;) x++; }
      return 0;
    }
    if (!strcmp(reply, "=")) return 0;
    if (!strcmp(reply, "<")) lo = m + 1; else hi = m - 1;
  }
}
`;

describe('pipes between two boxes', () => {
  it('connects stdout to stdin both ways, gives each side its own uid and leaves nothing behind', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-pair-test-'));
    try {
      const errA = path.join(dir, 'a.err');
      const errB = path.join(dir, 'b.err');
      const { result, reports } = await collectReports(() =>
        runInteractivePair(
          { argv: ['/bin/sh', '-c', 'echo 41; read x; echo "a got $x" >&2'], timeMs: 1000, memoryKb: 65536, stderr: errA },
          { argv: ['/bin/sh', '-c', 'read y; echo $((y + 1)); echo "b got $y" >&2'], timeMs: 1000, memoryKb: 65536, stderr: errB },
        ),
      );
      expect(result.a).toMatchObject({ status: 'OK', exitCode: 0 });
      expect(result.b).toMatchObject({ status: 'OK', exitCode: 0 });
      expect(result.a.uid).not.toBe(result.b.uid);
      expect(fs.readFileSync(errA, 'utf8')).toBe('a got 42\n');
      expect(fs.readFileSync(errB, 'utf8')).toBe('b got 41\n');
      expect(leftoverCgroupsOf(reports)).toEqual([]);
      // By command line: another test file's box may hold the same uid as soon as these ones end.
      expect(boxUidProcesses().filter((p) => p.args.includes(' got $'))).toEqual([]);
      // The runner only takes pipes as inherited stdio, never a regular file.
      const file = fs.openSync(path.join(dir, 'a.err'), 'r');
      const r = spawnSync(RUNNER_PATH, ['--stdin-fd', '3', '--', '/bin/true'], { stdio: ['ignore', 'pipe', 'pipe', file], encoding: 'utf8' });
      fs.closeSync(file);
      expect(r.status).toBe(2);
      expect(parseReport(r.stdout, 0)).toMatchObject({ status: 'SE', error: expect.stringMatching(/not a pipe/) });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  it('relays a megabyte one way, passes the end on, tells who ended first and leaks no descriptor into a box', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-pair-test-'));
    try {
      const errA = path.join(dir, 'a.err');
      const errB = path.join(dir, 'b.err');
      // a writes 1 MB (more than every buffer on the way), closes its stdout and waits for b's count;
      // b reads to EOF and answers with the count.
      const r = await runInteractivePair(
        {
          argv: ['/bin/sh', '-c', 'head -c 1000000 /dev/zero; exec 1>&-; read x; echo "a got $x" >&2'],
          timeMs: 2000,
          memoryKb: 65536,
          stderr: errA,
        },
        { argv: ['/bin/sh', '-c', 'n=$(wc -c); echo $n'], timeMs: 2000, memoryKb: 65536, stderr: errB },
      );
      expect(r.a).toMatchObject({ status: 'OK', exitCode: 0 });
      expect(r.b).toMatchObject({ status: 'OK', exitCode: 0 });
      expect(fs.readFileSync(errA, 'utf8')).toBe('a got 1000000\n');
      expect(r.bytes).toEqual({ up: 1000000, down: 8 });
      expect(r.first).toBe('a'); // a closed its stdout before b could answer
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a box holds its two pipes and its stderr file, no end of the relay', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-pair-test-'));
    try {
      const errA = path.join(dir, 'a.err');
      const errB = path.join(dir, 'b.err');
      // b lists its own descriptors (fd 3 is ls's own directory handle); a passes the list on.
      const r = await runInteractivePair(
        { argv: ['/bin/sh', '-c', 'cat >&2'], timeMs: 2000, memoryKb: 65536, stderr: errA },
        { argv: ['/bin/ls', '-l', '/proc/self/fd'], timeMs: 2000, memoryKb: 65536, stderr: errB },
      );
      expect(r.b).toMatchObject({ status: 'OK', exitCode: 0 });
      const fds = [...fs.readFileSync(errA, 'utf8').matchAll(/ (\d+) -> (\S+)/g)].map((m) => `${m[1]} ${m[2].replace(/\d+/g, 'N')}`);
      expect(fds).toEqual(['0 pipe:[N]', '1 pipe:[N]', `2 ${errB.replace(/\d+/g, 'N')}`, '3 /proc/N/fd']);
      expect(r.first).toBe('b');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('interactive judging', () => {
  it('tells AC, WA, TLE (CPU and deadlock), an early exit and an interactor crash apart', async () => {
    const behaviours = ['play 777', 'dumb 5000', 'spin 1', 'wait 1', 'quit 1', 'crash 1', 'play 1000000'];
    const r = await judgeSubmission({
      language: 'C With O2',
      code: PLAYER,
      timeLimitMs: 300,
      memoryLimitMb: 64,
      cases: behaviours.map((b) => ({ input: `${b}\n`, output: 'answer\n' })),
      judgeMode: 'interactive',
      checker: { language: 'C++', code: INTERACTOR },
      checkerConvention: 'testlib',
    });
    expect(r.cases.map((c) => c.status)).toEqual([
      S.ACCEPTED,
      S.WRONG_ANSWER,
      S.TIME_LIMIT_EXCEEDED,
      S.TIME_LIMIT_EXCEEDED,
      S.PRESENTATION_ERROR, // the program quit early: testlib's "Unexpected end of file" is a PE (exit 2)
      S.SYSTEM_ERROR,
      S.ACCEPTED,
    ]);
    // The interactor's testlib comments are the judges' words, not the contestant's message.
    expect(r.cases[0]).toMatchObject({ message: undefined, judgeMessage: expect.stringMatching(/guessed in \d+ queries/) });
    expect(r.cases[1]).toMatchObject({ message: undefined, judgeMessage: expect.stringMatching(/no guess left/) });
    expect(r.cases[2].time).toBeGreaterThanOrEqual(300); // the program's CPU, not the interactor's
    expect(r.cases[3].time).toBeLessThan(300); // idle: the wall-clock guard ended the deadlock
    expect(r.cases[4].judgeMessage).toMatch(/unexpected eof|Unexpected end of file/i);
    expect(r.cases[5].message).toMatch(/Interactor was killed by SIGSEGV/);
    expect(r.status).toBe(S.SYSTEM_ERROR);
  });

  it('an interactor that rejected the program first keeps its verdict, whatever the program does next', async () => {
    // The program is told "no guess left" (WA) and then spins until the CPU limit: WA, as Kattis
    // judges ("the validator exited first with WA"). Before: TLE.
    const r = await judgeSubmission({
      language: 'C With O2',
      code: PLAYER,
      timeLimitMs: 300,
      memoryLimitMb: 64,
      cases: [{ input: 'stubborn 5000\n', output: 'answer\n' }],
      judgeMode: 'interactive',
      checker: { language: 'C++', code: INTERACTOR },
      checkerConvention: 'testlib',
    });
    expect(r.cases[0]).toMatchObject({ status: S.WRONG_ANSWER, judgeMessage: expect.stringMatching(/no guess left/) });
    expect(r.cases[0].time).toBeLessThanOrEqual(300);
  });

  it('an interactor that crashed is a System Error even though the program then runs out of time', async () => {
    // The interactor tells the program to spin and dies of SIGSEGV: nothing was judged (problemtools:
    // judge error). Before: the program's TLE.
    const r = await judgeSubmission({
      language: 'C With O2',
      code: PLAYER,
      timeLimitMs: 300,
      memoryLimitMb: 64,
      cases: [{ input: 'crashspin 1\n', output: 'answer\n' }],
      judgeMode: 'interactive',
      checker: { language: 'C++', code: INTERACTOR },
      checkerConvention: 'testlib',
    });
    expect(r.cases[0]).toMatchObject({ status: S.SYSTEM_ERROR, message: expect.stringMatching(/Interactor was killed by SIGSEGV/) });
  });

  it('a program that crashes is a Runtime Error even though the interactor then sees EOF', async () => {
    const code = '#include <stdio.h>\nint main(void){ char b[32]; scanf("%31s", b); int *p = 0; return *p; }\n';
    const r = await judgeSubmission({
      language: 'C',
      code,
      timeLimitMs: 500,
      memoryLimitMb: 64,
      cases: [{ input: 'play 3\n', output: 'answer\n' }],
      judgeMode: 'interactive',
      checker: { language: 'C++', code: INTERACTOR },
      checkerConvention: 'testlib',
    });
    expect(r.status).toBe(S.RUNTIME_ERROR);
    expect(r.errorMessage).toMatch(/SIGSEGV/);
  });
});

describe('which side ended first', () => {
  it('a program that exits at once with an error is a Runtime Error every time, never the WA the interactor says after reading its EOF', async () => {
    // The interactor is already blocked reading when the program exits (code 3, having read and
    // written nothing); it wakes on EOF and answers WA at once, so its end races the program's. Only
    // the order in which the conversation was cut off counts: the program was first, so RE
    // (problemtools: a contestant that crashed first is RTE). Before: WA in some of the runs, as
    // each box's end was stamped by its own init when the scheduler let it wake.
    const interactor = '#include <stdio.h>\nint main(void){ int g; if (scanf("%d", &g) != 1) { fputs("no guess\\n", stderr); return 1; } return 0; }\n';
    const runs = 40;
    const r = await judgeSubmission({
      language: 'C',
      code: '#include <unistd.h>\nint main(void){ usleep(20000); return 3; }\n',
      timeLimitMs: 1000,
      memoryLimitMb: 64,
      cases: Array.from({ length: runs }, () => ({ input: '1\n', output: '1\n' })),
      judgeMode: 'interactive',
      checker: { language: 'C', code: interactor },
      checkerConvention: 'hoj',
      problemType: PROBLEM_TYPE.OI, // every run judged, none skipped after the first failure
    });
    const statuses = r.cases.map((c) => c.status);
    expect(statuses.filter((s) => s !== S.RUNTIME_ERROR)).toEqual([]);
    expect(statuses).toHaveLength(runs);
  }, 120_000);

  it('an interactor that exits reporting its own failure is a System Error even though the program then runs out of time', async () => {
    // The interactor waits for a guess the program never sends; when the program is stopped at its
    // time limit it sees EOF and exits with HOJ's 103 (what the Kattis adapter makes of a validator's
    // exit code other than 42/43): a judge error, as problemtools says. Before: the program's TLE.
    const interactor = '#include <stdio.h>\nint main(void){ int g; if (scanf("%d", &g) != 1) { fputs("broken\\n", stderr); return 103; } return 0; }\n';
    const r = await judgeSubmission({
      language: 'C',
      code: SPIN_FOREVER_C,
      timeLimitMs: 300,
      memoryLimitMb: 64,
      cases: [{ input: '1\n', output: '1\n' }],
      judgeMode: 'interactive',
      checker: { language: 'C', code: interactor },
      checkerConvention: 'hoj',
    });
    expect(r.cases[0]).toMatchObject({ status: S.SYSTEM_ERROR, message: expect.stringMatching(/reported a system error/) });
  });
});
