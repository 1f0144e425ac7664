import type { FastifyInstance } from 'fastify';
import {
  applyResetPasswordBody,
  cfSessionBody,
  changeEmailBody,
  changePasswordBody,
  changeUserInfoBody,
  checkUsernameOrEmailBody,
  emailQuery,
  heatmapQuery,
  loginBody,
  MSG,
  permissionsOf,
  registerBody,
  resetPasswordBody,
  userQuery,
  type UserAuthInfo,
} from '@oj/shared';
import type { AppContext } from '../../context.js';
import { requireLogin, revokeSession, userOf } from '../../lib/auth.js';
import { createCaptcha } from '../../lib/captcha.js';
import { ok } from '../../lib/envelope.js';
import { createPuzzle } from '../../lib/puzzle.js';
import { roleNames } from '../../lib/users.js';
import { parse } from '../../lib/validate.js';
import { login } from './login.js';
import { heatmap, homeInfo, resolveUser } from './profile.js';
import * as account from './service.js';

/** Accounts: registration, login, password and e-mail, profile and the public user pages. Prefix /api. */
export async function accountRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/get-register-code', async (req) => {
    const { email } = parse(emailQuery, req.query);
    await account.sendRegisterCode(ctx, req.log, email, req.ip);
    return ok(null, MSG.registerCodeSent);
  });

  app.post('/check-username-or-email', async (req) => {
    const body = parse(checkUsernameOrEmailBody, req.body);
    return ok(await account.checkUsernameOrEmail(ctx, body.username, body.email));
  });

  app.post('/register', async (req) => {
    await account.register(ctx, parse(registerBody, req.body));
    return ok(null, MSG.registerSuccess);
  });

  app.get('/get-login-puzzle', async () => ok(await createPuzzle(ctx.database)));

  app.post('/login', async (req, reply) => ok(await login(req, reply, parse(loginBody, req.body), false)));

  app.get('/logout', { preHandler: requireLogin }, async (req) => {
    await revokeSession(ctx.database.db, userOf(req).sessionId);
    return ok(null, MSG.logoutSuccess);
  });

  app.get('/get-user-auth-info', { preHandler: requireLogin }, async (req) => {
    const { roles } = userOf(req);
    const info: UserAuthInfo = { roles: roleNames(roles), permissions: permissionsOf(roles) };
    return ok(info);
  });

  app.get('/captcha', async () => ok(await createCaptcha(ctx.database.db)));

  app.post('/apply-reset-password', async (req) => {
    await account.applyResetPassword(ctx, req, parse(applyResetPasswordBody, req.body));
    return ok(null, MSG.resetSent);
  });

  app.post('/reset-password', async (req) => {
    await account.resetPassword(ctx, parse(resetPasswordBody, req.body));
    return ok(null, MSG.passwordChanged);
  });

  app.get('/get-user-home-info', async (req, reply) => {
    const user = await resolveUser(ctx, req, reply, parse(userQuery, req.query));
    return ok(await homeInfo(ctx, user));
  });

  app.get('/get-user-calendar-heatmap', async (req, reply) => {
    const q = parse(heatmapQuery, req.query);
    const user = await resolveUser(ctx, req, reply, q);
    return ok(await heatmap(ctx, user, q.timeZone));
  });

  app.post('/change-password', { preHandler: requireLogin }, async (req) => {
    await account.changePassword(ctx, userOf(req), parse(changePasswordBody, req.body));
    return ok(null, MSG.passwordChanged);
  });

  app.get('/get-change-email-code', { preHandler: requireLogin }, async (req) => {
    const { email } = parse(emailQuery, req.query);
    await account.sendChangeEmailCode(ctx, req.log, userOf(req), email, req.ip);
    return ok(null, MSG.registerCodeSent);
  });

  app.post('/change-email', { preHandler: requireLogin }, async (req) => {
    return ok(await account.changeEmail(ctx, userOf(req), parse(changeEmailBody, req.body)), MSG.emailChanged);
  });

  app.post('/change-userInfo', { preHandler: requireLogin }, async (req) => {
    return ok(await account.changeUserInfo(ctx, userOf(req), parse(changeUserInfoBody, req.body)), MSG.profileUpdated);
  });

  app.post('/update-cfSession', { preHandler: requireLogin }, async (req) => {
    const { cfSession } = parse(cfSessionBody, req.body);
    await account.setCfSession(ctx, userOf(req), cfSession);
    return ok(null, MSG.cfSessionUpdated);
  });

  app.delete('/delete-cfSession', { preHandler: requireLogin }, async (req) => {
    await account.setCfSession(ctx, userOf(req), null);
    return ok(null, MSG.cfSessionDeleted);
  });
}
