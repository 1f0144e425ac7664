/**
 * Whitespace-separated tokens of an output file, read in place (no copies, no arrays: outputs may be
 * tens of megabytes). Whitespace is space, tab, LF, CR, vertical tab and form feed; everything else,
 * including bytes of UTF-8 characters, belongs to a token.
 */

export function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x0b || c === 0x0c;
}

/** Reads tokens by their offsets: no object per token (a view or a string costs more than the scan). */
export class TokenReader {
  /** The current token is buf[start, end). */
  start = 0;
  end = 0;
  /** 1-based number of the current token. */
  count = 0;

  constructor(readonly buf: Buffer) {}

  /** Moves to the next token; false at the end. */
  next(): boolean {
    const b = this.buf;
    let i = this.end;
    while (i < b.length && isSpace(b[i]!)) i++;
    if (i === b.length) {
      this.start = this.end = i;
      return false;
    }
    this.start = i;
    while (i < b.length && !isSpace(b[i]!)) i++;
    this.end = i;
    this.count++;
    return true;
  }

  /** The current token as a string of bytes (latin1: equal strings are equal bytes). */
  text(): string {
    return this.buf.toString('latin1', this.start, this.end);
  }

  /** The current token's bytes (a view). */
  bytes(): Buffer {
    return this.buf.subarray(this.start, this.end);
  }

  /** Same bytes as the other reader's current token. */
  sameAs(o: TokenReader): boolean {
    return this.end - this.start === o.end - o.start && this.buf.compare(o.buf, o.start, o.end, this.start, this.end) === 0;
  }
}

/** Every token as a string (latin1: one char per byte, so equal strings are equal bytes). */
export function allTokens(buf: Buffer): string[] {
  const out: string[] = [];
  const r = new TokenReader(buf);
  while (r.next()) out.push(r.text());
  return out;
}

const SHOWN_CHARS = 40;

/** A token or line for a verdict message: quoted, decoded as UTF-8, cut to 40 characters. */
export function shown(x: Buffer | string): string {
  const s = typeof x === 'string' ? Buffer.from(x, 'latin1').toString('utf8') : x.toString('utf8');
  const chars = [...s];
  return JSON.stringify(chars.length > SHOWN_CHARS ? `${chars.slice(0, SHOWN_CHARS).join('')}…` : s);
}
