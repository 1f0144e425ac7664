/**
 * Migrations on a database several API nodes start on at once: each migration runs once, every node
 * starts, and each then reads the database as ready (/readyz's check).
 */
import crypto from 'node:crypto';
import { inject, it, expect } from 'vitest';
import { connect, migrationLevel, runMigrations } from '../src/db/client.js';
import { createEmptyDatabase } from './template-db.js';

it('three nodes starting together on an empty database apply every migration once', async () => {
  const empty = await createEmptyDatabase(inject('pgUrl'), `oj_test_migrate_${crypto.randomBytes(4).toString('hex')}`);
  const nodes = [connect(empty.url, 2), connect(empty.url, 2), connect(empty.url, 2)];
  try {
    expect(await migrationLevel(nodes[0]!)).toMatchObject({ applied: 0 });
    await Promise.all(nodes.map((n) => runMigrations(n)));
    const level = await migrationLevel(nodes[1]!);
    expect(level.applied).toBe(level.expected);
    const rows = await nodes[2]!.pool.query<{ n: number; distinct: number }>(
      'select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations',
    );
    expect(rows.rows[0]).toEqual({ n: level.expected, distinct: level.expected });
  } finally {
    await Promise.all(nodes.map((n) => n.close()));
    await empty.drop();
  }
});
