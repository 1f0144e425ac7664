/**
 * Groups: constants, request schemas, response types and the endpoint table of the group core (spec 3
 * §2–§9 about groups; HOJ `hoj-api-reference.md` §10, whose paths and payload shapes are kept). Group
 * problems, trainings, contests and discussions are declared in their own files next to this one.
 */
import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { dbId } from './ids.js';
import type { GroupLevelValue } from './policy.js';

/** spec 3 §3: 1 public (join at once), 2 protected (apply with a reason), 3 private (apply with the code and a reason) */
export const GroupAuth = { PUBLIC: 1, PROTECTED: 2, PRIVATE: 3 } as const;
export type GroupAuthValue = (typeof GroupAuth)[keyof typeof GroupAuth];
export const GROUP_AUTHS = [GroupAuth.PUBLIC, GroupAuth.PROTECTED, GroupAuth.PRIVATE] as const;

/** spec 3 §5 and §9 */
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
  /** the group rank */
  rankPageSize: 30,
  /** the avatar (spec 3 §5, §9) */
  avatarMaxBytes: 2 * 1024 * 1024,
  avatarSize: 200,
} as const;

/** How the caller stands to a group (spec 3 §3 userAuth): 0 none, 1 applying, 2 refused, then the member levels 3–5. */
export const GroupRelation = { NONE: 0, APPLYING: 1, REFUSED: 2 } as const;

// ---------------------------------------------------------------------------------------------
// Types

/** A group as its card and home show it (spec 3 §3 "Group"); `code` only to the group's root. */
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
 * super admin is root everywhere, spec 3 §6).
 */
export interface GroupAuthInfo {
  level: 0 | GroupLevelValue;
  owner: boolean;
  member: boolean;
  admin: boolean;
  root: boolean;
}

// ---------------------------------------------------------------------------------------------
// Endpoints

const gidQuery = z.object({ gid: dbId });

export const groupEndpoints = {
  /** one group; visitors 401, a private group to non-members: groupNotFound-like refusal (spec: "sees nothing of it") */
  detail: endpoint<Group>()({ method: 'GET', path: 'get-group-detail', query: gidQuery }),
  /** the caller's level in the group as HOJ gives it: 0 none, 1 applying, 2 refused, 3–5 member levels */
  auth: endpoint<number>()({ method: 'GET', path: 'get-group-auth', query: gidQuery }),
  /** the caller's standing in the group as the policy reads it (what the screens show by) */
  access: endpoint<GroupAuthInfo>()({ method: 'GET', path: 'get-group-access', query: gidQuery }),
};
