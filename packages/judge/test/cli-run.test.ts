/** `oj run` end to end: the real CLI, the real sandbox, one JSON line. */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JudgeStatus } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const OJ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'bin', 'oj');
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-cli-test-'));
  fs.writeFileSync(
    path.join(dir, 'main.c'),
    '#include <stdio.h>\nint main(void){ long long a, b; if (scanf("%lld %lld", &a, &b) != 2) for (;;); printf("%lld\\n", a + b); return 0; }\n',
  );
  fs.writeFileSync(path.join(dir, '1.in'), '20 22\n');
  fs.writeFileSync(path.join(dir, '1.out'), '42\n');
  fs.writeFileSync(path.join(dir, 'loop.in'), 'no numbers\n');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs `oj run` from the test directory, so that relative paths are the caller's. */
function oj(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [OJ, 'run', ...args], { cwd: dir, timeout: 60_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
}

describe('oj run', () => {
  it('judges a program against an expected output and prints a JSON verdict', async () => {
    const ac = await oj(['--language', 'C', '--source', 'main.c', '--input', '1.in', '--expected', '1.out']);
    expect(ac.code).toBe(0);
    expect(JSON.parse(ac.stdout)).toMatchObject({ status: JudgeStatus.ACCEPTED, statusName: 'Accepted', userOutput: '42\n', judgeMode: 'default' });

    const tle = await oj(['--language', 'C', '--source', 'main.c', '--input', 'loop.in', '--expected', '1.out', '--time-limit', '200', '--memory-limit', '64']);
    const v = JSON.parse(tle.stdout);
    expect(v).toMatchObject({ status: JudgeStatus.TIME_LIMIT_EXCEEDED, statusName: 'Time Limit Exceeded' });
    expect(v.time).toBeGreaterThanOrEqual(200);
    expect(typeof v.memory).toBe('number');
  });

  it('just runs without --expected, and rejects bad arguments with exit code 2', async () => {
    const run = await oj(['--language', 'C', '--source', 'main.c', '--input', '1.in']);
    expect(JSON.parse(run.stdout)).toMatchObject({ status: JudgeStatus.ACCEPTED, userOutput: '42\n' });
    const bad = await oj(['--language', 'C', '--source', 'main.c']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--input is required/);
  });
});
