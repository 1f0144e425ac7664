/**
 * Contest constants without any schema: the web app's shell and home page import these, and a module
 * that builds zod schemas at load would bring zod into their first load.
 */
export const ContestType = { ACM: 0, OI: 1, IOI: 2 } as const;
export const ContestAuth = { PUBLIC: 0, PRIVATE: 1, PROTECTED: 2 } as const;
export const ContestStatus = { SCHEDULED: -1, RUNNING: 0, ENDED: 1 } as const;
export const CONTEST_RANK_SHOW_NAMES = ['username', 'nickname', 'realname'] as const;
export type RankShowName = (typeof CONTEST_RANK_SHOW_NAMES)[number];
export const OI_RANK_SCORE_TYPES = ['Recent', 'Highest'] as const;
export type OiRankScoreType = (typeof OI_RANK_SCORE_TYPES)[number];

/** Business constants of contests: page sizes, refresh intervals, medals, form defaults. */
export const CONTEST_LIMITS = {
  listPageSize: 10,
  rankPageSize: 50,
  rankPageMax: 300,
  acInfoPageSize: 20,
  printPageSize: 15,
  printMinLength: 50,
  printMaxLength: 65535,
  /** Wrong passwords one user may try on one contest per window before waiting out the window. */
  passwordTries: 5,
  passwordWindowMin: 10,
  /** seconds between two print jobs of one user (HOJ: 30 s) */
  printCooldownSec: 30,
  /** ACM penalty per rejected try before the first AC */
  penaltySec: 20 * 60,
  /** Scoreboard page sizes */
  rankPageSizes: [10, 30, 50, 100, 300],
  /** Scoreboard auto-refresh while running; AC helper and print queue refresh */
  rankRefreshMs: 30_000,
  toolsRefreshMs: 10_000,
  /** Scroll-board medals: gold, silver, bronze as % of ranked users, floored */
  medalPercents: [10, 20, 30],
  /** Form labels of the contest form, named in "{field} is required". */
  labels: {
    title: 'Contest Title',
    description: 'Contest Description',
    startTime: 'Contest Start Time',
    endTime: 'Contest End Time',
    password: 'Contest Password',
  },
} as const;

export const DEFAULT_AWARDS = [
  { priority: 1, name: 'Gold', background: '#e6bf25', color: '#ffffff', num: 10 },
  { priority: 2, name: 'Silver', background: '#b4c0c7', color: '#ffffff', num: 20 },
  { priority: 3, name: 'Bronze', background: '#CD7F32', color: '#ffffff', num: 30 },
] as const;
