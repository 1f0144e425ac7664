import { createContext, useContext } from 'react';
import type { AdminContest } from '@oj/shared';
import { adminContestApi } from './adminContest';

/** The calls the contest admin pages make; the admin area and a group answer them on their own paths. */
export type ContestAdminApi = Pick<
  typeof adminContestApi,
  | 'list'
  | 'get'
  | 'create'
  | 'update'
  | 'remove'
  | 'changeVisible'
  | 'problems'
  | 'eligible'
  | 'updateLink'
  | 'addFromPublic'
  | 'removeProblem'
  | 'announcements'
  | 'saveAnnouncement'
  | 'removeAnnouncement'
>;

/**
 * Where the contest admin pages (list, form, problems, announcements) run: the admin area, or a group's
 * contest tab (group contests reuse the same screens). The pages ask the scope for their calls
 * and links and know nothing of groups; the admin area's scope is the default, so its routes need no
 * provider and behave as before.
 */
export interface ContestAdminScope {
  api: ContestAdminApi;
  /** the admin table */
  listPath: string;
  createPath: string;
  /** a contest's admin sub-page */
  contestPath: (cid: number, section: 'edit' | 'problems' | 'announcement') => string;
  /** the bank problem editor and the contest's own problems (admin area only: a group makes its problems in its problem tab) */
  problemEditPath: ((pid: number) => string) | null;
  contestProblemPath: ((cid: number, pid: number | 'create') => string) | null;
  /** a row of the table the viewer may manage (in a group only its root or the contest's creator) */
  canManage: (c: AdminContest) => boolean;
  /** the admin table's keyword search (the group's table has none, as in HOJ) */
  searchable: boolean;
  /** a place of its own to add problems from (a group's problems by id); null: only the bank */
  addFromGroup: ((cid: number, problemId: string, displayId: string) => Promise<{ msg: string }>) | null;
  /** problems of remote judges imported straight into the contest (the admin area's call; a group has none) */
  importsRemote: boolean;
}

export const SITE_CONTEST_ADMIN: ContestAdminScope = {
  api: adminContestApi,
  listPath: '/admin/contest',
  createPath: '/admin/contest/create',
  contestPath: (cid, section) => `/admin/contest/${cid}/${section}`,
  problemEditPath: (pid) => `/admin/problem/edit/${pid}`,
  contestProblemPath: (cid, pid) => (pid === 'create' ? `/admin/contest/${cid}/problem/create` : `/admin/contest/${cid}/problem/${pid}/edit`),
  // The server lists exactly the contests the admin may manage (every one for the super admin, else his own).
  canManage: () => true,
  searchable: true,
  addFromGroup: null,
  importsRemote: true,
};

export const ContestAdminScopeContext = createContext<ContestAdminScope>(SITE_CONTEST_ADMIN);

export const useContestAdminScope = () => useContext(ContestAdminScopeContext);
