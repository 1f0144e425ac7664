import { eq, sql } from 'drizzle-orm';
import { GENDERS, ROLE_NAMES, type RoleId, THEME_MODES, type ThemeMode, UI_LANGUAGES, type UiLanguage, type UserInfo } from '@oj/shared';
import type { Db } from '../db/client.js';
import { userRoles, users } from '../db/schema/index.js';
import { notFound } from './errors.js';

export type UserRow = typeof users.$inferSelect;

/** Usernames and e-mails are unique case-insensitively (see the lower() indexes). */
export async function findUserByName(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function findUserByUid(db: Db, uid: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.uid, uid));
  return row;
}

export async function rolesOf(db: Db, uid: string): Promise<number[]> {
  const rows = await db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.uid, uid));
  return rows.map((r) => r.roleId).sort((a, b) => a - b);
}

export const roleNames = (roles: readonly number[]) => roles.map((r) => ROLE_NAMES[r as RoleId]).filter(Boolean);

export const genderOf = (g: string | null): UserInfo['gender'] => ((GENDERS as readonly string[]).includes(g ?? '') ? (g as UserInfo['gender']) : 'secrecy');

/** What the owner of an account sees of it (login reply, settings); secrets such as the CF session stay out. */
export function toUserInfo(u: UserRow, roles: readonly number[]): UserInfo {
  return {
    uid: u.uid,
    username: u.username,
    nickname: u.nickname,
    avatar: u.avatar,
    email: u.email ?? '',
    number: u.number,
    gender: genderOf(u.gender),
    school: u.school,
    course: u.course,
    signature: u.signature,
    realname: u.realname,
    github: u.github,
    blog: u.blog,
    cfUsername: u.cfUsername,
    hasCfSession: !!u.cfSession,
    titleName: u.titleName,
    titleColor: u.titleColor,
    roleList: roleNames(roles),
    language: (UI_LANGUAGES as readonly string[]).includes(u.language ?? '') ? (u.language as UiLanguage) : null,
    theme: (THEME_MODES as readonly string[]).includes(u.theme) ? (u.theme as ThemeMode) : 'system',
  };
}

export async function loadUserInfo(db: Db, uid: string): Promise<UserInfo> {
  const u = await findUserByUid(db, uid);
  if (!u) throw notFound('userNotFound');
  return toUserInfo(u, await rolesOf(db, uid));
}

export { uniqueViolation } from '../db/errors.js';
