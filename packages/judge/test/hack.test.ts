/**
 * runHack with a Kattis-style input validator (a Python program that exits 42 for a valid input), the
 * kind a Kattis import keeps as a hack kit; and compilePrograms, which refuses a kit before it is saved.
 */
import { JudgeStatus } from '@oj/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { compilePrograms } from '../src/compile-programs.js';
import { runHack, type HackRequest } from '../src/hack.js';
import { ensureRunnerBuilt } from '../src/sandbox.js';

/** Valid: one line of two integers of at most 2·10^9 each. */
const KATTIS_VALIDATOR = `import re, sys
data = sys.stdin.read()
m = re.fullmatch(r"(\\d+) (\\d+)\\n", data)
if not m or int(m.group(1)) > 2 * 10**9 or int(m.group(2)) > 2 * 10**9:
    print("not two integers up to 2e9 on one line")
    sys.exit(43)
sys.exit(42)
`;
const CORRECT = '#include <stdio.h>\nint main(){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",a+b);return 0;}\n';
const WEAK = '#include <stdio.h>\nint main(){int a,b;scanf("%d %d",&a,&b);printf("%d\\n",a+b);return 0;}\n';

const request = (input: string, okExit?: number): HackRequest => ({
  input,
  validator: { type: 'python.3', code: KATTIS_VALIDATOR, ...(okExit === undefined ? {} : { okExit }) },
  reference: { language: 'C', code: CORRECT },
  victim: { language: 'C', code: WEAK, timeLimitMs: 1000, memoryLimitMb: 64 },
});

beforeAll(() => ensureRunnerBuilt());

describe('a hack against a Kattis-style validator (exit 42 = valid)', () => {
  it('accepts a valid input the weak program survives: unsuccessful', async () => {
    const r = await runHack(request('3 4\n', 42));
    expect(r).toMatchObject({ verdict: 'unsuccessful', victimStatus: JudgeStatus.ACCEPTED });
  }, 120_000);

  it('accepts a valid input that breaks the weak program', async () => {
    const r = await runHack(request('2000000000 2000000000\n', 42));
    expect(r).toMatchObject({ verdict: 'successful', victimStatus: JudgeStatus.WRONG_ANSWER, answer: '4000000000\n' });
  }, 120_000);

  it('refuses an input the validator refuses (exit 43), with its words', async () => {
    const r = await runHack(request('1 2 3\n', 42));
    expect(r.verdict).toBe('invalid');
    expect(r.message).toMatch(/^exit code 43: not two integers up to 2e9 on one line/);
  }, 120_000);

  it('read as a testlib validator (valid = exit 0) the same program refuses every input', async () => {
    const r = await runHack(request('2000000000 2000000000\n'));
    expect(r.verdict).toBe('invalid');
    expect(r.message).toMatch(/^exit code 42/);
  }, 120_000);
});

describe('compilePrograms', () => {
  it('names the program that does not compile, with the compiler output, and passes the others', async () => {
    const errors = await compilePrograms({
      validator: { packageType: 'cpp.g++17', code: '#include "testlib.h"\nint main( { registerValidation(); }\n' },
      reference: { language: 'C', code: CORRECT },
      script: { packageType: 'python.3', code: 'def f(:\n  pass\n' },
    });
    expect(errors.validator).toMatch(/^main\.cpp:.*error/s);
    expect(errors.reference).toBeNull();
    expect(errors.script).toMatch(/SyntaxError/);
  }, 120_000);

  it('a program in a language the judge lacks is said so', async () => {
    expect(await compilePrograms({ reference: { language: 'Brainfuck 9', code: '+' } })).toEqual({
      reference: 'the language "Brainfuck 9" is not on this judge',
    });
  }, 30_000);
});
