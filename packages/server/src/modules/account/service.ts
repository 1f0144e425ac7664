import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  Role,
  TIMINGS,
  type applyResetPasswordBody,
  type ChangeUserInfoBody,
  type changeEmailBody,
  type changePasswordBody,
  type RegisterBody,
  type resetPasswordBody,
  type UiLanguage,
  type UserInfo,
  type UsernameOrEmailExists,
} from '@oj/shared';
import type { AppContext } from '../../context.js';
import { getSecrets, sealText } from '../../lib/secrets.js';
import { emailCodes, userFlags, userRoles, users } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { revokeAllSessions } from '../../lib/auth.js';
import { checkCaptcha } from '../../lib/captcha.js';
import { checkCode, consumeCode, deleteCode, hashCode, issueCode, linkCode, sixDigitCode, type IssueOptions } from '../../lib/email-code.js';
import { fail } from '../../lib/errors.js';
import { sendMail, type MailContent } from '../../lib/mail.js';
import { mailLanguage, mailTexts } from '../../lib/mail-texts.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { getSetting } from '../../lib/site-config.js';
import { siteBaseUrl } from '../../lib/site-url.js';
import { findUserByEmail, findUserByName, findUserByUid, loadUserInfo, uniqueViolation, type UserRow } from '../../lib/users.js';
import { clearFailures } from './login-guard.js';

/** Records the code, then mails it; a mail that cannot be sent leaves no trace (no resend lock either). */
async function issueAndMail(ctx: AppContext, log: FastifyBaseLogger, issue: IssueOptions, mail: MailContent) {
  const id = await issueCode(ctx.database.db, issue);
  try {
    await sendMail(ctx, mail, log);
  } catch (err) {
    await deleteCode(ctx.database.db, id);
    throw err;
  }
}

const minutes = (sec: number) => Math.round(sec / 60);

/** Maps a unique-index race (two registrations at once) to the message the slower one should get. */
function rethrowTaken(err: unknown): never {
  const c = uniqueViolation(err);
  if (c === 'user_info_username_uq') throw fail('usernameExists');
  if (c === 'user_info_email_uq') throw fail('emailExists');
  throw err;
}

export async function checkUsernameOrEmail(ctx: AppContext, username?: string, email?: string): Promise<UsernameOrEmailExists> {
  const { db } = ctx.database;
  return {
    username: !!username && !!(await findUserByName(db, username)),
    email: !!email && !!(await findUserByEmail(db, email)),
  };
}

/** Written in the language the request asks for (the web client sends its UI language). */
export async function sendRegisterCode(ctx: AppContext, log: FastifyBaseLogger, email: string, ip: string, lang: UiLanguage) {
  const { db } = ctx.database;
  const website = await getSetting(db, 'website');
  if (!website.register) throw fail('registerClosed');
  if (await findUserByEmail(db, email)) throw fail('emailExists');
  const code = sixDigitCode();
  await issueAndMail(
    ctx,
    log,
    { purpose: 'register', email: email.toLowerCase(), stored: code, validSec: TIMINGS.registerCodeValidSec, resendSec: TIMINGS.registerCodeResendSec, ip },
    { to: email, lang, code, ...mailTexts(lang).register(website, minutes(TIMINGS.registerCodeValidSec)) },
  );
}

/** The new account keeps the language it registered in (`lang`, from the request): its mails use it. */
export async function register(ctx: AppContext, body: RegisterBody, lang: UiLanguage | null) {
  const { db } = ctx.database;
  const website = await getSetting(db, 'website');
  if (!website.register) throw fail('registerClosed');
  if (await findUserByName(db, body.username)) throw fail('usernameExists');
  if (await findUserByEmail(db, body.email)) throw fail('emailExists');
  let codeId: number | undefined;
  if (website.emailVerification) {
    if (!body.code) throw fail('emailCodeRequired');
    codeId = await checkCode(db, 'register', body.email.toLowerCase(), body.code);
  }
  const password = await hashPassword(body.password);
  try {
    await db.transaction(async (tx) => {
      // Used up only if the account really gets created (the transaction rolls it back otherwise).
      if (codeId !== undefined) await consumeCode(tx, codeId);
      const uid = crypto.randomUUID();
      await tx.insert(users).values({ uid, username: body.username, password, email: body.email, language: lang });
      await tx.insert(userRoles).values({ uid, roleId: Role.USER });
    });
  } catch (err) {
    rethrowTaken(err);
  }
}

export async function applyResetPassword(ctx: AppContext, req: FastifyRequest, body: z.infer<typeof applyResetPasswordBody>) {
  const { db } = ctx.database;
  await checkCaptcha(db, body.captchaKey, body.captcha);
  const user = await findUserByEmail(db, body.email);
  if (!user) throw fail('emailNotExist');
  if (user.status === userFlags.disabled) throw fail('accountDisabled');
  const website = await getSetting(db, 'website');
  const code = linkCode();
  const path = `/reset-password?username=${encodeURIComponent(user.username)}&code=${encodeURIComponent(code)}`;
  const base = siteBaseUrl(website, ctx.config);
  if (!base) req.log.warn('No base URL configured (OJ_BASE_URL or the web config): the reset mail carries a relative link');
  const lang = mailLanguage(user.language, req.headers['accept-language']);
  const text = mailTexts(lang).reset(website, user.username, minutes(TIMINGS.resetCodeValidSec));
  await issueAndMail(
    ctx,
    req.log,
    {
      purpose: 'reset',
      email: body.email.toLowerCase(),
      uid: user.uid,
      stored: hashCode(code),
      validSec: TIMINGS.resetCodeValidSec,
      resendSec: TIMINGS.resetEmailResendSec,
      ip: req.ip,
    },
    {
      to: user.email!,
      lang,
      subject: text.subject,
      title: text.title,
      // Without a known address a button would go nowhere: the path is written out to open on the site.
      ...(base ? { paragraphs: [text.intro], link: { href: `${base}${path}`, label: text.linkLabel } } : { paragraphs: [text.intro, text.pathIntro, path] }),
      footnote: text.footnote,
    },
  );
}

