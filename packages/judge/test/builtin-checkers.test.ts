/** The built-in comparators of the default mode: verdicts, edge cases and the messages users see. */
import fs from 'node:fs';
import path from 'node:path';
import { BUILTIN_CHECKERS, JudgeStatus } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import { BUILTIN_CHECKER_REGISTRY, builtinCheckers, checkOutput, floatsMatch, parseFloatToken } from '../src/builtin-checkers.js';

const { ACCEPTED: AC, PRESENTATION_ERROR: PE, WRONG_ANSWER: WA, SYSTEM_ERROR: SE } = JudgeStatus;

describe('lines', () => {
  it('is the historic comparison, now with a message saying where', () => {
    expect(checkOutput('lines', '1 2\n3\n', '1 2\n3')).toEqual({ status: AC });
    expect(checkOutput('lines', '1 2\n3\n', '1 2\n4\n')).toEqual({ status: WA, message: 'line 2 differs: expected "3", found "4"' });
    expect(checkOutput('lines', '1 2\n3\n', '1  2\n3\n')).toMatchObject({
      status: PE,
      message: 'only whitespace differs; line 1 differs: expected "1 2", found "1  2"',
    });
    expect(checkOutput('lines', '1\n2\n', '1\n')).toEqual({ status: WA, message: 'the output ended at line 2, expected "2"' });
    expect(checkOutput('lines', '1\n', '1\n2\n')).toEqual({ status: WA, message: 'the output has more lines than the answer: line 2 is "2"' });
    expect(checkOutput('lines', '', 'x')).toMatchObject({ status: WA });
  });

  it('keeps "remove end blank": trailing blanks ignored, no PE', () => {
    expect(checkOutput('lines', '1 2\n3\n', '1 2   \n3\n\n\n', { removeEndBlank: true }).status).toBe(AC);
    expect(checkOutput('lines', '1 2\n3\n', '1  2\n3\n', { removeEndBlank: true }).status).toBe(WA);
  });

  it('cuts long lines in the message', () => {
    const long = 'a'.repeat(500);
    const v = checkOutput('lines', `${long}\n`, `${long}b\n`);
    expect(v.status).toBe(WA);
    expect(v.message!.length).toBeLessThan(150);
  });
});

describe('tokens', () => {
  it('ignores how tokens are spaced and split into lines, never PE', () => {
    expect(checkOutput('tokens', '1 2 3\n', '1\n2\t\t3   ').status).toBe(AC);
    expect(checkOutput('tokens', '1 2 3\r\n', '  1 2 3').status).toBe(AC);
    expect(checkOutput('tokens', '', '  \n\n').status).toBe(AC);
    expect(checkOutput('tokens', 'a b c', 'a b d')).toEqual({ status: WA, message: 'expected "c", found "d" on token 3' });
    expect(checkOutput('tokens', 'ab', 'a b').status).toBe(WA);
    // Tokens are bytes: case and numeric form matter.
    expect(checkOutput('tokens', 'Yes 1.0', 'yes 1.0').status).toBe(WA);
    expect(checkOutput('tokens', '1.0', '1').status).toBe(WA);
  });

  it('counts tokens: fewer or more is WA, saying how many', () => {
    expect(checkOutput('tokens', '1 2 3 4 5', '1 2 3')).toEqual({
      status: WA,
      message: 'expected 5 tokens, found 3: the output ended before token 4, expected "4"',
    });
    expect(checkOutput('tokens', '1 2', '1 2 3 4')).toEqual({ status: WA, message: 'expected 2 tokens, found 4: extra token 3 in the output: "3"' });
    expect(checkOutput('tokens', '7', '')).toEqual({ status: WA, message: 'expected 1 token, found 0: the output ended before token 1, expected "7"' });
  });

  it('shows UTF-8 tokens as text', () => {
    expect(checkOutput('tokens', '树 木', '树 林')).toEqual({ status: WA, message: 'expected "木", found "林" on token 2' });
  });
});

describe('integers', () => {
  it('compares integers of any size as numbers, without overflow', () => {
    const huge = `${'9'.repeat(400)}`;
    expect(checkOutput('integers', `${huge}\n-5\n`, `${huge} -5`).status).toBe(AC);
    expect(checkOutput('integers', `${huge}`, `${'9'.repeat(399)}8`)).toMatchObject({ status: WA, message: expect.stringMatching(/on token 1$/) });
    // 2^63 and 2^64 + 1 differ from their neighbours (a long long or a double would not see it).
    expect(checkOutput('integers', '9223372036854775808', '9223372036854775807').status).toBe(WA);
    expect(checkOutput('integers', '18446744073709551617', '18446744073709551616').status).toBe(WA);
    expect(checkOutput('integers', '1 2', '1 3')).toEqual({ status: WA, message: 'expected 2, found 3 on token 2' });
  });

  it('reads +, leading zeros and -0 as the integers they are', () => {
    expect(checkOutput('integers', '7 0 -12', '+7 -0 -0012').status).toBe(AC);
    expect(checkOutput('integers', '0', '000').status).toBe(AC);
    expect(checkOutput('integers', '-3', '3').status).toBe(WA);
  });

  it('a token that is not an integer is PE; an answer that is not integers is a System Error', () => {
    expect(checkOutput('integers', '3 4', '3 4.0')).toEqual({ status: PE, message: 'expected an integer, found "4.0" on token 2' });
    expect(checkOutput('integers', '3', 'three').status).toBe(PE);
    expect(checkOutput('integers', '3', '- 3').status).toBe(PE);
    expect(checkOutput('integers', '3', '0x3').status).toBe(PE);
    expect(checkOutput('integers', 'x', '3')).toMatchObject({ status: SE, message: expect.stringMatching(/answer file/) });
  });
});

