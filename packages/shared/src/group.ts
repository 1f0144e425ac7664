/**
 * Groups: constants, request schemas, response types and the endpoint table of the group core (HOJ
 * `hoj-api-reference.md` §10, whose paths and payload shapes are kept). Group problems,
 * trainings, contests and discussions are declared in their own files next to this one.
 */
import { z } from 'zod';
import type { Ability } from './ability.js';
import { endpoint } from './endpoint.js';
import type { Page } from './envelope.js';
import { dbId, INT4_MAX } from './ids.js';
import { formatMsg, MSG } from './messages.js';
import { pagingQuery } from './paging.js';
import { GroupLevel, type GroupLevelValue } from './policy.js';
import type { RoleId } from './roles.js';

/** 1 public (join at once), 2 protected (apply with a reason), 3 private (apply with the code and a reason) */
export const GroupAuth = { PUBLIC: 1, PROTECTED: 2, PRIVATE: 3 } as const;
export type GroupAuthValue = (typeof GroupAuth)[keyof typeof GroupAuth];
export const GROUP_AUTHS = [GroupAuth.PUBLIC, GroupAuth.PROTECTED, GroupAuth.PRIVATE] as const;

/** group field limits and page sizes */
export const GROUP_LIMITS = {
  nameMin: 5,
  nameMax: 25,
  shortNameMin: 5,
  shortNameMax: 10,
  briefMin: 5,
  briefMax: 50,
  descriptionMin: 5,
  descriptionMax: 1000,
  codeLength: 6,
  reasonMin: 5,
  reasonMax: 100,
  /** the group list */
  pageSize: 15,
  pageSizes: [9, 15, 30, 60, 120] as const,
  /** the member, application and add-member lists (default page size) */
  memberPageSize: 10,
  /** the group rank */
  rankPageSize: 30,
  /** the avatar */
  avatarMaxBytes: 2 * 1024 * 1024,
  avatarSize: 200,
  /** wrong invitation codes per user and group before a pause, like contest and training passwords */
  codeTries: 5,
  codeWindowMinutes: 10,
  /** usernames one bulk add takes */
  bulkAddMax: 500,
} as const;

/** How the caller stands to a group (userAuth): 0 none, 1 applying, 2 refused, then the member levels 3–5. */
export const GroupRelation = { NONE: 0, APPLYING: 1, REFUSED: 2 } as const;

// ---------------------------------------------------------------------------------------------
// Types

/** A group as its card and home show it; `code` only to the group's root. */
export interface Group {
  id: number;
  avatar: string | null;
  name: string;
  shortName: string;
  brief: string;
  description: string;
  owner: string;
  ownerUid: string | null;
  auth: GroupAuthValue;
  /** the invitation code of a non-public group; null unless the caller is the group's root */
  code: string | null;
  visible: boolean;
  status: number;
  memberCount: number;
  gmtCreate: string;
}

/**
 * The caller in a group (get-group-access): `level` 0 none (or a visitor), 1 applying, 2 refused, 3 member,
 * 4 admin, 5 root; `owner` the group's owner; `member` / `admin` / `root` as the policy reads them (the
 * super admin is root everywhere).
 */
export interface GroupAuthInfo {
  level: 0 | GroupLevelValue;
  owner: boolean;
  member: boolean;
  admin: boolean;
  root: boolean;
}

/**
 * A row of the member list (levels 3–5) or of the application list (1 applying, 2 refused).
 * `realname`, `school` and `reason` only to the group's admins (null otherwise).
 */
export interface GroupMemberRow {
  uid: string;
  username: string;
  avatar: string | null;
  realname: string | null;
  school: string | null;
  auth: GroupLevelValue;
  reason: string | null;
  /** the group's owner (never changed, removed or demoted) */
  owner: boolean;
  gmtCreate: string;
  gmtModified: string;
}

/** A row of the add-member dialog: any user, with his standing in the group (0 none). */
/** A row of the add-member search: names anyone shows publicly, never a real name or school. */
export interface GroupUserRow {
  uid: string;
  username: string;
  nickname: string | null;
  /** the most powerful site role held (the "user type" column) */
  role: RoleId;
  level: 0 | GroupLevelValue;
}

// ---------------------------------------------------------------------------------------------
// Rules both sides apply

// ---------------------------------------------------------------------------------------------
// Schemas: the texts are catalogue messages, so the web shows them translated.

/** A text field; left out counts as empty, so the field's own message is given (not zod's type error). */
const text = (min: number, max: number, message: string) =>
  z.preprocess((v) => v ?? '', z.string({ error: message }).trim().min(min, message).max(max, message));

