import { JudgeStatus } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import { compareOutput, stripEndBlanks } from '../src/compare.js';

const { ACCEPTED: AC, PRESENTATION_ERROR: PE, WRONG_ANSWER: WA } = JudgeStatus;

describe('compareOutput', () => {
  it('accepts an exact match and rejects a different answer', () => {
    expect(compareOutput('3\n', '3\n')).toBe(AC);
    expect(compareOutput('3\n', '4\n')).toBe(WA);
    expect(compareOutput('1 2 3\n', '1 2\n')).toBe(WA);
    expect(compareOutput('', '')).toBe(AC);
    expect(compareOutput('', 'x')).toBe(WA);
  });

  it('gives Presentation Error when only whitespace differs', () => {
    expect(compareOutput('1 2 3\n', '1  2\t3\n')).toBe(PE);
    expect(compareOutput('3\n', '3 ')).toBe(PE);
    expect(compareOutput('a b\nc\n', 'a\nb c\n\n\n')).toBe(PE);
    // whitespace inside a token is not ignorable: "12" is not "1 2"
    expect(compareOutput('1 2\n', '12\n')).toBe(PE);
    expect(compareOutput('1 2\n', '13\n')).toBe(WA);
  });

  it('normalises CRLF and lone CR on both sides', () => {
    expect(compareOutput('1\r\n2\r\n', '1\n2\n')).toBe(AC);
    expect(compareOutput('1\n2\n', '1\r\n2\r\n')).toBe(AC);
    expect(compareOutput('1\r2\r', '1\n2\n')).toBe(AC);
  });

  it('a missing final newline on either side changes nothing, in both modes', () => {
    for (const o of [{}, { removeEndBlank: true }]) {
      expect(compareOutput('300', '300\n', o)).toBe(AC);
      expect(compareOutput('300\n', '300', o)).toBe(AC);
      expect(compareOutput('300', '300\r\n', o)).toBe(AC);
      expect(compareOutput('300\r\n', '300', o)).toBe(AC);
      expect(compareOutput('1 2\n3', '1 2\r\n3\r\n', o)).toBe(AC);
      expect(compareOutput('', '\n', o)).toBe(AC);
      expect(compareOutput('300', '301\n', o)).toBe(WA);
    }
    // Only the one final newline is optional: a blank line after it, or trailing spaces, are still
    // presentation differences in the default mode (and ignored with removeEndBlank).
    expect(compareOutput('300', '300\n\n')).toBe(PE);
    expect(compareOutput('300', '300 \n')).toBe(PE);
    expect(compareOutput('300\n', '300 ')).toBe(PE);
    expect(compareOutput('300', '300\n\n', { removeEndBlank: true })).toBe(AC);
    expect(compareOutput('300', '300 \n', { removeEndBlank: true })).toBe(AC);
  });

  it('with removeEndBlank ignores trailing blanks of lines and of the file, and mismatches are WA', () => {
    const o = { removeEndBlank: true };
    expect(compareOutput('1 2\n3\n', '1 2   \n3\t\n\n\n', o)).toBe(AC);
    expect(compareOutput('1 2\n3', '1 2\n3\n', o)).toBe(AC);
    expect(compareOutput('1 2\n3\n', '1  2\n3\n', o)).toBe(WA); // would be PE without the option
    expect(compareOutput('1\n\n2\n', '1\n2\n', o)).toBe(WA); // inner blank lines still count
    expect(compareOutput('x\r\n', 'x  \n', o)).toBe(AC);
  });

  it('compares bytes, not text (invalid UTF-8 and large outputs)', () => {
    const big = Buffer.alloc(8 << 20, 0x61);
    expect(compareOutput(big, Buffer.from(big))).toBe(AC);
    expect(compareOutput(Buffer.from([0xff, 0xfe, 0x0a]), Buffer.from([0xff, 0xfe, 0x0a]))).toBe(AC);
    expect(compareOutput(Buffer.from([0xff, 0x0a]), Buffer.from([0xfe, 0x0a]))).toBe(WA);
  });

  it('stripEndBlanks keeps inner structure', () => {
    expect(stripEndBlanks(Buffer.from(' a \n\n b\t\n \n')).toString()).toBe(' a\n\n b');
  });
});
