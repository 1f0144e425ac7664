/**
 * Group contests: the contest module's services called with the group as the
 * owner. The lists and creating take the group named by the call; a call on one contest takes the group
 * holding it (`contestGroupOwner`), with the caller as one of its members, and the contest service reaches
 * that owner's contests only and asks the policy with the caller's level there.
 */
import { eq } from 'drizzle-orm';
import { may, type AdminContest, type ContestBody, type ContestInfo, type GroupAdminContest, type Page } from '@oj/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { contests } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail, forbidden } from '../../lib/errors.js';
import { createContest, ownerAdminContestList } from '../contest/admin.js';
import { contestList } from '../contest/participate.js';
import { groupOwner, groupOwnerOfRow } from '../group/owner.js';
import { ownerColumns, type Owner } from '../owner/index.js';

type Paging = { currentPage: number; limit: number; gid: number };

/** Members: the group's visible contests (hidden ones are in the admin table only). */
export async function groupContestList(ctx: AppContext, user: AuthUser, q: Paging): Promise<Page<ContestInfo>> {
  return contestList(ctx, await groupOwner(ctx.database.db, user, q.gid, 'member'), { currentPage: q.currentPage, limit: q.limit });
}

/** Group admins: every contest of the group, each saying whether the caller may manage it. */
export async function groupAdminContestList(ctx: AppContext, user: AuthUser, q: Paging): Promise<Page<GroupAdminContest>> {
  return ownerAdminContestList(ctx, await groupOwner(ctx.database.db, user, q.gid, 'admin'), q);
}

/** A contest made in the group by one of its admins (policy `create` on a group contest). */
export async function createGroupContest(ctx: AppContext, user: AuthUser, body: ContestBody & { gid: number }): Promise<AdminContest> {
  const { db } = ctx.database;
  const owner = await groupOwner(db, user, body.gid, 'admin');
  if (!may(owner.actor, 'create', { kind: 'contest', uid: null, ...ownerColumns(owner) })) throw forbidden();
  return createContest(ctx, user, owner, body);
}

/**
 * The group holding contest `cid` as the owner, for one of its members: the group calls act on group
 * contests only, so a site contest does not exist there (they never stand in for the admin area's calls,
 * which need the contest_admin permission).
 */
export async function contestGroupOwner(db: DbOrTx, user: AuthUser, cid: number): Promise<Owner> {
  const [c] = await db.select({ gid: contests.gid }).from(contests).where(eq(contests.id, cid));
  return groupOwnerOfRow(db, user, c?.gid, fail('contestNotFound'));
}
