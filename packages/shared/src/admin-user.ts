/**
 * The super admin's Users screen: list, edit, delete, CSV import and
 * bulk generation. Paths and payloads follow HOJ's admin calls (hoj-api-reference §11.2) so HOJ users'
 * scripts keep working; the server module is packages/server/src/modules/admin-user/.
 */
import { z } from 'zod';
import { emailField, type GENDERS, newPasswordField, usernameField } from './account.js';
import { endpoint } from './endpoint.js';
import type { Page } from './envelope.js';
import { MSG } from './messages.js';
import { pagingQuery } from './paging.js';
import { ROLE_IDS, Role, type RoleId } from './roles.js';

export const ADMIN_USER_LIMITS = {
  /** admin lists show 10 rows by default */
  pageSize: 10,
  deleteManyMax: 1000,
  /** rows of one CSV import: every password is hashed, so this bounds the import's time (about 30 s on 2 cores) */
  importRowsMax: 20_000,
  /** the JSON body of an import: a 5 MB CSV as arrays of strings, with room for quoting */
  importBodyBytes: 16 * 1024 * 1024,
  /** accounts of one generated batch (numbers and extra accounts together) */
  generateMax: 5000,
  generatedPasswordMin: 6,
  generatedPasswordMax: 25,
  /** how long the list of a generated batch (with its passwords) can be downloaded */
  generatedListTtlMs: 60 * 60 * 1000,
  realnameMax: 50,
  nicknameMax: 20,
  schoolMax: 100,
  titleNameMax: 20,
} as const;

/** Roles from most to least powerful: a user's shown role is the first one he holds. */
export const ROLE_ORDER: RoleId[] = [
  Role.ROOT,
  Role.ADMIN,
  Role.PROBLEM_ADMIN,
  Role.USER,
  Role.NO_SUBMIT,
  Role.NO_DISCUSS,
  Role.MUTED,
  Role.NO_SUBMIT_NO_DISCUSS,
  Role.NO_SUBMIT_MUTED,
];
export const ADMIN_ROLE_IDS: RoleId[] = [Role.ROOT, Role.ADMIN, Role.PROBLEM_ADMIN];

export const UserStatus = { NORMAL: 0, DISABLED: 1 } as const;

const bool = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());
const roleId = z.coerce
  .number()
  .int()
  .refine((v) => (ROLE_IDS as number[]).includes(v), 'type: a role id from 1000 to 1008.')
  .transform((v) => v as RoleId);
const uid = z.string().trim().min(1).max(64);
const optText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);

/** `GET admin/user/get-user-list`: keyword over username, real name, nickname, email, school. */
export const adminUserListQuery = pagingQuery(ADMIN_USER_LIMITS.pageSize).extend({
  keyword: z.string().trim().max(100).optional(),
  /** HOJ: only root, admin and problem admin */
  onlyAdmin: bool.optional(),
  /** only users holding this role */
  role: roleId.optional(),
});

export interface AdminUserRow {
  uid: string;
  username: string;
  realname: string | null;
  nickname: string | null;
  email: string | null;
  school: string | null;
  gender: (typeof GENDERS)[number];
  /** the most powerful role held (ROLE_ORDER) */
  role: RoleId;
  roles: RoleId[];
  /** 0 normal, 1 disabled */
  status: number;
  titleName: string | null;
  titleColor: string | null;
  gmtCreate: string;
}