const groupName = text(GROUP_LIMITS.nameMin, GROUP_LIMITS.nameMax, MSG.groupNameInvalid);
const groupShortName = text(GROUP_LIMITS.shortNameMin, GROUP_LIMITS.shortNameMax, MSG.groupShortNameInvalid);
const groupBrief = text(GROUP_LIMITS.briefMin, GROUP_LIMITS.briefMax, MSG.groupBriefInvalid);
const groupDescription = text(GROUP_LIMITS.descriptionMin, GROUP_LIMITS.descriptionMax, MSG.groupDescriptionInvalid);
const isGroupAuth = (v: unknown) => (typeof v === 'number' || (typeof v === 'string' && v !== '')) && (GROUP_AUTHS as readonly number[]).includes(Number(v));
const groupAuth = z
  .unknown()
  .refine(isGroupAuth, MSG.groupAuthInvalid)
  .transform((v) => Number(v) as GroupAuthValue);
/** exactly 6 characters, spaces around it dropped; left out or empty for a public group */
const groupCode = z
  .string({ error: MSG.groupCodeInvalid })
  .trim()
  .refine((v) => v.length === 0 || v.length === GROUP_LIMITS.codeLength, MSG.groupCodeInvalid);

/** A non-public group needs its code ("code required exactly 6, shown only when auth is not public"). */
const codeWhenNotPublic = (g: { auth?: GroupAuthValue; code?: string | null }) =>
  g.auth === undefined || g.auth === GroupAuth.PUBLIC || (g.code ?? '').length > 0;

/** `POST /api/group` (the create dialog). `visible` is the super admin's only; others' groups are visible. */
export const groupForm = z
  .object({
    name: groupName,
    shortName: groupShortName,
    brief: groupBrief,
    description: groupDescription,
    auth: groupAuth,
    code: groupCode.nullish(),
    visible: z.boolean().optional(),
  })
  .refine(codeWhenNotPublic, { message: MSG.groupCodeInvalid, path: ['code'] });
export type GroupForm = z.input<typeof groupForm>;

/**
 * `PUT /api/group` (settings): the group's id and the fields to change (HOJ's client leaves empty ones
 * out). Turning a group non-public needs a code, given here or already held.
 */
export const groupUpdate = z.object({
  id: dbId,
  name: groupName.optional(),
  shortName: groupShortName.optional(),
  brief: groupBrief.optional(),
  description: groupDescription.optional(),
  auth: groupAuth.optional(),
  code: groupCode.nullish(),
  /** super admin only */
  visible: z.boolean().optional(),
  /** super admin only: 0 normal, 1 disabled */
  status: z.union([z.literal(0), z.literal(1)]).optional(),
});
export type GroupUpdate = z.input<typeof groupUpdate>;

const bool = z.union([z.boolean(), z.stringbool()]);

/** `get-group-list`: page size 15 with the options 9/15/30/60/120. */
export const groupListQuery = z.object({
  currentPage: z.coerce.number().int().min(1).max(INT4_MAX).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(Math.max(...GROUP_LIMITS.pageSizes))
    .default(GROUP_LIMITS.pageSize),
  keyword: z.string().trim().max(100).optional(),
  auth: z.coerce
    .number()
    .refine((v) => (GROUP_AUTHS as readonly number[]).includes(v), 'auth: 1, 2 or 3.')
    .optional(),
  onlyMine: bool.optional(),
});

export const groupMemberListQuery = pagingQuery(GROUP_LIMITS.memberPageSize).extend({ gid: dbId, keyword: z.string().trim().max(100).optional() });

/** Reason of an application: 5–100 characters, needed when the group is not public. */
const reasonText = text(GROUP_LIMITS.reasonMin, GROUP_LIMITS.reasonMax, MSG.groupReasonInvalid);

/**
 * `POST /api/group/member` (HOJ: query gid, code, reason): join a public group, apply to a protected one
 * (reason) or a private one (code + reason). With `uid` a group admin adds that user at once.
 */
export const groupJoinQuery = z.object({
  gid: dbId,
  code: z.string().trim().max(100).optional(),
  reason: z.string().trim().max(1000).optional(),
  uid: z.string().trim().min(1).max(64).optional(),
});

/** Checks the apply dialog's fields for a group of `auth`; the message of the first problem, or null. */
export function groupApplyProblem(auth: GroupAuthValue, input: { code?: string; reason?: string }): string | null {
  if (auth === GroupAuth.PUBLIC) return null;
  if (auth === GroupAuth.PRIVATE && (input.code ?? '').trim().length !== GROUP_LIMITS.codeLength) return MSG.groupCodeInvalid;
  return reasonText.safeParse(input.reason ?? '').error?.issues[0]?.message ?? null;
}

const groupLevel = z.coerce
  .number({ error: MSG.groupLevelInvalid })
  .int(MSG.groupLevelInvalid)
  .min(GroupLevel.APPLYING, MSG.groupLevelInvalid)
  .max(GroupLevel.ROOT, MSG.groupLevelInvalid)
  .transform((v) => v as GroupLevelValue);