describe('floats', () => {
  it('accepts an absolute error of 1e-N', () => {
    expect(checkOutput('floats', '1.0', '1.0000001', { precision: 6 }).status).toBe(AC);
    expect(checkOutput('floats', '1.0', '1.000001', { precision: 6 }).status).toBe(AC);
    expect(checkOutput('floats', '1.0', '1.0000011', { precision: 6 }).status).toBe(WA);
    expect(checkOutput('floats', '0.3', '0.300001', { precision: 6 }).status).toBe(AC); // exactly at the bound, after binary rounding
    expect(checkOutput('floats', '0', '-0.00009', { precision: 4 }).status).toBe(AC);
    expect(checkOutput('floats', '0', '0.00011', { precision: 4 }).status).toBe(WA);
    expect(checkOutput('floats', '1', '1.000000002', { precision: 9 }).status).toBe(WA);
    expect(checkOutput('floats', '1', '1.0000000009', { precision: 9 }).status).toBe(AC);
  });

  it('accepts a relative error of 1e-N for large answers (absolute for small ones)', () => {
    // 1e9 with 1e-6: the absolute error 500 is 5e-7 of the answer.
    expect(checkOutput('floats', '1000000000', '1000000500', { precision: 6 }).status).toBe(AC);
    expect(checkOutput('floats', '1000000000', '1000002000', { precision: 6 }).status).toBe(WA);
    expect(checkOutput('floats', '1e300', '1.0000001e300', { precision: 6 }).status).toBe(AC);
    // Relative to the answer, not to the output.
    expect(checkOutput('floats', '1e-9', '2e-9', { precision: 6 }).status).toBe(AC); // |diff| = 1e-9 ≤ 1e-6
    expect(checkOutput('floats', '2e-7', '3e-6', { precision: 6 }).status).toBe(WA);
  });

  it('the default precision is 6', () => {
    expect(checkOutput('floats', '2.5', '2.5000009').status).toBe(AC);
    expect(checkOutput('floats', '2.5', '2.50001').status).toBe(WA);
  });

  it('reads exponents and signs; NaN only matches NaN, inf only the same inf', () => {
    expect(checkOutput('floats', '1.5e3', '1500').status).toBe(AC);
    expect(checkOutput('floats', '.5', '0.5000').status).toBe(AC);
    expect(checkOutput('floats', '-2.', '-2').status).toBe(AC);
    expect(checkOutput('floats', 'nan', 'NaN').status).toBe(AC);
    expect(checkOutput('floats', 'nan', '0').status).toBe(WA);
    expect(checkOutput('floats', '0', 'nan').status).toBe(WA);
    expect(checkOutput('floats', 'inf', 'Infinity').status).toBe(AC);
    expect(checkOutput('floats', '-inf', 'inf').status).toBe(WA);
    expect(checkOutput('floats', '1e308', 'inf').status).toBe(WA);
    expect(checkOutput('floats', '3', '1e999').status).toBe(WA); // overflows to inf: not a finite answer
  });

  it('a non-number where a number is due is PE; words of the answer must match as text', () => {
    expect(checkOutput('floats', '1.5', 'abc')).toEqual({ status: PE, message: 'expected a number, found "abc" on token 1' });
    expect(checkOutput('floats', '1.5', '1,5').status).toBe(PE);
    expect(checkOutput('floats', 'Case #1: 3.14159', 'Case #1: 3.1415926', { precision: 4 }).status).toBe(AC);
    expect(checkOutput('floats', 'Case #1: 3.14159', 'case #1: 3.14159').status).toBe(WA);
  });

  it('says by how much the number is off', () => {
    expect(checkOutput('floats', '1 2.0', '1 2.1', { precision: 6 })).toEqual({
      status: WA,
      message: 'expected 2.0, found 2.1, error 0.100 > 1e-6 on token 2',
    });
  });

  it('parses and matches like testlib', () => {
    expect(parseFloatToken('1e')).toBeNull();
    expect(parseFloatToken('e5')).toBeNull();
    expect(parseFloatToken('.')).toBeNull();
    expect(parseFloatToken('+.5E-2')).toBe(0.005);
    expect(floatsMatch(100, 100.0001, 1e-6)).toBe(true); // 1e-6 relative of 100 is 1e-4
    expect(floatsMatch(100, 100.0002, 1e-6)).toBe(false);
  });
});

