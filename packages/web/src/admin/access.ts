import { ROLE_NAMES, Role } from '@oj/shared';
import { MANAGEMENT_ROLES } from '../app/session';

/** What part of the admin area a page belongs to; each needs one of the roles below. */
export type AdminAccess = 'area' | 'problem' | 'root';

/**
 * Role names allowed per part. The whole area: root, admin, problem_admin (spec 1 §6). Problem
 * management: root and problem_admin, the same roles the server's problem routes accept. Problem
 * import/export: root only, as on the server (HOJ does the same).
 */
const ROLES: Record<AdminAccess, string[]> = {
  area: MANAGEMENT_ROLES,
  problem: [ROLE_NAMES[Role.ROOT], ROLE_NAMES[Role.PROBLEM_ADMIN]],
  root: [ROLE_NAMES[Role.ROOT]],
};

export const hasAdminAccess = (roles: string[], access: AdminAccess) => roles.some((r) => ROLES[access].includes(r));
