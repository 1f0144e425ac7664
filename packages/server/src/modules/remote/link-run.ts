/**
 * Linking a run the user made on the remote site (beyond HOJ): instead of pasting his code again, he
 * gives the site's run id. The submission is stored Pending with that run id and his Codeforces handle,
 * and queued like any remote one; the judge first checks on the site that the run is his and of this
 * problem, then follows it to its verdict (remote-tasks.ts leases it without an account). Never in a
 * contest: a run made elsewhere says nothing of the contest's time.
 */
import { eq, sql } from 'drizzle-orm';
import { LINKABLE_OJS, type LinkRunBody, type RemoteOj, type SubmissionInfo } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail } from '../../lib/errors.js';
import { assertJudgeOpen, getSetting } from '../../lib/site-config.js';
import type { Place } from '../place/index.js';
import { queueNewSubmission } from '../submission/service.js';

export async function linkRun(ctx: AppContext, user: AuthUser, place: Place, body: LinkRunBody, ip: string): Promise<SubmissionInfo> {
  const { db } = ctx.database;
  if (place.submitRules.judge === 'contest') throw fail('linkRunInContest');
  assertJudgeOpen(await getSetting(db, 'switch'), place.submitRules.judge);
  const opened = await place.openProblem({ displayId: body.pid }, 'submit');
  const p = opened.problem;
  const oj = p.isRemote ? (p.remoteOj as RemoteOj | null) : null;
  if (!oj || !LINKABLE_OJS.includes(oj)) throw fail('linkRunNotLinkable');
  const [me] = await db.select({ handle: users.cfUsername }).from(users).where(eq(users.uid, user.uid));
  const handle = me?.handle?.trim();
  if (!handle) throw fail('linkRunNeedsHandle');

  // Like a submission: one at a time per user, after the site's interval (each link is a look at the site).
  return queueNewSubmission(
    ctx,
    user,
    place,
    opened,
    ip,
    {
      language: `${oj} run`,
      code: `// ${oj} run ${body.runId} by ${handle}, linked\n`,
      length: 0,
      isRemote: true,
      remoteRunId: body.runId,
      remoteHandle: handle,
    },
    async (tx) => {
      // One link per run of a site, whoever asks: two requests at once cannot both pass the check.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`link-run:${oj}:${body.runId}`}))`);
      const taken = await tx.execute(sql`
        select 1 from judge j join problem p on p.id = j.pid
        where j.remote_run_id = ${body.runId} and p.remote_oj = ${oj} and j.remote_handle is not null limit 1`);
      if (taken.rows.length) throw fail('linkRunTaken');
    },
  );
}
