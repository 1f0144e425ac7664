/**
 * Every key the app keeps in localStorage: the fixed ones and, in ITEM_KEYS, the keys of
 * per-item state (one per problem or contest). Wrapped so a browser that refuses storage (private
 * mode, quota) degrades to an in-memory session instead of throwing during render.
 */
export const STORAGE_KEYS = {
  token: 'token',
  userInfo: 'userInfo',
  language: 'Web_Language',
  /** the colour scheme chosen in the header (system, light, dark); a logged-in user's also on the server */
  theme: 'oj-theme',
  languages: 'languages',
} as const;

export const ITEM_KEYS = {
  /** editor code, language and settings of one problem */
  problemEditor: (problemId: string) => `problemEditor:${problemId}`,
  /** contest announcements a user has seen */
  contestReadAnnouncements: (uid: string, cid: number) => `contestReadAnnouncements:${uid}:${cid}`,
  /** clarifications of a contest a user has seen as they are now (id and answer time) */
  contestSeenClarifications: (uid: string, cid: number) => `contestSeenClarifications:${uid}:${cid}`,
  /** users followed on a contest's board */
  contestConcerned: (cid: number) => `contest_concerned_${cid}`,
} as const;

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    /* storage unavailable: the in-memory state still works for this tab */
  }
}

export function readJson<T>(key: string): T | null {
  const raw = readStorage(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
