import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ApiTokenScope } from '@oj/shared';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const users = pgTable(
  'user_info',
  {
    uid: text('uid').primaryKey(),
    username: text('username').notNull(),
    /** scrypt$N$salt$hash */
    password: text('password').notNull(),
    email: text('email'),
    nickname: text('nickname'),
    realname: text('realname'),
    school: text('school'),
    course: text('course'),
    number: text('number'),
    gender: text('gender').notNull().default('secrecy'),
    avatar: text('avatar'),
    signature: text('signature'),
    github: text('github'),
    blog: text('blog'),
    cfUsername: text('cf_username'),
    cfSession: text('cf_session'),
    titleName: text('title_name'),
    titleColor: text('title_color'),
    /** 0 normal, 1 disabled by an admin */
    status: integer('status').notNull().default(0),
    /** The UI language the user last chose (en-US, zh-CN, …): mails to him are written in it. Null: not chosen yet. */
    language: text('language'),
    /** 'system' | 'light' | 'dark': the colour scheme chosen in the header, kept across devices. */
    theme: text('theme').notNull().default('system'),
    gmtCreate: ts('gmt_create').notNull().defaultNow(),
    gmtModified: ts('gmt_modified').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_info_username_uq').on(sql`lower(${t.username})`), uniqueIndex('user_info_email_uq').on(sql`lower(${t.email})`)],
);

export const userRoles = pgTable(
  'user_role',
  {
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    roleId: integer('role_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uid, t.roleId] })],
);

/**
 * Named permissions (id, name, permission): the guards ask for `code`; super admins
 * add and rename them and assign them to roles in `role_permission`.
 */
export const permissions = pgTable('permission', {
  id: serial('id').primaryKey(),
  /** what the guards ask for, e.g. `user_admin` */
  code: text('code').notNull().unique(),
  /** what the admin screen shows */
  name: text('name').notNull(),
  gmtCreate: ts('gmt_create').notNull().defaultNow(),
  gmtModified: ts('gmt_modified').notNull().defaultNow(),
});

/** Which roles (1000–1008) carry which permissions; read by every guard through a per-node cache. */
export const rolePermissions = pgTable(
  'role_permission',
  {
    roleId: integer('role_id').notNull(),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

/** One row per issued login token: logout and admin revocation work on every node. */
export const authSessions = pgTable(
  'auth_session',
  {
    id: text('id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastActiveAt: ts('last_active_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    /** 'login' (a browser's session, refreshed while used) or 'api' (a token the user made for scripts: fixed expiry, scopes) */
    kind: text('kind').$type<'login' | 'api'>().notNull().default('login'),
    /** the API token's name, as its owner wrote it */
    name: text('name'),
    /** the API token's scopes (API_TOKEN_SCOPES); null for a login */
    scopes: text('scopes').array().$type<ApiTokenScope[]>(),
  },
  (t) => [index('auth_session_uid_idx').on(t.uid), index('auth_session_created_idx').on(t.createdAt)],
);

/** Failed logins per (username, IP): drives the slide puzzle and the 30-minute lock. */
export const loginFailures = pgTable(
  'login_failure',
  {
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    failures: integer('failures').notNull().default(0),
    lastFailureAt: ts('last_failure_at').notNull().defaultNow(),
    lockedUntil: ts('locked_until'),
  },
  (t) => [primaryKey({ columns: [t.username, t.ip] })],
);

/**
 * Logins per IP across every username, in fixed windows (LOGIN_GUARD.perIp): one address trying many
 * usernames gets the puzzle, then a lock, even though each (username, IP) pair stays under its limit.
 * `attempts` counts every attempt before it is checked (successes are given back), so a parallel burst
 * cannot slip past the puzzle; `failures` counts confirmed failures only and alone starts the lock, so
 * many people logging in at once behind one address never lock it.
 */
export const loginIpFailures = pgTable('login_ip_failure', {
  ip: text('ip').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  failures: integer('failures').notNull().default(0),
  windowStart: ts('window_start').notNull().defaultNow(),
  lockedUntil: ts('locked_until'),
});

/** Codes sent by e-mail: register, reset-password and change-email. */
export const emailCodes = pgTable(
  'email_code',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose').notNull(),
    email: text('email').notNull(),
    uid: text('uid'),
    /** The 6-digit code itself, or the SHA-256 of a reset-link code (those are long and only the mail has them). */
    code: text('code').notNull(),
    /** Wrong guesses so far; a code is burned after MAIL_GUARD.codeAttempts. */
    attempts: integer('attempts').notNull().default(0),
    /** Who asked for the mail: caps the mails one address can trigger. */
    ip: text('ip'),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('email_code_lookup_idx').on(t.purpose, t.email, t.createdAt), index('email_code_ip_idx').on(t.ip, t.createdAt)],
);

/** Image captchas (reset password): single use. */
export const captchas = pgTable(
  'captcha',
  {
    key: text('key').primaryKey(),
    text: text('text').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('captcha_expires_idx').on(t.expiresAt)],
);

/** Slide-puzzle challenges already answered: a sealed challenge is accepted once. */
export const usedPuzzles = pgTable(
  'used_puzzle',
  {
    id: text('id').primaryKey(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('used_puzzle_expires_idx').on(t.expiresAt)],
);

/**
 * Calls counted per client (e.g. `puzzle:<ip>`) in fixed windows, shared by every API node: one atomic
 * upsert per call, so a limit holds however many nodes serve the client.
 */
export const rateLimits = pgTable(
  'rate_limit',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull().default(0),
    windowStart: ts('window_start').notNull().defaultNow(),
  },
  (t) => [index('rate_limit_window_idx').on(t.windowStart)],
);

export const userFlags = { active: 0, disabled: 1 } as const;
