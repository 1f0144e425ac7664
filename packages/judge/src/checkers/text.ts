/** Small pieces the built-in checkers share: splitting into lines, and how values are quoted in messages. */

export function* lines(b: Buffer): Generator<Buffer> {
  let start = 0;
  while (start <= b.length) {
    const end = b.indexOf(0x0a, start);
    if (end < 0) {
      yield b.subarray(start);
      return;
    }
    yield b.subarray(start, end);
    start = end + 1;
  }
}

export const plural = (n: number) => `${n} token${n === 1 ? '' : 's'}`;

/** An unquoted value (integers, numbers: ASCII), cut when very long. */
export function plain(s: string): string {
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}