/** `PUT /api/group/member` (HOJ: the member row): a new level for one member or applicant. */
export const groupMemberUpdate = z.object({ gid: dbId, uid: z.string().trim().min(1).max(64), auth: groupLevel });
export type GroupMemberUpdate = z.input<typeof groupMemberUpdate>;

const memberKey = z.object({ gid: dbId, uid: z.string().trim().min(1).max(64) });

/**
 * `POST /api/group/member/batch`: a group admin adds a list of users by username at the
 * member level, as adding one does. Names are matched ignoring case; repeats count once.
 */
export const groupMemberBulkAdd = z.object({
  gid: dbId,
  usernames: z
    .array(z.string().trim().max(100))
    .transform((names) => names.filter(Boolean))
    .refine((names) => names.length > 0, MSG.groupBulkAddEmpty)
    .refine((names) => names.length <= GROUP_LIMITS.bulkAddMax, formatMsg(MSG.groupBulkAddTooMany, { max: GROUP_LIMITS.bulkAddMax })),
});
/** What a bulk add did with each name: usernames as the site spells them; unknown names as typed. */
export interface GroupBulkAddResult {
  added: string[];
  alreadyMembers: string[];
  notFound: string[];
}
/** The names in a pasted list: one or more a line, separated by spaces, commas or semicolons (also the CJK ones). */
export function parseUsernameList(text: string): string[] {
  return text.split(/[\s,;，；、]+/u).filter(Boolean);
}

/** The group list's page, and whether the caller may create a group now (null for visitors). */
export interface GroupListPage extends Page<Group> {
  mayCreate: Ability | null;
}

// ---------------------------------------------------------------------------------------------
// Endpoints

const gidQuery = z.object({ gid: dbId });

export const groupEndpoints = {
  /** the groups a logged-in user may see (hidden and disabled ones: super admin only), newest first */
  list: endpoint<GroupListPage>()({ method: 'GET', path: 'get-group-list', query: groupListQuery }),
  /** create a group (the site's group limits, admins exempt); the caller becomes its owner and root */
  create: endpoint<Group>()({ method: 'POST', path: 'group', body: groupForm }),
  /** settings: group root */
  update: endpoint<Group>()({ method: 'PUT', path: 'group', body: groupUpdate }),
  /** disband: the owner or the super admin; everything of the group goes in one transaction */
  remove: endpoint<null>()({ method: 'DELETE', path: 'group', query: gidQuery }),
  /** members (levels 3–5): the group's members */
  memberList: endpoint<Page<GroupMemberRow>>()({ method: 'GET', path: 'group/get-member-list', query: groupMemberListQuery }),
  /** applications (levels 1, 2): the group's admins */
  applyList: endpoint<Page<GroupMemberRow>>()({ method: 'GET', path: 'group/get-apply-list', query: groupMemberListQuery }),
  /** join / apply / an admin adds `uid`; the answer is the user's level in the group now */
  join: endpoint<GroupLevelValue>()({ method: 'POST', path: 'group/member', query: groupJoinQuery }),
  /** accept, refuse, change a level (member admin rules): the group's admins */
  updateMember: endpoint<GroupMemberRow>()({ method: 'PUT', path: 'group/member', body: groupMemberUpdate }),
  /** remove a member or an application (never oneself or the owner): the group's admins */
  deleteMember: endpoint<null>()({ method: 'DELETE', path: 'group/member', query: memberKey }),
  /** add users by username in bulk, at the member level: the group's admins */
  bulkAdd: endpoint<GroupBulkAddResult>()({ method: 'POST', path: 'group/member/batch', body: groupMemberBulkAdd }),
  /** leave the group (or withdraw one's application); the owner cannot (he disbands) */
  exit: endpoint<null>()({ method: 'DELETE', path: 'group/member/exit', query: gidQuery }),
  /** the add-member dialog's search over all users: the group's admins */
  userList: endpoint<Page<GroupUserRow>>()({ method: 'GET', path: 'group/get-user-list', query: groupMemberListQuery }),
  /** one group; visitors 401, a private group to non-members: groupNotFound-like refusal (spec: "sees nothing of it") */
  detail: endpoint<Group>()({ method: 'GET', path: 'get-group-detail', query: gidQuery }),
  /** the caller's level in the group as HOJ gives it: 0 none, 1 applying, 2 refused, 3–5 member levels */
  auth: endpoint<number>()({ method: 'GET', path: 'get-group-auth', query: gidQuery }),
  /** the caller's standing in the group as the policy reads it (what the screens show by) */
  access: endpoint<GroupAuthInfo>()({ method: 'GET', path: 'get-group-access', query: gidQuery }),
};