export async function resetPassword(ctx: AppContext, body: z.infer<typeof resetPasswordBody>) {
  const { db } = ctx.database;
  const user = await findUserByName(db, body.username);
  if (!user) throw fail('resetLinkInvalid');
  const [row] = await db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.purpose, 'reset'), eq(emailCodes.uid, user.uid), eq(emailCodes.code, hashCode(body.code))));
  if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) throw fail('resetLinkInvalid');
  const password = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    await consumeCode(tx, row.id, 'resetLinkInvalid');
    // Any other link still in a mailbox dies with this one.
    await tx
      .update(emailCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(emailCodes.purpose, 'reset'), eq(emailCodes.uid, user.uid), isNull(emailCodes.usedAt)));
    await tx.update(users).set({ password, gmtModified: new Date() }).where(eq(users.uid, user.uid));
    await revokeAllSessions(tx, user.uid);
  });
  // Whoever holds the mailbox owns the account: a lock left by someone guessing should not keep them out.
  await clearFailures(db, user.username);
}

async function requireUser(ctx: AppContext, uid: string): Promise<UserRow> {
  const u = await findUserByUid(ctx.database.db, uid);
  if (!u) throw fail('userNotFound');
  return u;
}

export async function changePassword(ctx: AppContext, me: AuthUser, body: z.infer<typeof changePasswordBody>) {
  const { db } = ctx.database;
  const u = await requireUser(ctx, me.uid);
  if (!(await verifyPassword(body.oldPassword, u.password))) throw fail('oldPasswordWrong');
  if (body.oldPassword === body.newPassword) throw fail('samePassword');
  const password = await hashPassword(body.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ password, gmtModified: new Date() }).where(eq(users.uid, me.uid));
    await revokeAllSessions(tx, me.uid);
  });
}

async function checkNewEmail(ctx: AppContext, u: UserRow, email: string) {
  if (u.email && u.email.toLowerCase() === email.toLowerCase()) throw fail('sameEmail');
  const other = await findUserByEmail(ctx.database.db, email);
  if (other && other.uid !== u.uid) throw fail('emailExists');
}

export async function sendChangeEmailCode(ctx: AppContext, req: FastifyRequest, me: AuthUser, email: string) {
  const u = await requireUser(ctx, me.uid);
  await checkNewEmail(ctx, u, email);
  const website = await getSetting(ctx.database.db, 'website');
  const code = sixDigitCode();
  const lang = mailLanguage(u.language, req.headers['accept-language']);
  await issueAndMail(
    ctx,
    req.log,
    {
      purpose: 'change-email',
      email: email.toLowerCase(),
      uid: u.uid,
      stored: code,
      validSec: TIMINGS.registerCodeValidSec,
      resendSec: TIMINGS.changeEmailCodeResendSec,
      ip: req.ip,
    },
    { to: email, lang, code, ...mailTexts(lang).changeEmail(website, u.username, minutes(TIMINGS.registerCodeValidSec)) },
  );
}

export async function changeEmail(ctx: AppContext, me: AuthUser, body: z.infer<typeof changeEmailBody>): Promise<UserInfo> {
  const { db } = ctx.database;
  const u = await requireUser(ctx, me.uid);
  if (!(await verifyPassword(body.password, u.password))) throw fail('oldPasswordWrong');
  await checkNewEmail(ctx, u, body.newEmail);
  const codeId = await checkCode(db, 'change-email', body.newEmail.toLowerCase(), body.code, u.uid);
  try {
    await db.transaction(async (tx) => {
      await consumeCode(tx, codeId);
      await tx.update(users).set({ email: body.newEmail, gmtModified: new Date() }).where(eq(users.uid, u.uid));
    });
  } catch (err) {
    rethrowTaken(err);
  }
  return loadUserInfo(db, u.uid);
}

const PROFILE_FIELDS = ['nickname', 'realname', 'school', 'number', 'course', 'github', 'blog', 'cfUsername', 'signature'] as const;

/** Fields left out stay as they are; an empty value clears the field. */
export async function changeUserInfo(ctx: AppContext, me: AuthUser, body: ChangeUserInfoBody): Promise<UserInfo> {
  const { db } = ctx.database;
  const set: Partial<typeof users.$inferInsert> = {};
  for (const f of PROFILE_FIELDS) {
    const v = body[f];
    if (v !== undefined) set[f] = v === null || v === '' ? null : v;
  }
  if (body.gender !== undefined) set.gender = body.gender ?? 'secrecy';
  if (body.language !== undefined) set.language = body.language;
  if (body.theme !== undefined) set.theme = body.theme;
  if (Object.keys(set).length > 0)
    await db
      .update(users)
      .set({ ...set, gmtModified: new Date() })
      .where(eq(users.uid, me.uid));
  return loadUserInfo(db, me.uid);
}

/**
 * The Codeforces session is write-only: sealed like the pool's passwords, used to judge the user's own
 * Codeforces and Gym submissions (server/modules/remote/remote-tasks.ts), never sent back (UserInfo.hasCfSession).
 */
export async function setCfSession(ctx: AppContext, me: AuthUser, value: string | null) {
  const sealed = value === null ? null : sealText((await getSecrets(ctx.database)).remoteKey, value);
  await ctx.database.db.update(users).set({ cfSession: sealed, gmtModified: new Date() }).where(eq(users.uid, me.uid));
}
