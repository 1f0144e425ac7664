/**
 * Printing (print/admin-print): participants of a contest with openPrint send texts of at
 * least 50 characters, one per cool-down; the contest admin lists, downloads and marks them printed.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { CONTEST_LIMITS, type ContestPrintJob, type Page } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { contestPrints, users } from '../../db/schema/index.js';
import { pageOf, pageOffset } from '../../db/page.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail, notFound } from '../../lib/errors.js';
import { administeredContest, assertCanView, visibleContest } from './access.js';

type PrintRow = typeof contestPrints.$inferSelect;

const view = (r: PrintRow): ContestPrintJob => ({
  id: r.id,
  cid: r.cid,
  username: r.username,
  realname: r.realname,
  gmtCreate: r.gmtCreate.toISOString(),
  status: r.status,
  content: r.content,
});

export async function submitPrint(ctx: AppContext, user: AuthUser, cid: number, content: string): Promise<void> {
  const { db } = ctx.database;
  const c = await visibleContest(db, cid, user);
  await assertCanView(db, c, user);
  if (!c.openPrint) throw fail('printClosed');
  if (!content.trim()) throw fail('printEmpty');
  if (content.length < CONTEST_LIMITS.printMinLength) throw fail('printTooShort');
  const [u] = await db.select({ realname: users.realname }).from(users).where(eq(users.uid, user.uid));
  await db.transaction(async (tx) => {
    // One print at a time per user, so two requests at once cannot both pass the cool-down.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`print:${user.uid}`}))`);
    const res = await tx.execute<{ wait: number | null }>(sql`
      select ceil(extract(epoch from (max(gmt_create) + make_interval(secs => ${CONTEST_LIMITS.printCooldownSec}) - now())))::int as wait
      from contest_print where uid = ${user.uid}`);
    const wait = Math.max(0, res.rows[0]?.wait ?? 0);
    if (wait > 0) throw fail('printTooFast', { seconds: wait }, { seconds: wait });
    await tx.insert(contestPrints).values({ cid: c.id, uid: user.uid, username: user.username, realname: u?.realname ?? null, content });
  });
}

export async function printList(ctx: AppContext, user: AuthUser, q: { cid: number; currentPage: number; limit: number }): Promise<Page<ContestPrintJob>> {
  const { db } = ctx.database;
  const c = await administeredContest(db, q.cid, user);
  const where = eq(contestPrints.cid, c.id);
  const { records: rows, total } = await pageOf(
    db
      .select()
      .from(contestPrints)
      .where(where)
      .orderBy(contestPrints.status, desc(contestPrints.id))
      .limit(q.limit)
      .offset(pageOffset(q.currentPage, q.limit)),
    db.select({ n: count() }).from(contestPrints).where(where),
  );
  return { records: rows.map(view), total };
}

/** A print job for its contest's admin (the job names its contest, so the cid is checked from it). */
export async function printJob(ctx: AppContext, user: AuthUser, id: number, cid?: number): Promise<ContestPrintJob> {
  const { db } = ctx.database;
  const [row] = await db
    .select()
    .from(contestPrints)
    .where(and(eq(contestPrints.id, id), cid ? eq(contestPrints.cid, cid) : undefined));
  if (!row) throw notFound('printNotFound');
  await administeredContest(db, row.cid, user);
  return view(row);
}

export async function markPrinted(ctx: AppContext, user: AuthUser, id: number, cid?: number): Promise<void> {
  const job = await printJob(ctx, user, id, cid);
  await ctx.database.db.update(contestPrints).set({ status: 1 }).where(eq(contestPrints.id, job.id));
}
