import { useQuery } from '@tanstack/react-query';
import { groupEndpoints as ep } from '@oj/shared';
import { quietly } from './client';
import { request } from './endpoint';

/** Groups (spec 3): thin wrappers over `groupEndpoints` of `@oj/shared`, plus the query keys. */
export const groupApi = {
  detail: (gid: number) => request(ep.detail, { query: { gid } }),
  access: (gid: number) => request(ep.access, { query: { gid } }),
};

export const groupKeys = {
  /** everything cached about one group (reloaded after joining, leaving, settings, members) */
  all: (gid: number) => ['group', gid] as const,
  detail: (gid: number) => ['group', gid, 'detail'] as const,
  access: (gid: number) => ['group', gid, 'access'] as const,
};

/** The group shell renders a failure itself (not found, not a member). */
export const useGroupDetail = (gid: number) => useQuery({ queryKey: groupKeys.detail(gid), queryFn: quietly(() => groupApi.detail(gid)), enabled: gid > 0 });
export const useGroupAccess = (gid: number) => useQuery({ queryKey: groupKeys.access(gid), queryFn: quietly(() => groupApi.access(gid)), enabled: gid > 0 });
