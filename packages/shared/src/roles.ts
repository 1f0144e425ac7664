/** Role codes and the permissions each one carries. */
export const Role = {
  ROOT: 1000,
  ADMIN: 1001,
  USER: 1002,
  NO_SUBMIT: 1003,
  NO_DISCUSS: 1004,
  MUTED: 1005,
  NO_SUBMIT_NO_DISCUSS: 1006,
  NO_SUBMIT_MUTED: 1007,
  PROBLEM_ADMIN: 1008,
} as const;
export type RoleId = (typeof Role)[keyof typeof Role];
export const ROLE_IDS = Object.values(Role) as RoleId[];

/** Role names as the client and the auth-info call use them. */
export const ROLE_NAMES: Record<RoleId, string> = {
  1000: 'root',
  1001: 'admin',
  1002: 'user',
  1003: 'no_submit_user',
  1004: 'no_discuss_user',
  1005: 'mute_user',
  1006: 'no_submit_no_discuss_user',
  1007: 'no_submit_mute_user',
  1008: 'problem_admin',
};

export const PERMISSIONS = [
  'problem_admin',
  'submit',
  'contest_admin',
  'rejudge',
  'announcement_admin',
  'user_admin',
  'system_info_admin',
  'discussion_add',
  'discussion_del',
  'discussion_edit',
  'comment_add',
  'reply_add',
  'group_add',
  'group_del',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const social: Permission[] = ['discussion_add', 'discussion_del', 'discussion_edit', 'comment_add', 'reply_add'];
const groups: Permission[] = ['group_add', 'group_del'];

export const ROLE_PERMISSIONS: Record<RoleId, Permission[]> = {
  1000: [...PERMISSIONS],
  1001: ['problem_admin', 'submit', 'contest_admin', 'rejudge', ...social, ...groups],
  1002: ['submit', ...social, ...groups],
  1003: [...social],
  1004: ['submit', 'discussion_del', 'discussion_edit', 'comment_add', 'reply_add'],
  1005: ['submit', 'discussion_del', 'discussion_edit'],
  1006: ['discussion_del', 'discussion_edit', 'comment_add', 'reply_add'],
  1007: ['discussion_del', 'discussion_edit'],
  1008: ['problem_admin', 'submit', 'contest_admin', ...social, ...groups],
};

export function permissionsOf(roles: readonly number[]): Permission[] {
  const set = new Set<Permission>();
  for (const r of roles) for (const p of ROLE_PERMISSIONS[r as RoleId] ?? []) set.add(p);
  return [...set];
}

export const isSuperAdmin = (roles: readonly number[]) => roles.includes(Role.ROOT);
export const isAdmin = (roles: readonly number[]) => roles.includes(Role.ROOT) || roles.includes(Role.ADMIN);
export const isProblemAdmin = (roles: readonly number[]) => roles.includes(Role.PROBLEM_ADMIN);
/** The roles of the admin area: super admin, admin, problem admin. SQL that picks admins uses this list too. */
export const ADMIN_AREA_ROLES: readonly RoleId[] = [Role.ROOT, Role.ADMIN, Role.PROBLEM_ADMIN];
/** Who sees the Management entry and may enter the admin area. */
export const canSeeManagement = (roles: readonly number[]) => roles.some((r) => (ADMIN_AREA_ROLES as readonly number[]).includes(r));
