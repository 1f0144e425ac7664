import { z } from 'zod';
import { LIMITS, THEME_MODES, type ThemeMode, UI_LANGUAGES, type UiLanguage } from './constants.js';
import { MSG } from './messages.js';
import { endpoint } from './endpoint.js';

const username = z
  .string({ error: 'Please enter a username.' })
  .trim()
  .min(1, 'Please enter a username.')
  .max(LIMITS.usernameMax, `The username can be at most ${LIMITS.usernameMax} characters.`)
  .regex(/^[^\s<>"'&/\\]+$/, 'The username may not contain spaces or the characters < > " \' & / \\.');
const newPassword = z
  .string({ error: 'Please enter a password.' })
  .min(LIMITS.passwordMin, `The password must be ${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters.`)
  .max(LIMITS.passwordMax, `The password must be ${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters.`);
/** The account rules of registration, also applied to accounts an admin creates, imports or edits. */
export { username as usernameField, newPassword as newPasswordField };
const anyPassword = z.string({ error: 'Please enter a password.' }).min(1, 'Please enter a password.').max(128);
export const emailField = z.string({ error: 'Please enter an email.' }).trim().max(LIMITS.shortText).email('Please enter a valid email address.');
const emailCode = z
  .string({ error: 'Please enter the code.' })
  .trim()
  .regex(/^\d{6}$/, 'The code is 6 digits.');

export const loginBody = z.object({
  username: z.string({ error: 'Please enter a username.' }).trim().min(1, 'Please enter a username.').max(LIMITS.usernameMax),
  password: anyPassword,
  /** Sealed slide-puzzle challenge and the offset the user dragged to; required from 5 failures. */
  puzzleToken: z.string().max(2000).optional(),
  puzzleX: z.number().min(0).max(1000).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

/** `code` is required unless the site turned e-mail verification off (checked by the server). */
export const registerBody = z.object({ username, password: newPassword, email: emailField, code: emailCode.optional() });
export type RegisterBody = z.infer<typeof registerBody>;

export const checkUsernameOrEmailBody = z.object({
  username: z.string().trim().max(LIMITS.usernameMax).optional(),
  email: z.string().trim().max(LIMITS.shortText).optional(),
});

export const emailQuery = z.object({ email: emailField });

export const applyResetPasswordBody = z.object({
  email: emailField,
  captcha: z.string({ error: 'Please enter the captcha.' }).trim().min(1, 'Please enter the captcha.').max(8),
  captchaKey: z.string().min(1).max(100),
});

export const resetPasswordBody = z.object({
  username,
  password: newPassword,
  code: z.string().trim().min(1).max(100),
});

export const changePasswordBody = z.object({ oldPassword: anyPassword, newPassword });

export const changeEmailBody = z.object({ password: anyPassword, newEmail: emailField, code: emailCode });

const optText = (max: number) => z.string().trim().max(max).optional().nullable();
export const GENDERS = ['male', 'female', 'secrecy'] as const;
export const changeUserInfoBody = z.object({
  nickname: optText(20),
  realname: optText(50),
  school: optText(100),
  number: optText(50),
  course: optText(100),
  gender: z.enum(GENDERS).optional().nullable(),
  github: optText(LIMITS.shortText),
  blog: optText(LIMITS.shortText),
  cfUsername: optText(50),
  signature: optText(LIMITS.mediumText),
  /** The UI language (mails are written in it) and colour scheme, saved as the user switches them. */
  language: z.enum(UI_LANGUAGES).optional(),
  theme: z.enum(THEME_MODES).optional(),
});
export type ChangeUserInfoBody = z.infer<typeof changeUserInfoBody>;

export const cfSessionBody = z.object({ cfSession: z.string().trim().min(1).max(LIMITS.mediumText) });

export const userQuery = z.object({
  uid: z.string().trim().max(64).optional(),
  username: z.string().trim().max(LIMITS.usernameMax).optional(),
});

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The heatmap counts days in `timeZone` (IANA name, e.g. Asia/Shanghai); default: the server's zone. */
export const heatmapQuery = userQuery.extend({
  timeZone: z.string().trim().max(64).refine(isTimeZone, 'timeZone: unknown time zone.').optional(),
});

/** What login, get-user-home-info and the settings screen know of a user. */
export interface UserInfo {
  uid: string;
  username: string;
  nickname: string | null;
  avatar: string | null;
  email: string;
  number: string | null;
  gender: (typeof GENDERS)[number];
  school: string | null;
  course: string | null;
  signature: string | null;
  realname: string | null;
  github: string | null;
  blog: string | null;
  cfUsername: string | null;
  hasCfSession: boolean;
  titleName: string | null;
  titleColor: string | null;
  roleList: string[];
  /** Null until the user picks a language (or registers with one). */
  language: UiLanguage | null;
  theme: ThemeMode;
}

export interface UserAuthInfo {
  roles: string[];
  permissions: string[];
}

export interface UserHomeInfo {
  uid: string;
  username: string;
  nickname: string | null;
  avatar: string | null;
  gender: (typeof GENDERS)[number];
  school: string | null;
  signature: string | null;
  github: string | null;
  blog: string | null;
  titleName: string | null;
  titleColor: string | null;
  total: number;
  rating: number | null;
  score: number;
  scoreList: number[];
  solvedList: string[];
  solvedGroupByDifficulty: Record<string, string[]>;
  recentLoginTime: string | null;
  gmtCreate: string;
}

export interface HeatmapData {
  dataList: { date: string; count: number }[];
  endDate: string;
}

export interface PuzzleChallenge {
  puzzleToken: string;
  /** PNG data URLs: the background with the hole, and the piece. */
  bgImage: string;
  pieceImage: string;
  y: number;
  width: number;
  height: number;
}

/** Login failure details the client uses to show the slide puzzle. */
export interface LoginFailure {
  failures: number;
  needPuzzle: boolean;
  /** Set while the username+IP pair is locked: whole minutes left. */
  lockedMinutes?: number;
}

/** `GET /api/captcha`: an SVG data URL and the key to send back with the answer. */
export interface CaptchaData {
  img: string;
  captchaKey: string;
}

/** `POST /api/check-username-or-email`: whether each given value is already taken. */
export interface UsernameOrEmailExists {
  username: boolean;
  email: boolean;
}

/** `GET /api/get-register-code` and friends when asked again too soon. */
export interface EmailCodeWait {
  seconds: number;
}

export interface AvatarUploadResult {
  link: string;
}

// ---------------------------------------------------------------------------------------------
// Calls (paths after /api/). The avatar upload (POST file/upload-avatar, multipart `image`,
// `AvatarUploadResult`) is multipart and stays outside the table.

export const accountEndpoints = {
  registerCode: endpoint<null>()({ method: 'GET', path: 'get-register-code', query: emailQuery }),
  checkExists: endpoint<UsernameOrEmailExists>()({ method: 'POST', path: 'check-username-or-email', body: checkUsernameOrEmailBody }),
  register: endpoint<null>()({ method: 'POST', path: 'register', body: registerBody }),
  loginPuzzle: endpoint<PuzzleChallenge>()({ method: 'GET', path: 'get-login-puzzle' }),
  /** the token comes in the `Authorization` response header */
  login: endpoint<UserInfo>()({ method: 'POST', path: 'login', body: loginBody }),
  logout: endpoint<null>()({ method: 'GET', path: 'logout' }),
  authInfo: endpoint<UserAuthInfo>()({ method: 'GET', path: 'get-user-auth-info' }),
  captcha: endpoint<CaptchaData>()({ method: 'GET', path: 'captcha' }),
  applyResetPassword: endpoint<null>()({ method: 'POST', path: 'apply-reset-password', body: applyResetPasswordBody }),
  resetPassword: endpoint<null>()({ method: 'POST', path: 'reset-password', body: resetPasswordBody }),
  homeInfo: endpoint<UserHomeInfo>()({ method: 'GET', path: 'get-user-home-info', query: userQuery }),
  heatmap: endpoint<HeatmapData>()({ method: 'GET', path: 'get-user-calendar-heatmap', query: heatmapQuery }),
  changePassword: endpoint<null>()({ method: 'POST', path: 'change-password', body: changePasswordBody }),
  changeEmailCode: endpoint<null>()({ method: 'GET', path: 'get-change-email-code', query: emailQuery }),
  changeEmail: endpoint<UserInfo>()({ method: 'POST', path: 'change-email', body: changeEmailBody }),
  changeUserInfo: endpoint<UserInfo>()({ method: 'POST', path: 'change-userInfo', body: changeUserInfoBody }),
  updateCfSession: endpoint<null>()({ method: 'POST', path: 'update-cfSession', body: cfSessionBody }),
  deleteCfSession: endpoint<null>()({ method: 'DELETE', path: 'delete-cfSession' }),
} as const;

export { MSG };
