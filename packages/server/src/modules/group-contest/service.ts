/**
 * Group contests (spec 3 "Group contests"): the group's lists and making a contest in the group. Everything
 * on one contest (form, problems, announcements, download, the contest shell) is the contest module's own
 * service, whose gates (`contest/access.ts`) ask for membership of the group and the group level through
 * the policy; this module only adds what is the group's: its lists, creating in it, and that a contest
 * reached through a group call is a group contest.
 */
import { may, type AdminContest, type ContestBody, type ContestInfo, type GroupAdminContest, type Page } from '@oj/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { contests } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail, forbidden } from '../../lib/errors.js';
import { createContest } from '../contest/admin.js';
import { contestById } from '../contest/access.js';
import { toAdminContest } from '../contest/info.js';
import { contestList, contestPage } from '../contest/participate.js';
import { groupOwner } from '../group/owner.js';
import { ownerColumns, ownerFilter } from '../owner/index.js';

type Paging = { currentPage: number; limit: number; gid: number };

/** Members: the group's visible contests (hidden ones are in the admin table only). */
export async function groupContestList(ctx: AppContext, user: AuthUser, q: Paging): Promise<Page<ContestInfo>> {
  return contestList(ctx, await groupOwner(ctx.database.db, user, q.gid, 'member'), { currentPage: q.currentPage, limit: q.limit });
}

/**
 * Group admins: every contest of the group, each saying whether the caller may manage it (spec 3 §6:
 * edit, problems, announcements, download, delete and the visible switch only for the group root or the
 * contest's creator; the contest calls check it again).
 */
export async function groupAdminContestList(ctx: AppContext, user: AuthUser, q: Paging): Promise<Page<GroupAdminContest>> {
  const { db } = ctx.database;
  const owner = await groupOwner(db, user, q.gid, 'admin');
  return contestPage(db, ownerFilter(owner, contests.gid), q, (r, n) => ({
    ...toAdminContest(r, n),
    canManage: may(owner.actor, 'administer', { kind: 'contest', uid: r.uid, gid: r.gid }),
  }));
}

/** A contest made in the group by one of its admins (policy `create` on a group contest). */
export async function createGroupContest(ctx: AppContext, user: AuthUser, body: ContestBody & { gid: number }): Promise<AdminContest> {
  const { db } = ctx.database;
  const owner = await groupOwner(db, user, body.gid, 'admin');
  if (!may(owner.actor, 'create', { kind: 'contest', uid: null, ...ownerColumns(owner) })) throw forbidden();
  return createContest(ctx, user, owner, body);
}

/**
 * The group calls act on group contests only: a site contest answers "does not exist" there, so they never
 * stand in for the admin area's calls (which need the contest_admin permission).
 */
export async function assertGroupContest(db: DbOrTx, cid: number): Promise<void> {
  const c = await contestById(db, cid);
  if (!c || c.gid === null) throw fail('contestNotFound');
}
