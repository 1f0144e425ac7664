/**
 * The AC helper for balloon runners (ac-info, contest admin, ACM only): each user's first
 * accepted submission per problem during the contest, first bloods marked, and a "delivered" flag.
 */
import { and, eq, sql } from 'drizzle-orm';
import { JudgeStatus, type ContestAcInfo, type Page, contestRule } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { contestAcChecks, submissions } from '../../db/schema/index.js';
import { pageOf, pageOffset } from '../../db/page.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail, notFound } from '../../lib/errors.js';
import { administeredContest } from './access.js';

export async function acInfo(ctx: AppContext, user: AuthUser, q: { cid: number; currentPage: number; limit: number }): Promise<Page<ContestAcInfo>> {
  const { db } = ctx.database;
  const c = await administeredContest(db, q.cid, user);
  if (!contestRule(c.type).acHelper) throw fail('acInfoAcmOnly');
  // Undelivered balloons first, oldest first: the order runners hand them out.
  const window = sql`j.cid = ${c.id} and j.status = ${JudgeStatus.ACCEPTED}
    and j.submit_time >= ${c.startTime.toISOString()} and j.submit_time < ${c.endTime.toISOString()}
    and exists (select 1 from contest_problem cp where cp.cid = j.cid and cp.pid = j.pid)`;
  const { records: rows, total } = await pageOf(
    db
      .execute<{
        submit_id: number;
        submit_time: Date;
        display_id: string;
        color: string | null;
        username: string;
        realname: string | null;
        checked: boolean;
        first_blood: boolean;
      }>(sql`
      with firsts as (
        select distinct on (j.uid, j.pid) j.submit_id, j.uid, j.pid, j.submit_time, j.username
        from judge j where ${window}
        order by j.uid, j.pid, j.submit_time, j.submit_id
      ), marked as (
        select f.*, f.submit_time = min(f.submit_time) over (partition by f.pid) as first_blood from firsts f
      )
      select m.submit_id, m.submit_time, cp.display_id, cp.color, m.username, u.realname, m.first_blood,
        (k.submit_id is not null) as checked
      from marked m
      join contest_problem cp on cp.cid = ${c.id} and cp.pid = m.pid
      left join user_info u on u.uid = m.uid
      left join contest_ac_check k on k.submit_id = m.submit_id
      order by checked, m.submit_time, m.submit_id
      limit ${q.limit} offset ${pageOffset(q.currentPage, q.limit)}`)
      .then((r) => r.rows),
    db.execute<{ n: number }>(sql`select count(*)::int as n from (select distinct j.uid, j.pid from judge j where ${window}) x`).then((r) => r.rows),
  );
  return {
    records: rows.map((r) => ({
      id: r.submit_id,
      cid: c.id,
      submitTime: new Date(r.submit_time).toISOString(),
      displayId: r.display_id,
      firstBlood: r.first_blood,
      username: r.username,
      realname: r.realname,
      checked: r.checked,
      color: r.color,
    })),
    total,
  };
}

export async function checkAcInfo(ctx: AppContext, user: AuthUser, o: { id: number; cid: number; checked: boolean }): Promise<void> {
  const { db } = ctx.database;
  const c = await administeredContest(db, o.cid, user);
  const [s] = await db
    .select({ status: submissions.status })
    .from(submissions)
    .where(and(eq(submissions.submitId, o.id), eq(submissions.cid, c.id)));
  if (!s || s.status !== JudgeStatus.ACCEPTED) throw notFound('submissionNotFound');
  if (o.checked) await db.insert(contestAcChecks).values({ submitId: o.id, cid: c.id }).onConflictDoNothing();
  else await db.delete(contestAcChecks).where(eq(contestAcChecks.submitId, o.id));
}
