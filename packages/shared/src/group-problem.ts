/**
 * Group problems (the public application, access rules, calls; HOJ paths of
 * notes §10 and the review of §11.4): the group's own problem list for members, the admin list, the
 * site's problem form saved in the group (display id prefixed with the group's short name), change
 * auth, delete, the application to the public bank and the super admin's review of it.
 */
import { z } from 'zod';
import { endpoint } from './endpoint.js';
import type { Page } from './envelope.js';
import { dbId } from './ids.js';
import { pagingQuery } from './paging.js';
import { LIMITS } from './constants.js';
import { adminProblemBody, type AdminProblemCase, type AdminProblemDetail, type Tag } from './problem.js';
import { adminProblemUploadRef, compileCheckerBody } from './problem-admin.js';

/** none (null) → 1 applying → 2 public (moved into the bank) or 3 refused; an application can be cancelled. */
export const GroupProblemApply = { APPLYING: 1, PUBLIC: 2, REFUSED: 3 } as const;

/** Problem auth inside a group: 1 public (members see it), 2 private (group admins only); 3 contest is shown, never chosen here. */
export const GROUP_PROBLEM_AUTHS = [1, 2] as const;

const flag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((v) => v === true || v === 'true' || v === '1');

// ---------------------------------------------------------------------------------------------
// Types

/** A row of the members' list: the group's public problems with their verdict counts. */
export interface GroupProblemRow {
  id: number;
  problemId: string;
  title: string;
  difficulty: number;
  type: number;
  tags: Tag[];
  total: number;
  ac: number;
}

/** A row of the group admin list. `editable`: the caller may edit, delete, download and apply it (group root, or its author among the group admins). */
export interface GroupAdminProblemRow {
  id: number;
  problemId: string;
  title: string;
  author: string | null;
  type: number;
  auth: number;
  difficulty: number;
  applyPublicProgress: number | null;
  modifiedUser: string | null;
  gmtCreate: string;
  gmtModified: string;
  editable: boolean;
}

/** A pending application as the super admin reviews it (/admin/group-problem/apply). */
export interface GroupProblemApplyRow {
  id: number;
  problemId: string;
  title: string;
  author: string | null;
  gid: number;
  groupName: string;
  groupShortName: string;
  applyPublicProgress: number;
  gmtModified: string;
  /** the display id proposed for the public bank: the id without the group's short name */
  suggestedProblemId: string;
}

// ---------------------------------------------------------------------------------------------
// Requests

export const groupProblemListQuery = pagingQuery(10).extend({ gid: dbId });
export const groupProblemPidQuery = z.object({ pid: dbId });
export const groupGidQuery = z.object({ gid: dbId });

/** The site's problem form (with its zip upload reference) for a group: `problem.problemId` is typed WITHOUT the short name, which the server puts in front. */
export const groupProblemSaveBody = adminProblemBody.and(adminProblemUploadRef).and(z.object({ gid: dbId }));

export const changeGroupProblemAuthQuery = z.object({
  pid: dbId,
  auth: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)], { error: 'auth: 1 (public) or 2 (private).' })),
});

/** `isApplied` true: apply to the public bank; false: cancel the application */
export const applyPublicQuery = z.object({ pid: dbId, isApplied: flag });

export const groupProblemApplyListQuery = pagingQuery(10).extend({
  keyword: z.string().max(LIMITS.shortText).optional(),
  gid: dbId.optional(),
});

/** 2 agree (the problem moves into the public bank under `problemId`, default the suggested one), 3 refuse (the author is told) */
export const changeProgressBody = z.object({
  pid: dbId,
  progress: z.union([z.literal(2), z.literal(3)], { error: 'progress: 2 (agree) or 3 (refuse).' }),
  problemId: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .regex(/^[A-Za-z0-9_-]+$/, 'The problem ID may hold letters, digits, dash and underscore only')
    .optional(),
});

// ---------------------------------------------------------------------------------------------
// Endpoints

export const groupProblemEndpoints = {
  /** members: the group's public problems */
  list: endpoint<Page<GroupProblemRow>>()({ method: 'GET', path: 'group/get-problem-list', query: groupProblemListQuery }),
  /** group admins: every problem of the group */
  adminList: endpoint<Page<GroupAdminProblemRow>>()({ method: 'GET', path: 'group/get-admin-problem-list', query: groupProblemListQuery }),
  /** the problem form's data (group root, or the author among the group admins) */
  get: endpoint<AdminProblemDetail>()({ method: 'GET', path: 'group/problem', query: groupProblemPidQuery }),
  create: endpoint<{ pid: number; problemId: string }>()({ method: 'POST', path: 'group/problem', body: groupProblemSaveBody }),
  update: endpoint<{ pid: number; problemId: string }>()({ method: 'PUT', path: 'group/problem', body: groupProblemSaveBody }),
  remove: endpoint<null>()({ method: 'DELETE', path: 'group/problem', query: groupProblemPidQuery }),
  cases: endpoint<AdminProblemCase[]>()({ method: 'GET', path: 'group/get-problem-cases', query: groupProblemPidQuery }),
  /** the tags a group problem can carry: the site's and the group's own */
  tags: endpoint<Tag[]>()({ method: 'GET', path: 'group/get-all-problem-tags', query: groupGidQuery }),
  /** a compile error answers status 400 with the compiler's message */
  compileSpj: endpoint<null>()({ method: 'POST', path: 'group/compile-spj', query: groupGidQuery, body: compileCheckerBody }),
  compileInteractive: endpoint<null>()({ method: 'POST', path: 'group/compile-interactive', query: groupGidQuery, body: compileCheckerBody }),
  changeAuth: endpoint<null>()({ method: 'PUT', path: 'group/change-problem-auth', query: changeGroupProblemAuthQuery }),
  applyPublic: endpoint<null>()({ method: 'PUT', path: 'group/apply-public', query: applyPublicQuery }),
} as const;

/** The super admin's review of applications (HOJ admin/group-problem, notes §11.4). */
export const adminGroupProblemEndpoints = {
  list: endpoint<Page<GroupProblemApplyRow>>()({ method: 'GET', path: 'admin/group-problem/list', query: groupProblemApplyListQuery }),
  changeProgress: endpoint<null>()({ method: 'PUT', path: 'admin/group-problem/change-progress', body: changeProgressBody }),
} as const;