describe('yes-no', () => {
  it('compares YES and NO in any case', () => {
    expect(checkOutput('yes-no', 'YES\nNO\n', 'yes nO').status).toBe(AC);
    expect(checkOutput('yes-no', 'Yes', 'YES').status).toBe(AC);
    expect(checkOutput('yes-no', 'YES NO', 'YES YES')).toEqual({ status: WA, message: 'expected NO, found YES on token 2' });
  });

  it('another word is PE; an answer that is not YES/NO is a System Error', () => {
    expect(checkOutput('yes-no', 'YES', 'Y')).toEqual({ status: PE, message: 'expected YES or NO, found "Y" on token 1' });
    expect(checkOutput('yes-no', 'YES', 'yess').status).toBe(PE);
    expect(checkOutput('yes-no', 'maybe', 'YES').status).toBe(SE);
    expect(checkOutput('yes-no', 'YES', '').status).toBe(WA);
  });
});

describe('sorted-tokens', () => {
  it('compares the tokens as a multiset', () => {
    expect(checkOutput('sorted-tokens', '1 2 3 2', '2\n3 2 1').status).toBe(AC);
    expect(checkOutput('sorted-tokens', '', '').status).toBe(AC);
    expect(checkOutput('sorted-tokens', '1 2 2', '1 1 2')).toEqual({ status: WA, message: 'expected "1" 1 time, found it 2 times' });
    expect(checkOutput('sorted-tokens', 'a b', 'a c')).toEqual({ status: WA, message: 'expected "b" 1 time, found it 0 times' });
    expect(checkOutput('sorted-tokens', '1 2 3', '1 2')).toEqual({ status: WA, message: 'expected 3 tokens, found 2' });
  });
});

describe('trim-end (QDUOJ)', () => {
  it('accepts what QDUOJ accepts: whitespace at the end of the output (and of the answer) is cut', () => {
    expect(checkOutput('trim-end', '3\n', '3').status).toBe(AC);
    expect(checkOutput('trim-end', '3\n', '3   \n\n\t\n').status).toBe(AC);
    expect(checkOutput('trim-end', '3 \n\n', '3\n').status).toBe(AC);
    expect(checkOutput('trim-end', '1\r\n2\r\n', '1\n2\n').status).toBe(AC);
    expect(checkOutput('trim-end', '', '\n \n').status).toBe(AC);
  });

  it('and refuses the rest, never PE: spacing inside the output counts', () => {
    expect(checkOutput('trim-end', '1\n2\n', '1 \n2\n')).toEqual({ status: WA, message: 'line 1 differs: expected "1", found "1 "' });
    expect(checkOutput('trim-end', '1 2\n', '1  2\n').status).toBe(WA);
    expect(checkOutput('trim-end', '1\n2\n', '1\n')).toEqual({ status: WA, message: 'the output ended at line 2, expected "2"' });
    expect(checkOutput('trim-end', '1\n', '1\n2')).toEqual({ status: WA, message: 'the output has more lines than the answer: line 2 is "2"' });
    // QDUOJ takes the program's bytes as they are: a CR it prints inside the output is a difference.
    expect(checkOutput('trim-end', '1\n2\n', '1\r\n2\r\n').status).toBe(WA);
  });
});

it('reads large outputs in one pass (400 000 tokens)', () => {
  const n = 200_000;
  const exp = Buffer.from(Array.from({ length: n }, (_, i) => `${i * 7} ${(i / 3).toFixed(6)}`).join('\n'));
  const t0 = performance.now();
  expect(checkOutput('floats', exp, exp).status).toBe(AC);
  expect(checkOutput('integers', exp, exp).status).toBe(SE); // the answer's second token is no integer
  expect(checkOutput('sorted-tokens', exp, exp).status).toBe(AC);
  expect(performance.now() - t0).toBeLessThan(10_000); // ~0.5 s on an idle core
});

describe('the registry', () => {
  it('has one module per name of the contract, each in a file of its own named after it', async () => {
    // The server validates a problem's checker against BUILTIN_CHECKERS; the judge picks from the registry.
    expect(Object.keys(BUILTIN_CHECKER_REGISTRY).sort()).toEqual([...BUILTIN_CHECKERS].sort());
    expect(builtinCheckers().map((c) => c.name)).toEqual([...BUILTIN_CHECKERS]);
    const dir = path.join(import.meta.dirname, '../src/checkers');
    for (const name of BUILTIN_CHECKERS) {
      const file = path.join(dir, `${name}.ts`);
      expect(fs.existsSync(file), file).toBe(true);
      const mod = (await import(file)) as Record<string, unknown>;
      // The file's module is the one the registry holds under that name.
      expect(Object.values(mod)).toContain(BUILTIN_CHECKER_REGISTRY[name]);
      expect(BUILTIN_CHECKER_REGISTRY[name].name).toBe(name);
    }
  });
});
