import { ROLE_NAMES, Role, may, permissionsOf, type Permission, type SiteAction } from '@oj/shared';
import { MANAGEMENT_ROLES, roleIdsOf } from '../app/session';

/** Site actions of the policy that whole admin pages are about (their routes and menu entries ask `may`). */
const POLICY_PAGES = ['moderateDiscussions', 'editDiscussionCategories', 'sendNotices', 'reviewGroupProblems'] as const satisfies readonly SiteAction[];
type PolicyPage = (typeof POLICY_PAGES)[number];

/** Pages that belong to a named permission (spec 3 §2 super-admin pages, assignable to other roles). */
const PERMISSION_PAGES = ['user_admin', 'announcement_admin', 'system_info_admin'] as const satisfies readonly Permission[];
type PermissionPage = (typeof PERMISSION_PAGES)[number];

/** What part of the admin area a page belongs to; each needs one of the roles below, the policy's yes or the permission. */
export type AdminAccess = 'area' | 'problem' | 'root' | PolicyPage | PermissionPage;

/**
 * Role names allowed per part. The whole area: root, admin, problem_admin (spec 1 §6). Problem
 * management: root and problem_admin, the same roles the server's problem routes accept. Problem
 * import/export: root only, as on the server (HOJ does the same).
 */
const ROLES: Record<Exclude<AdminAccess, PolicyPage | PermissionPage>, string[]> = {
  area: MANAGEMENT_ROLES,
  problem: [ROLE_NAMES[Role.ROOT], ROLE_NAMES[Role.PROBLEM_ADMIN]],
  root: [ROLE_NAMES[Role.ROOT]],
};

const isPolicyPage = (access: AdminAccess): access is PolicyPage => (POLICY_PAGES as readonly string[]).includes(access);
const isPermissionPage = (access: AdminAccess): access is PermissionPage => (PERMISSION_PAGES as readonly string[]).includes(access);

/**
 * `permissions`: the session's, as the site assigns them (get-user-auth-info); null until known, then
 * the default assignment of the roles stands in.
 */
export function hasAdminAccess(roles: string[], access: AdminAccess, permissions: string[] | null = null): boolean {
  const ids = roleIdsOf(roles);
  if (isPermissionPage(access)) return (permissions ?? permissionsOf(ids)).includes(access);
  if (!isPolicyPage(access)) return roles.some((r) => ROLES[access].includes(r));
  // Site actions do not depend on who the user is, only on the roles and their permissions.
  return may({ uid: '', roles: ids, permissions: permissions ?? undefined }, access, { kind: 'site' });
}
