/**
 * Delivery of admin notices to the recipients' "sys" lists. Every API node runs it hourly
 * (and once shortly after starting), yet each notice reaches each recipient once: a run claims the
 * undelivered notices with `FOR UPDATE SKIP LOCKED` (a run on another node skips the ones being
 * delivered), copies them with `ON CONFLICT DO NOTHING` on the unique (notice, recipient) index and
 * marks them delivered in the same transaction. No timer decides "who runs": the database does.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ADMIN_AREA_ROLES } from '@oj/shared';
import { publishUnread } from '../../lib/live-publish.js';

export const DELIVERY_INTERVAL_MS = 60 * 60 * 1000;
/** The first run after start: soon, but after the site is up. */
export const FIRST_DELIVERY_MS = 30 * 1000;

/**
 * Delivers every undelivered notice nobody else is delivering; returns how many notices it delivered.
 * With `only` (the admin's "send now"), just that notice, waiting for a run that holds it: PostgreSQL
 * checks `state = false` again once the lock is free, so a notice that run delivered is not delivered twice.
 */
export async function deliverNotices(db: Db, only?: number): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await tx.execute<{ id: number; type: string }>(
      only === undefined
        ? sql`select id, type from admin_sys_notice where state = false order by id for update skip locked`
        : sql`select id, type from admin_sys_notice where state = false and id = ${only} for update`,
    );
    for (const n of claimed.rows) {
      const recipients =
        n.type === 'Single'
          ? sql`select r.uid from admin_sys_notice_recipient r where r.notice_id = ${n.id}`
          : n.type === 'Admin'
            ? sql`select distinct u.uid from user_info u join user_role ur on ur.uid = u.uid
                  where u.status = 0 and ur.role_id in (${sql.join(
                    ADMIN_AREA_ROLES.map((r) => sql`${r}`),
                    sql`, `,
                  )})`
            : sql`select u.uid from user_info u where u.status = 0`;
      await tx.execute(sql`
        insert into user_sys_notice (sys_notice_id, recipient_id, type, title, content)
        select ${n.id}, x.uid, 'Sys', a.title, a.content from (${recipients}) x, admin_sys_notice a where a.id = ${n.id}
        on conflict (sys_notice_id, recipient_id) do nothing`);
      await tx.execute(sql`update admin_sys_notice set state = true where id = ${n.id}`);
      // One notice for everybody rather than one per recipient: each open tab refetches its own counters.
      if (n.type === 'Single') {
        const { rows } = await tx.execute<{ uid: string }>(sql`select r.uid from admin_sys_notice_recipient r where r.notice_id = ${n.id}`);
        for (const r of rows) await publishUnread(tx, r.uid);
      } else await publishUnread(tx, '*');
    }
    return claimed.rows.length;
  });
}

/**
 * Starts the hourly delivery of this node; the returned function stops it (no run starts afterwards and
 * it waits for one under way). A failed run is logged and retried at the next hour.
 */
export function startNoticeDelivery(
  db: Db,
  log: (err: unknown) => void,
  opts = { firstMs: FIRST_DELIVERY_MS, everyMs: DELIVERY_INTERVAL_MS },
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const run = () => {
    if (stopped) return;
    running = deliverNotices(db).catch(log);
  };
  const first = setTimeout(run, opts.firstMs);
  const every = setInterval(run, opts.everyMs);
  // The job never keeps the process alive by itself.
  first.unref();
  every.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(every);
    await running;
  };
}
