/**
 * The lock every protocol call on a leased submission task takes first (progress, result, fail; the same
 * order as leases and sweeps: task row, then the submission). A kind locks only its own tasks: a lease
 * of a remote task is no key to the routes of our judges' submissions, nor the other way round.
 */
import { sql } from 'drizzle-orm';
import type { RemoteOj } from '@oj/shared';
import type { DbOrTx } from '../../db/client.js';

export type LockedTask = {
  id: number;
  submit_id: number;
  version: number;
  status: string;
  lease_token: string | null;
  attempts: number;
  /** the remote judge of a remote task; null for our judges' */
  remote_oj: string | null;
  /** leased, and the lease has not run out */
  live: boolean;
};

/** A remote task names its judge. */
type LockedOf<L extends 'local' | 'remote'> = L extends 'remote' ? LockedTask & { remote_oj: RemoteOj } : LockedTask;

/** Locks task `taskId` of the lane's kind (our judges' or remote); null when there is no such task. */
export async function lockTask<L extends 'local' | 'remote'>(tx: DbOrTx, taskId: number, lane: L): Promise<LockedOf<L> | null> {
  const res = await tx.execute<LockedOf<L>>(sql`
    select id, submit_id, version, status, lease_token, attempts, remote_oj,
           (status = 'leased' and lease_deadline > now()) as live
    from judge_task
    where id = ${taskId} and ${lane === 'remote' ? sql`remote_oj is not null` : sql`remote_oj is null`}
    for update`);
  return (res.rows[0] as LockedOf<L> | undefined) ?? null;
}

/** Whether `token` holds the live lease of the locked task. */
export const holds = <T extends LockedTask>(task: T | null, token: string): task is T => !!task && task.live && task.lease_token === token;
