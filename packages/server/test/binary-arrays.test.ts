/**
 * Arrays read in PostgreSQL's binary format (db/binary-arrays.ts), as a cold contest board reads its
 * submissions: NULLs, the int4 range, submit times to the floored ms (before and after 2000-01-01,
 * PostgreSQL's own epoch), an absent array, and an error that leaves the connection usable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BinaryCopyReader, copyRowsBinary, int4Elements, sqlInt, timestampMsElements } from '../src/db/binary-arrays.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { seed: false });
});
afterAll(async () => {
  await t?.close();
});

/** Every row, its values copied (they are views of the driver's buffer only valid during the call). */
async function copy(select: string) {
  const client = await t.database.pool.connect();
  const rows: (Buffer | null)[][] = [];
  try {
    await copyRowsBinary(client, select, (row) => rows.push(row.map((v) => v && Buffer.from(v))));
    return rows;
  } finally {
    client.release();
  }
}

describe('binary arrays', () => {
  it('reads int4 and timestamptz arrays element by element, NULLs included', async () => {
    const rows = await copy(`select array[array[1, null, -5], array[2147483647, -2147483648, 0]]::int4[],
        array['2026-11-29 20:00:00.999999+00', '1999-12-31 23:59:59.9995+00', null, '2000-01-01 00:00:00+00']::timestamptz[],
        null::int4[], 'P1000'::text`);
    expect(rows).toHaveLength(1);
    const [ints, times, none, text] = rows[0]!;
    expect([...int4Elements(ints!)]).toEqual([1, NaN, -5, 2147483647, -2147483648, 0]);
    expect([...timestampMsElements(times!)]).toEqual([
      Date.parse('2026-11-29T20:00:00.999Z'),
      Date.parse('1999-12-31T23:59:59.999Z'),
      NaN,
      Date.parse('2000-01-01T00:00:00.000Z'),
    ]);
    expect(none).toBeNull();
    expect(int4Elements(none!)).toHaveLength(0);
    expect(text!.toString()).toBe('P1000');
  });

  it('gives every row, and none for an empty result', async () => {
    const rows = await copy(`select i, array_agg(i * 2) over () from generate_series(1, 3) i`);
    expect(rows.map((r) => r[0]!.readInt32BE(0))).toEqual([1, 2, 3]);
    expect([...int4Elements(rows[2]![1]!)]).toEqual([2, 4, 6]);
    expect(await copy(`select 1 where false`)).toEqual([]);
  });

  it('rejects a failed statement and the connection serves the next one', async () => {
    const client = await t.database.pool.connect();
    try {
      await expect(copyRowsBinary(client, 'select 1 / 0', () => {})).rejects.toThrow(/division by zero/);
      expect((await client.query('select 41 + 1 as n')).rows[0].n).toBe(42);
      // A reader that throws: the statement is read to its end, then the error is given.
      const thrown = copyRowsBinary(client, 'select i from generate_series(1, 1000) i', () => {
        throw new Error('reader failed');
      });
      await expect(thrown).rejects.toThrow('reader failed');
      expect((await client.query('select 6 * 7 as n')).rows[0].n).toBe(42);
    } finally {
      client.release();
    }
  });

  it('reads a stream cut anywhere, a tuple split across chunks included', () => {
    const int4 = (n: number) => {
      const b = Buffer.alloc(4);
      b.writeInt32BE(n);
      return b;
    };
    const short = (n: number) => Buffer.from([(n >> 8) & 0xff, n & 0xff]);
    const stream = Buffer.concat([
      Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'),
      int4(0),
      int4(0),
      ...[1, 2, 3].flatMap((i) => [short(2), int4(4), int4(i * 10), int4(-1)]),
      short(-1),
    ]);
    for (const size of [1, 3, 7, 19, stream.length]) {
      const seen: [number, Buffer | null][] = [];
      const reader = new BinaryCopyReader((row) => seen.push([row[0]!.readInt32BE(0), row[1]!]));
      for (let p = 0; p < stream.length; p += size) reader.push(stream.subarray(p, p + size));
      expect(seen).toEqual([
        [10, null],
        [20, null],
        [30, null],
      ]);
      expect(reader.ended).toBe(true);
    }
  });

  it('writes only whole numbers into the statement', () => {
    expect(sqlInt(-12)).toBe('-12');
    expect(() => sqlInt(1.5)).toThrow();
    expect(() => sqlInt(Number.NaN)).toThrow();
  });
});
