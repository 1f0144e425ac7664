/**
 * A query's rows in PostgreSQL's binary format, read straight from bytes: a query that sends a few big
 * arrays instead of many rows (a cold contest board: 100 000 submissions) costs PostgreSQL no text
 * formatting per value and the driver no string per value. The driver decodes every result value of
 * an ordinary query as UTF-8 text (a binary result with it is corrupt), so the rows come by
 * `COPY (query) TO STDOUT (FORMAT binary)` through the driver's documented Submittable interface, and
 * the arrays are read here (array_send's format).
 */
import type pg from 'pg';

/** A whole number fit to be written into the text of a COPY (which takes no parameters). */
export function sqlInt(n: number): string {
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer: ${n}`);
  return String(n);
}

/**
 * Runs `COPY (select) TO STDOUT (FORMAT binary)` on `client` and calls `each` with every row's values as
 * they arrive (null for NULL), so the caller's work on a row overlaps PostgreSQL's on the next ones. The
 * Buffers are views of the driver's read buffer, valid only during the call: read them there. `select`
 * holds no parameters: write numbers with sqlInt. An error thrown by `each` rejects once the statement
 * has ended (the connection stays usable).
 */
export function copyRowsBinary(client: pg.PoolClient, select: string, each: (row: (Buffer | null)[]) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const reader = new BinaryCopyReader(each);
    let failure: unknown = null;
    const copy = {
      submit(connection: { query(text: string): void }) {
        connection.query(`copy (${select}) to stdout (format binary)`);
      },
      handleCopyData(msg: { chunk: Buffer }) {
        if (failure) return;
        try {
          reader.push(msg.chunk);
        } catch (err) {
          failure = err;
        }
      },
      handleCommandComplete() {},
      handleReadyForQuery() {
        if (failure) reject(failure);
        else if (!reader.ended) reject(new Error('the binary COPY stream ended early'));
        else resolve();
      },
      // The driver stops routing messages here after an error (the next ReadyForQuery is its own).
      handleError(err: unknown) {
        reject(err);
      },
      handleRowDescription() {},
      handleDataRow() {},
      handleEmptyQuery() {},
      handlePortalSuspended() {},
      handleCopyInResponse(connection: { sendCopyFail(msg: string): void }) {
        connection.sendCopyFail('not a copy in');
      },
    };
    client.query(copy as unknown as pg.Submittable);
  });
}

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/**
 * A binary COPY stream (signature, flags, header extension, then tuples until -1) read chunk by chunk:
 * each whole tuple is given as it completes. PostgreSQL sends one tuple per message; a tuple split
 * across messages is kept (copied) until its end comes.
 */
export class BinaryCopyReader {
  ended = false;
  private header = true;
  private rest: Buffer | null = null;

  constructor(private readonly each: (row: (Buffer | null)[]) => void) {}

  push(chunk: Buffer) {
    const buf = this.rest ? Buffer.concat([this.rest, chunk]) : chunk;
    this.rest = null;
    let p = 0;
    if (this.header) {
      if (buf.length >= 11 && !buf.subarray(0, 11).equals(SIGNATURE)) throw new Error('not a binary COPY stream');
      if (buf.length < 19 || buf.length < 19 + buf.readInt32BE(15)) {
        this.rest = Buffer.from(buf);
        return;
      }
      p = 19 + buf.readInt32BE(15);
      this.header = false;
    }
    while (!this.ended && p + 2 <= buf.length) {
      const n = buf.readInt16BE(p);
      if (n < 0) {
        this.ended = true;
        return;
      }
      const row: (Buffer | null)[] = new Array(n);
      let q = p + 2;
      let i = 0;
      for (; i < n && q + 4 <= buf.length; i++) {
        const len = buf.readInt32BE(q);
        if (len >= 0 && q + 4 + len > buf.length) break;
        q += 4;
        if (len < 0) row[i] = null;
        else {
          row[i] = buf.subarray(q, q + len);
          q += len;
        }
      }
      if (i < n) break;
      this.each(row);
      p = q;
    }
    if (p < buf.length) this.rest = Buffer.from(buf.subarray(p));
  }
}

function layout(buf: Buffer): { view: DataView; count: number; at: number } {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const ndim = view.getInt32(0);
  let count = ndim === 0 ? 0 : 1;
  for (let d = 0; d < ndim; d++) count *= view.getInt32(12 + d * 8);
  return { view, count, at: 12 + ndim * 8 };
}

/**
 * The elements of an array (any number of dimensions, in storage order: a 2-D array row after row) of
 * fixed-width values read by `read`, NULL as NaN; an absent array (null) is empty. An array is: ndim,
 * has-nulls flag, element type, (size, lower bound) per dimension, then each element as its byte length
 * (-1: NULL) and its bytes.
 */
function fixedWidthElements(buf: Buffer | null, width: number, read: (view: DataView, at: number) => number): Float64Array {
  if (!buf) return new Float64Array(0);
  const { view, count, at } = layout(buf);
  const out = new Float64Array(count);
  let p = at;
  for (let i = 0; i < count; i++) {
    if (view.getInt32(p) < 0) {
      out[i] = NaN;
      p += 4;
    } else {
      out[i] = read(view, p + 4);
      p += 4 + width;
    }
  }
  return out;
}

/** The elements of an int4 array, NULL as NaN. */
export const int4Elements = (buf: Buffer | null): Float64Array => fixedWidthElements(buf, 4, (view, at) => view.getInt32(at));

/** PostgreSQL's epoch (2000-01-01) in Unix epoch ms. */
const PG_EPOCH_MS = 946_684_800_000;

/**
 * The elements of a timestamptz array as epoch ms, floored (exact: the µs count is below 2^53 until the
 * year 2285), NULL as NaN.
 */
export const timestampMsElements = (buf: Buffer | null): Float64Array =>
  fixedWidthElements(buf, 8, (view, at) => Math.floor((view.getInt32(at) * 4_294_967_296 + view.getUint32(at + 4)) / 1000) + PG_EPOCH_MS);
