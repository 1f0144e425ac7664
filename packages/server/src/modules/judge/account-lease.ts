/** The remote account a judge_task's lease holds (remote_account.lease_task); the queue frees it whenever that lease ends early (rejudge, cancel). */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

export const releaseAccountOf = (db: DbOrTx, taskId: number) =>
  db.execute(sql`update remote_account set state = 'free', lease_task = null, lease_deadline = null where lease_task = ${taskId} and state = 'busy'`);
