import type { RemoteOj } from '@oj/shared';

/**
 * The remote judges by the names their sites go by. Brand names, the same in every language, so they
 * live here rather than in the locale files (whose test wants each text translated).
 */
export const REMOTE_OJ_NAMES: Record<RemoteOj, string> = {
  HDU: 'HDU',
  CF: 'Codeforces',
  GYM: 'Codeforces Gym',
  POJ: 'POJ',
  AC: 'AtCoder',
  SPOJ: 'SPOJ',
  LIBRE: 'LibreOJ',
};

/** A site's tag colour (`LightTag`), so a site looks the same on the home page and in the admin area. */
export const REMOTE_OJ_COLORS: Record<RemoteOj, string> = {
  HDU: '#1677ff',
  CF: '#cf1322',
  GYM: '#d4380d',
  POJ: '#2f54eb',
  AC: '#531dab',
  SPOJ: '#389e0d',
  LIBRE: '#08979c',
};

/** The name of a site key as the server sent it (a key this build does not know shows as sent). */
export const remoteOjName = (oj: string) => REMOTE_OJ_NAMES[oj as RemoteOj] ?? oj;

/** A link to another site, followed only when it is a web address (it comes from that site, not from us). */
export const webAddress = (url: string | null | undefined) => (url && /^https?:\/\//i.test(url) ? url : null);