/** `PUT admin/user/edit-user` (HOJ's fields): `type` replaces the user's roles with that one. */
export const editUserBody = z
  .object({
    uid,
    username: usernameField,
    realname: optText(ADMIN_USER_LIMITS.realnameMax),
    email: z.union([z.literal(''), emailField]).nullish(),
    setNewPwd: z.boolean().default(false),
    password: z.string().max(100).nullish(),
    type: roleId,
    status: z.union([z.literal(UserStatus.NORMAL), z.literal(UserStatus.DISABLED)]),
    titleName: optText(ADMIN_USER_LIMITS.titleNameMax),
    titleColor: z
      .string()
      .trim()
      .regex(/^(#[0-9a-fA-F]{3,8})?$/, 'titleColor: a colour such as #ff0000.')
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine((b, ctx) => {
    if (!b.setNewPwd) return;
    const r = newPasswordField.safeParse(b.password ?? '');
    if (!r.success) ctx.addIssue({ code: 'custom', path: ['password'], message: r.error.issues[0]?.message ?? 'password' });
  });
export type EditUserBody = z.infer<typeof editUserBody>;

/** `DELETE admin/user/delete-user`: the uids in the body (HOJ). */
export const deleteUsersBody = z.object({
  ids: z.array(uid).min(1, MSG.usersSelectEmpty).max(ADMIN_USER_LIMITS.deleteManyMax),
});

/**
 * `POST admin/user/insert-batch-user` (and `check-batch-user`, the preview): the CSV's rows as the
 * client parsed them, in file order — username, password, email, realname, gender, nickname, school.
 */
export const batchUsersBody = z.object({
  users: z
    .array(z.array(z.string().max(10_000)).max(100))
    .min(1, MSG.importUsersEmpty)
    .max(ADMIN_USER_LIMITS.importRowsMax, MSG.importUsersTooMany),
});
export const CSV_USER_COLUMNS = ['username', 'password', 'email', 'realname', 'gender', 'nickname', 'school'] as const;

/** What is wrong with one row of an import; `row` is 1-based, the file's line for unquoted CSV. */
export const IMPORT_PROBLEMS = [
  'columns',
  'username',
  'password',
  'email',
  'tooLong',
  'duplicateUsername',
  'duplicateEmail',
  'usernameExists',
  'emailExists',
] as const;
export type ImportProblemCode = (typeof IMPORT_PROBLEMS)[number];
export interface ImportRowProblem {
  row: number;
  code: ImportProblemCode;
  /** the column at fault (CSV_USER_COLUMNS) */
  field?: (typeof CSV_USER_COLUMNS)[number];
  /** for duplicates within the file: the earlier row */
  firstRow?: number;
  /** the rule's English text (the web shows its own translation of `code`) */
  detail?: string;
}
export interface ImportReport {
  rows: number;
  /** rows left out because the username or the password is empty */
  skipped: number[];
  /** users the rows would make (check) or made (insert) */
  valid: number;
  imported: number;
  problems: ImportRowProblem[];
}

/** `POST admin/user/generate-user` (HOJ's names): usernames prefix + number + suffix, plus extra accounts. */
export const generateUsersBody = z
  .object({
    prefix: z.string().trim().max(20).default(''),
    suffix: z.string().trim().max(20).default(''),
    number_from: z.coerce.number({ error: 'number_from is required.' }).int().min(0).max(1_000_000_000),
    number_to: z.coerce.number({ error: 'number_to is required.' }).int().min(0).max(1_000_000_000),
    password_length: z.coerce
      .number()
      .int()
      .min(ADMIN_USER_LIMITS.generatedPasswordMin, MSG.generatePasswordLength)
      .max(ADMIN_USER_LIMITS.generatedPasswordMax, MSG.generatePasswordLength),
    /** extra usernames, separated by spaces */
    extra_account: z.string().max(20_000).default(''),
  })
  .superRefine((b, ctx) => {
    if (b.number_to < b.number_from) ctx.addIssue({ code: 'custom', path: ['number_to'], message: MSG.generateRangeInvalid });
  });
export type GenerateUsersBody = z.infer<typeof generateUsersBody>;

export interface GeneratedUsers {
  /** for `GET file/generate-user-excel?key=` */
  key: string;
  count: number;
}
export const generatedListQuery = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{32}$/, 'key: not a generated list.'),
});

export const adminUserEndpoints = {
  list: endpoint<Page<AdminUserRow>>()({ method: 'GET', path: 'admin/user/get-user-list', query: adminUserListQuery }),
  edit: endpoint<AdminUserRow>()({ method: 'PUT', path: 'admin/user/edit-user', body: editUserBody }),
  remove: endpoint<{ deleted: number }>()({ method: 'DELETE', path: 'admin/user/delete-user', body: deleteUsersBody }),
  checkImport: endpoint<ImportReport>()({ method: 'POST', path: 'admin/user/check-batch-user', body: batchUsersBody }),
  import: endpoint<ImportReport>()({ method: 'POST', path: 'admin/user/insert-batch-user', body: batchUsersBody }),
  generate: endpoint<GeneratedUsers>()({ method: 'POST', path: 'admin/user/generate-user', body: generateUsersBody }),
} as const;

/** The download of a generated batch (a file, not a JSON call). */
export const GENERATED_LIST_PATH = 'file/generate-user-excel';
