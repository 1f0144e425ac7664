/** Business constants shared by server, judge and web. */
export const LIMITS = {
  usernameMax: 20,
  passwordMin: 6,
  passwordMax: 20,
  codeMax: 65535,
  testInputMax: 1000,
  avatarMaxBytes: 2 * 1024 * 1024,
  avatarTypes: ['gif', 'jpg', 'jpeg', 'png', 'bmp', 'webp'] as const,
  shortText: 255,
  longText: 65535,
  mediumText: 10000,
} as const;

export const PAGE_SIZES = {
  problemList: 30,
  submissionList: 50,
  mySubmissions: 10,
  announcements: 5,
  options: [10, 15, 30, 50, 100],
  /** Upper bound for any list call, so a client cannot ask for a whole table. */
  max: 100,
} as const;

export const TIMINGS = {
  httpTimeoutMs: 90_000,
  downloadTimeoutMs: 300_000,
  registerCodeResendSec: 60,
  registerCodeValidSec: 600,
  resetEmailResendSec: 90,
  resetCodeValidSec: 600,
  changeEmailCodeResendSec: 60,
  unreadPollMs: 120_000,
  submissionPollMs: 2000,
  submissionPollMaxRounds: 300,
  testRunPollMs: 1000,
  congratsMs: 3000,
  toastMs: 4000,
  carouselMs: 5000,
  tokenValidSec: 24 * 3600,
  tokenRefreshAfterSec: 12 * 3600,
} as const;

export const LOGIN_GUARD = {
  /** From this many failures the slide puzzle must be passed. */
  puzzleAfterFailures: 5,
  /** From this many failures the username+IP pair is locked. */
  lockAfterFailures: 20,
  lockMinutes: 30,
  /** Failures older than this are forgotten. */
  windowMinutes: 30,
  /**
   * Failures from one IP across all usernames, counted in fixed windows: from `puzzleAfterFailures` every
   * login from the IP needs the puzzle, from `lockAfterFailures` the IP may not log in until `lockMinutes`
   * have passed. Generous, because a school or company is often one address.
   */
  perIp: { windowMinutes: 15, puzzleAfterFailures: 10, lockAfterFailures: 50, lockMinutes: 15 },
  puzzle: { width: 325, height: 100, piece: 42, radius: 10, accuracy: 3, validSec: 300 },
} as const;

/**
 * Verification images (slide puzzle, captcha) one client address may fetch per window, each kind
 * counted apart. Drawing one costs CPU, so a script fetching them in a loop must not slow the site;
 * a class behind one address still gets one each (a login needs one puzzle, a reset one captcha).
 */
export const CHALLENGE_GUARD = { perIp: 60, windowSec: 60 } as const;

/** Limits on codes sent by e-mail, so the site cannot be used to flood mailboxes or guess codes. */
export const MAIL_GUARD = {
  /** Mails (register, reset, change-email codes) one IP may trigger per hour. */
  sendsPerIpPerHour: 20,
  /** Wrong guesses after which a 6-digit code is burned. */
  codeAttempts: 5,
} as const;

export const MOBILE_BREAKPOINT = 768;

export const SITE_DEFAULT_SHORT_NAME = 'OJ';
/** The algorithm wiki the /oiwiki page shows until root sets `oiWikiUrl` (e.g. a local mirror). */
export const DEFAULT_OI_WIKI_URL = 'https://oi-wiki.org';

/** Interface languages; zh-CN is the default. */
export const UI_LANGUAGES = ['zh-CN', 'en-US', 'zh-TW', 'ja-JP', 'ko-KR'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];
export const DEFAULT_UI_LANGUAGE: UiLanguage = 'zh-CN';

/**
 * The UI language an Accept-Language header asks for (the web client sends its own language there):
 * the first entry that is one of ours, or of our base languages (zh-Hant/HK/MO → zh-TW, other zh →
 * zh-CN, ja, ko, en); null when none fits.
 */
export function uiLanguageOf(header: string | undefined | null): UiLanguage | null {
  if (!header) return null;
  const tags = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q) };
    })
    .filter((t) => t.tag && t.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    const exact = UI_LANGUAGES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const [base, ...rest] = tag.split('-');
    if (base === 'zh') return rest.some((r) => r === 'hant' || r === 'tw' || r === 'hk' || r === 'mo') ? 'zh-TW' : 'zh-CN';
    if (base === 'en') return 'en-US';
    if (base === 'ja') return 'ja-JP';
    if (base === 'ko') return 'ko-KR';
  }
  return null;
}

/** The colour scheme chosen in the header: follow the system's setting, or always light or dark. */
export const THEME_MODES = ['system', 'light', 'dark'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];

/** Remote judges; own problems carry ME. */
export const REMOTE_OJS = ['HDU', 'CF', 'POJ', 'GYM', 'AC', 'SPOJ', 'LIBRE'] as const;
export type RemoteOj = (typeof REMOTE_OJS)[number];
/** The sites whose runs a user may link by id (remote-judge.ts `linkRun`): their public lists tell whose run it is (Codeforces' API). */
export const LINKABLE_OJS: readonly RemoteOj[] = ['CF', 'GYM'];
export const OWN_OJ = 'ME';

/**
 * A problem's visibility: 1 public, 2 hidden, 3 contest only. Here, with no schema library, because the
 * policy reads it and the policy is in every page's first load.
 */
export const ProblemAuth = { PUBLIC: 1, HIDDEN: 2, CONTEST: 3 } as const;
