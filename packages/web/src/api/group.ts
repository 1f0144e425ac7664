import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { groupEndpoints as ep, type Group } from '@oj/shared';
import { call, quietly } from './client';
import { request, requestResult, type EndpointInput } from './endpoint';

type Input<K extends keyof typeof ep> = EndpointInput<(typeof ep)[K]>;
export type GroupListQuery = Input<'list'>['query'];
export type GroupMemberQuery = Input<'memberList'>['query'];

/** Groups: thin wrappers over `groupEndpoints` of `@oj/shared`, plus the query keys. */
export const groupApi = {
  detail: (gid: number) => request(ep.detail, { query: { gid } }),
  access: (gid: number) => request(ep.access, { query: { gid } }),
  list: (query: GroupListQuery) => request(ep.list, { query }),
  create: (body: Input<'create'>['body']) => requestResult(ep.create, { body }),
  update: (body: Input<'update'>['body']) => requestResult(ep.update, { body }),
  disband: (gid: number) => requestResult(ep.remove, { query: { gid } }),
  memberList: (query: GroupMemberQuery) => request(ep.memberList, { query }),
  applyList: (query: GroupMemberQuery) => request(ep.applyList, { query }),
  userList: (query: GroupMemberQuery) => request(ep.userList, { query }),
  join: (query: Input<'join'>['query']) => requestResult(ep.join, { query }),
  bulkAdd: (gid: number, usernames: string[]) => request(ep.bulkAdd, { body: { gid, usernames } }),
  updateMember: (body: Input<'updateMember'>['body']) => requestResult(ep.updateMember, { body }),
  deleteMember: (gid: number, uid: string) => requestResult(ep.deleteMember, { query: { gid, uid } }),
  exit: (gid: number) => requestResult(ep.exit, { query: { gid } }),
  /** Multipart (outside the endpoint table): the cropped png under `image`, then `gid` (as HOJ sends it). */
  uploadAvatar(gid: number, image: Blob) {
    const form = new FormData();
    form.append('image', image, 'avatar.png');
    form.append('gid', String(gid));
    return call<Group>('file/upload-group-avatar', { method: 'POST', form });
  },
};

export const groupKeys = {
  /** everything cached about one group (reloaded after joining, leaving, settings, members) */
  all: (gid: number) => ['group', gid] as const,
  detail: (gid: number) => ['group', gid, 'detail'] as const,
  access: (gid: number) => ['group', gid, 'access'] as const,
  members: (gid: number, kind: 'member' | 'apply' | 'user', query: GroupMemberQuery) => ['group', gid, kind, query] as const,
  /** per caller: the answer says whether he may create a group */
  list: (query: GroupListQuery, uid: string) => ['group-list', query, uid] as const,
};

/** The group shell renders a failure itself (not found, not a member). */
export const useGroupDetail = (gid: number) => useQuery({ queryKey: groupKeys.detail(gid), queryFn: quietly(() => groupApi.detail(gid)), enabled: gid > 0 });
export const useGroupAccess = (gid: number) => useQuery({ queryKey: groupKeys.access(gid), queryFn: quietly(() => groupApi.access(gid)), enabled: gid > 0 });

/** The list page renders its failure in the empty state. */
export const useGroupList = (query: GroupListQuery, uid: string) =>
  useQuery({ queryKey: groupKeys.list(query, uid), queryFn: quietly(() => groupApi.list(query)), placeholderData: keepPreviousData });

/** The member tab's tables (members, applications); each renders its failure. */
export const useGroupMembers = (kind: 'member' | 'apply', query: GroupMemberQuery, enabled = true) =>
  useQuery({
    queryKey: groupKeys.members(query.gid, kind, query),
    queryFn: quietly(() => (kind === 'member' ? groupApi.memberList(query) : groupApi.applyList(query))),
    placeholderData: keepPreviousData,
    enabled,
  });

/** The add-member dialog's search over all users. */
export const useGroupUserSearch = (query: GroupMemberQuery, enabled: boolean) =>
  useQuery({
    queryKey: groupKeys.members(query.gid, 'user', query),
    queryFn: quietly(() => groupApi.userList(query)),
    placeholderData: keepPreviousData,
    enabled,
  });
