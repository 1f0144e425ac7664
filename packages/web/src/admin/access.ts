import { ROLE_NAMES, Role, may, type RoleId, type SiteAction } from '@oj/shared';
import { MANAGEMENT_ROLES } from '../app/session';

/** Site actions of the policy that whole admin pages are about (their routes and menu entries ask `may`). */
const POLICY_PAGES = ['moderateDiscussions', 'editDiscussionCategories', 'sendNotices'] as const satisfies readonly SiteAction[];
type PolicyPage = (typeof POLICY_PAGES)[number];

/** What part of the admin area a page belongs to; each needs one of the roles below, or the policy's yes. */
export type AdminAccess = 'area' | 'problem' | 'root' | PolicyPage;

/**
 * Role names allowed per part. The whole area: root, admin, problem_admin (spec 1 §6). Problem
 * management: root and problem_admin, the same roles the server's problem routes accept. Problem
 * import/export: root only, as on the server (HOJ does the same).
 */
const ROLES: Record<Exclude<AdminAccess, PolicyPage>, string[]> = {
  area: MANAGEMENT_ROLES,
  problem: [ROLE_NAMES[Role.ROOT], ROLE_NAMES[Role.PROBLEM_ADMIN]],
  root: [ROLE_NAMES[Role.ROOT]],
};

const ROLE_ID_OF = new Map(Object.entries(ROLE_NAMES).map(([id, name]) => [name, Number(id) as RoleId]));
const isPolicyPage = (access: AdminAccess): access is PolicyPage => (POLICY_PAGES as readonly string[]).includes(access);

export function hasAdminAccess(roles: string[], access: AdminAccess): boolean {
  if (!isPolicyPage(access)) return roles.some((r) => ROLES[access].includes(r));
  // Site actions do not depend on who the user is, only on the roles.
  const ids = roles.flatMap((r) => (ROLE_ID_OF.has(r) ? [ROLE_ID_OF.get(r)!] : []));
  return may({ uid: '', roles: ids }, access, { kind: 'site' });
}
