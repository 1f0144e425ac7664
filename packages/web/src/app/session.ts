import { useSyncExternalStore } from 'react';
import { ROLE_NAMES, type RoleId, type UserInfo } from '@oj/shared';
import { STORAGE_KEYS, readJson, readStorage, writeStorage } from './storage';

/**
 * Who is logged in. Lives outside React so the API client (which is not a component) can read the
 * token and clear it on 401; components subscribe through `useSession`.
 */
export interface SessionState {
  token: string | null;
  user: UserInfo | null;
  /** Role names from get-user-auth-info (falls back to the login response's roleList). */
  roles: string[];
  /** Permission codes from get-user-auth-info, as the site assigns them now (null until it answered). */
  permissions: string[] | null;
}

/** Token and user info only make sense as a pair; half a session (one key removed by hand) is none. */
function load(): SessionState {
  const token = readStorage(STORAGE_KEYS.token);
  const user = token ? readJson<UserInfo>(STORAGE_KEYS.userInfo) : null;
  if (!token || !user) return { token: null, user: null, roles: [], permissions: null };
  return { token, user, roles: user.roleList ?? [], permissions: null };
}

let state: SessionState = load();
const listeners = new Set<() => void>();

function emit(next: SessionState) {
  state = next;
  for (const l of listeners) l();
}

export const session = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  login(token: string, user: UserInfo) {
    writeStorage(STORAGE_KEYS.token, token);
    writeStorage(STORAGE_KEYS.userInfo, JSON.stringify(user));
    emit({ token, user, roles: user.roleList ?? [], permissions: null });
  },
  /** A refreshed token (Refresh-Token header) or one adopted from another tab. */
  setToken(token: string) {
    writeStorage(STORAGE_KEYS.token, token);
    emit({ ...state, token });
  },
  setUser(user: UserInfo) {
    writeStorage(STORAGE_KEYS.userInfo, JSON.stringify(user));
    emit({ ...state, user });
  },
  patchUser(patch: Partial<UserInfo>) {
    if (state.user) this.setUser({ ...state.user, ...patch });
  },
  setRoles(roles: string[], permissions: string[]) {
    emit({ ...state, roles, permissions });
  },
  clear() {
    writeStorage(STORAGE_KEYS.token, null);
    writeStorage(STORAGE_KEYS.userInfo, null);
    if (state.token || state.user) emit({ token: null, user: null, roles: [], permissions: null });
  },
  /** Re-reads storage after another tab changed it. */
  reload() {
    emit(load());
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}

const ROLE_ID_OF = new Map(Object.entries(ROLE_NAMES).map(([id, name]) => [name, Number(id) as RoleId]));
/** Role ids of the session's role names (what @oj/shared `may()` asks about). */
export const roleIdsOf = (roles: string[]): RoleId[] => roles.flatMap((r) => (ROLE_ID_OF.has(r) ? [ROLE_ID_OF.get(r)!] : []));
