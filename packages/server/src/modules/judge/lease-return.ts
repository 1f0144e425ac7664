/**
 * Giving a lease back untouched, for the queue tables a judge leases rows of (test runs, judge jobs,
 * plagiarism checks, hacks): the judge hung up before it got the task. Only the live lease may, and the
 * row waits in the queue again at once.
 */
import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { notifyQueue } from './queue.js';

/** The columns a leased queue table has. */
type LeasedTable = PgTable & { id: PgColumn; status: PgColumn; leaseOwner: PgColumn; leaseToken: PgColumn; leaseDeadline: PgColumn };

/** `held`: the status a leased row has in that table ('leased', or 'running' for checks). */
export async function returnLease<T extends LeasedTable>(db: DbOrTx, table: T, held: string, task: { taskId: number; leaseToken: string }): Promise<void> {
  const queued = { status: 'queued', leaseOwner: null, leaseToken: null, leaseDeadline: null } as PgUpdateSetSource<T>;
  await db
    .update(table)
    .set(queued)
    .where(and(eq(table.id, task.taskId), eq(table.leaseToken, task.leaseToken), eq(table.status, held)));
  await notifyQueue(db);
}
