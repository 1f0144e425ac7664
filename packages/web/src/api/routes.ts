import type { accountEndpoints, Endpoint, homeEndpoints, liveEndpoints, siteEndpoints } from '@oj/shared';

/*
 * The calls of the first load (the shell and /home: site, home and account) by their declaration's
 * type only. A declaration of @oj/shared carries its zod schemas, and importing one would bring zod
 * into the first load ("Serving the web app" in docs/architecture.md); these name the same method
 * and path (test/endpoint-routes.test.ts checks each against its declaration) and carry the
 * declaration's type, so `request` types their input and answer just the same. The problem page's
 * calls are written out the same way in problemRoutes.ts (its own module: these tables are in the
 * shell's chunk). Other areas call their declarations directly.
 */

/** A route typed as the declaration `E`: `request` reads only method and path at run time. */
export const route = <E extends Endpoint>(method: E['method'], path: string) => ({ method, path }) as E;

export type RoutesOf<T> = { [K in keyof T]: T[K] };

export const siteRoutes: RoutesOf<typeof siteEndpoints> = {
  websiteConfig: route('GET', 'get-website-config'),
  carousel: route('GET', 'home-carousel'),
  announcements: route('GET', 'get-common-announcement'),
  languages: route('GET', 'languages'),
  unread: route('GET', 'msg/unread'),
};

export const homeRoutes: RoutesOf<typeof homeEndpoints> = {
  recentAcRank: route('GET', 'get-recent-seven-ac-rank'),
  submissionStatistics: route('GET', 'get-last-week-submission-statistics'),
  recentUpdatedProblems: route('GET', 'get-recent-updated-problem'),
  recentContests: route('GET', 'get-recent-contest'),
};

export const accountRoutes: RoutesOf<typeof accountEndpoints> = {
  registerCode: route('GET', 'get-register-code'),
  checkExists: route('POST', 'check-username-or-email'),
  register: route('POST', 'register'),
  loginPuzzle: route('GET', 'get-login-puzzle'),
  login: route('POST', 'login'),
  logout: route('GET', 'logout'),
  authInfo: route('GET', 'get-user-auth-info'),
  captcha: route('GET', 'captcha'),
  applyResetPassword: route('POST', 'apply-reset-password'),
  resetPassword: route('POST', 'reset-password'),
  homeInfo: route('GET', 'get-user-home-info'),
  heatmap: route('GET', 'get-user-calendar-heatmap'),
  changePassword: route('POST', 'change-password'),
  changeEmailCode: route('GET', 'get-change-email-code'),
  changeEmail: route('POST', 'change-email'),
  changeUserInfo: route('POST', 'change-userInfo'),
  updateCfSession: route('POST', 'update-cfSession'),
  deleteCfSession: route('DELETE', 'delete-cfSession'),
};

/** The live stream's ticket (the shell opens the stream for the unread badge). */
export const liveRoutes: RoutesOf<typeof liveEndpoints> = {
  ticket: route('POST', 'live/ticket'),
  stream: route('GET', 'live/stream'),
};
