/**
 * Who may manage a group problem (spec 3 §6): the group's admins create; the group root (level 5, the
 * owner, the super admin) manages every problem of the group, the other group admins their own. Asked
 * of the policy (`may(actor, …, {kind: 'problem'})`) with the caller's level in the problem's group.
 */
import { may } from '@oj/shared';
import type { DbOrTx } from '../../db/client.js';
import type { AuthUser } from '../../lib/auth.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { adminStanding, type GroupStanding } from '../group/access.js';
import { problemById, type ProblemRow } from '../problem/service.js';

/** A problem of a group with the caller's standing there. */
export interface ManagedProblem {
  problem: ProblemRow & { gid: number };
  standing: GroupStanding;
}

/**
 * The group problem `pid` when the caller may administer (edit, delete, download, apply) it. A problem
 * of no group is "not found" here (the bank has its own calls); a non-admin of its group is refused by
 * the group's standing (403), an admin who is neither root nor author by `groupProblemNotYours`.
 */
export async function managedProblem(db: DbOrTx, user: AuthUser, pid: number): Promise<ManagedProblem> {
  const p = await problemById(db, pid);
  if (!p || p.gid === null) throw notFound('problemNotFound');
  const standing = await adminStanding(db, user, p.gid);
  if (!may(standing.actor, 'administer', { kind: 'problem', author: p.author, gid: p.gid })) throw forbidden('groupProblemNotYours');
  return { problem: p as ProblemRow & { gid: number }, standing };
}

/** May the caller (standing in the group) administer a problem of it by this author? For the admin list's buttons. */
export const mayManage = (standing: GroupStanding, author: string | null, gid: number) => may(standing.actor, 'administer', { kind: 'problem', author, gid });
