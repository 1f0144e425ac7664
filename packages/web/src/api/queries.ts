import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SITE_DEFAULT_SHORT_NAME, TIMINGS, type LanguageInfo, type UnreadCounts } from '@oj/shared';
import { session, useSession } from '../app/session';
import { STORAGE_KEYS, readJson, writeStorage } from '../app/storage';
import { accountApi } from './account';
import { useLive } from './live';
import { siteApi } from './site';

export const queryKeys = {
  websiteConfig: ['website-config'] as const,
  carousel: ['home-carousel'] as const,
  announcements: (page: number) => ['announcements', page] as const,
  languages: ['languages'] as const,
  // Keyed by user, not token: a refreshed token (every 12 h) is the same session and needs no refetch.
  unread: (uid: string | undefined) => ['unread', uid ?? ''] as const,
  authInfo: (uid: string | undefined) => ['auth-info', uid ?? ''] as const,
  userHome: (uid?: string, username?: string) => ['user-home', uid ?? '', username ?? ''] as const,
  heatmap: (uid?: string, username?: string) => ['heatmap', uid ?? '', username ?? ''] as const,
};

/** Site configuration; read once per page life (admins change it rarely). */
export function useWebsiteConfig() {
  const query = useQuery({ queryKey: queryKeys.websiteConfig, queryFn: siteApi.websiteConfig, staleTime: Infinity });
  return { ...query, shortName: query.data?.shortName || SITE_DEFAULT_SHORT_NAME };
}

/** Judge languages, cached in localStorage 'languages' so the about page shows them at once. */
export function useLanguages() {
  const query = useQuery({
    queryKey: queryKeys.languages,
    queryFn: siteApi.languages,
    initialData: () => readJson<LanguageInfo[]>(STORAGE_KEYS.languages) ?? undefined,
    initialDataUpdatedAt: 0,
  });
  useEffect(() => {
    if (query.data && query.isFetchedAfterMount) writeStorage(STORAGE_KEYS.languages, JSON.stringify(query.data));
  }, [query.data, query.isFetchedAfterMount]);
  return query;
}

/** Roles are refreshed on load and after login (get-user-auth-info). */
export function useAuthInfoSync() {
  const { token, user } = useSession();
  const uid = user?.uid;
  const client = useQueryClient();
  // A new login must not reuse the previous session's roles or counters.
  useEffect(() => {
    if (!token) {
      client.removeQueries({ queryKey: ['auth-info'] });
      client.removeQueries({ queryKey: ['unread'] });
    }
  }, [token, client]);
  const query = useQuery({ queryKey: queryKeys.authInfo(uid), queryFn: accountApi.authInfo, enabled: !!token && !!uid, staleTime: Infinity });
  useEffect(() => {
    if (query.data && session.get().user?.uid === uid) session.setRoles(query.data.roles, query.data.permissions);
  }, [query.data, uid]);
}

export const unreadTotal = (c: UnreadCounts | undefined) => (c ? c.comment + c.reply + c.like + c.sys + c.mine : 0);

/**
 * Unread counters: the one poller (`poll`) fetches on login, then whenever the live stream says they
 * changed, or every 120 s while the stream is not up; it stops on logout or after a failed call. Other
 * readers share its cache without starting timers of their own.
 */
export function useUnread(poll = false) {
  const { token, user } = useSession();
  const client = useQueryClient();
  const key = queryKeys.unread(user?.uid);
  const live = useLive(poll && token && user ? {} : null, (e) => {
    if (e.type === 'unread' || e.type === 'resync') void client.invalidateQueries({ queryKey: key });
  });
  return useQuery<UnreadCounts>({
    queryKey: key,
    queryFn: siteApi.unread,
    enabled: poll && !!token && !!user,
    staleTime: 0,
    refetchInterval: poll && !live ? (q) => (q.state.status === 'error' ? false : TIMINGS.unreadPollMs) : false,
    refetchIntervalInBackground: true,
  });
}
