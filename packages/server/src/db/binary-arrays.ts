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
 * Runs `COPY (select) TO STDOUT (FORMAT binary)` on `client` and gives each row's values as Buffers
 * (null for NULL). `select` holds no parameters: write numbers with sqlInt.
 */
export function copyRowsBinary(client: pg.PoolClient, select: string): Promise<(Buffer | null)[][]> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let failed = false;
    const copy = {
      submit(connection: { query(text: string): void }) {
        connection.query(`copy (${select}) to stdout (format binary)`);
      },
      // A chunk is a view of the driver's read buffer, which is written over later: copied.
      handleCopyData(msg: { chunk: Buffer }) {
        chunks.push(Buffer.from(msg.chunk));
      },
      handleCommandComplete() {},
      handleReadyForQuery() {
        if (failed) return;
        try {
          resolve(binaryCopyRows(Buffer.concat(chunks)));
        } catch (err) {
          reject(err);
        }
      },
      // The driver stops routing messages here after an error (the next ReadyForQuery is its own).
      handleError(err: unknown) {
        failed = true;
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

/** The rows of a binary COPY stream (signature, flags, header extension, then tuples until -1). */
export function binaryCopyRows(buf: Buffer): (Buffer | null)[][] {
  if (buf.length < 19 || !buf.subarray(0, 11).equals(SIGNATURE)) throw new Error('not a binary COPY stream');
  let p = 15 + 4 + buf.readInt32BE(15);
  const rows: (Buffer | null)[][] = [];
  for (;;) {
    const n = buf.readInt16BE(p);
    p += 2;
    if (n < 0) return rows;
    const row: (Buffer | null)[] = new Array(n);
    for (let i = 0; i < n; i++) {
      const len = buf.readInt32BE(p);
      p += 4;
      if (len < 0) row[i] = null;
      else {
        row[i] = buf.subarray(p, p + len);
        p += len;
      }
    }
    rows.push(row);
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
 * The elements of an int4 array (any number of dimensions, in storage order: a 2-D array row after
 * row), NULL as NaN; an absent array (null) is empty. An array is: ndim, has-nulls flag, element type,
 * (size, lower bound) per dimension, then each element as its byte length (-1: NULL) and its bytes.
 */
export function int4Elements(buf: Buffer | null): Float64Array {
  if (!buf) return new Float64Array(0);
  const { view, count, at } = layout(buf);
  const out = new Float64Array(count);
  let p = at;
  for (let i = 0; i < count; i++) {
    if (view.getInt32(p) < 0) {
      out[i] = NaN;
      p += 4;
    } else {
      out[i] = view.getInt32(p + 4);
      p += 8;
    }
  }
  return out;
}

/** PostgreSQL's epoch (2000-01-01) in Unix epoch ms. */
const PG_EPOCH_MS = 946_684_800_000;

/**
 * The elements of a timestamptz array as epoch ms, floored (exact: the µs count is below 2^53 until the
 * year 2285), NULL as NaN.
 */
export function timestampMsElements(buf: Buffer | null): Float64Array {
  if (!buf) return new Float64Array(0);
  const { view, count, at } = layout(buf);
  const out = new Float64Array(count);
  let p = at;
  for (let i = 0; i < count; i++) {
    if (view.getInt32(p) < 0) {
      out[i] = NaN;
      p += 4;
    } else {
      const us = view.getInt32(p + 4) * 4_294_967_296 + view.getUint32(p + 8);
      out[i] = Math.floor(us / 1000) + PG_EPOCH_MS;
      p += 12;
    }
  }
  return out;
}
