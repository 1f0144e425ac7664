import type { FastifyInstance } from 'fastify';
import { accountEndpoints as ep, apiTokenEndpoints as tokens, MSG, uiLanguageOf } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { requireLogin, revokeSession, userOf } from '../../lib/auth.js';
import { createCaptcha } from '../../lib/captcha.js';
import { serve } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { mailLanguage } from '../../lib/mail-texts.js';
import { createPuzzle } from '../../lib/puzzle.js';
import { roleNames } from '../../lib/users.js';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.js';
import { login } from './login.js';
import { heatmap, homeInfo, resolveUser } from './profile.js';
import * as account from './service.js';

/** Accounts: registration, login, password and e-mail, profile and the public user pages. Prefix /api. */
export async function accountRoutes(app: FastifyInstance, ctx: AppContext) {
  const loginRequired = { preHandler: requireLogin };

  serve(app, ep.registerCode, {}, async ({ query, req }) => {
    await account.sendRegisterCode(ctx, req.log, query.email, req.ip, mailLanguage(null, req.headers['accept-language']));
    return ok(null, MSG.registerCodeSent);
  });

  serve(app, ep.checkExists, {}, async ({ body }) => ok(await account.checkUsernameOrEmail(ctx, body.username, body.email)));

  serve(app, ep.register, {}, async ({ body, req }) => {
    await account.register(ctx, body, uiLanguageOf(req.headers['accept-language']));
    return ok(null, MSG.registerSuccess);
  });

  serve(app, ep.loginPuzzle, {}, async ({ req }) => ok(await createPuzzle(ctx.database, req.ip)));

  serve(app, ep.login, {}, async ({ body, req, reply }) => ok(await login(req, reply, body, false)));

  serve(app, ep.logout, loginRequired, async ({ req }) => {
    await revokeSession(ctx.database.db, userOf(req).sessionId);
    return ok(null, MSG.logoutSuccess);
  });

  serve(app, ep.authInfo, loginRequired, async ({ req }) => {
    const { roles, permissions } = userOf(req);
    return ok({ roles: roleNames(roles), permissions });
  });

  serve(app, ep.captcha, {}, async ({ req }) => ok(await createCaptcha(ctx.database.db, req.ip)));

  serve(app, ep.applyResetPassword, {}, async ({ body, req }) => {
    await account.applyResetPassword(ctx, req, body);
    return ok(null, MSG.resetSent);
  });

  serve(app, ep.resetPassword, {}, async ({ body }) => {
    await account.resetPassword(ctx, body);
    return ok(null, MSG.passwordChanged);
  });

  serve(app, ep.homeInfo, {}, async ({ query, req, reply }) => ok(await homeInfo(ctx, await resolveUser(ctx, req, reply, query))));

  serve(app, ep.heatmap, {}, async ({ query, req, reply }) => {
    const user = await resolveUser(ctx, req, reply, query);
    return ok(await heatmap(ctx, user, query.timeZone));
  });

  serve(app, ep.changePassword, loginRequired, async ({ body, req }) => {
    await account.changePassword(ctx, userOf(req), body);
    return ok(null, MSG.passwordChanged);
  });

  serve(app, ep.changeEmailCode, loginRequired, async ({ query, req }) => {
    await account.sendChangeEmailCode(ctx, req, userOf(req), query.email);
    return ok(null, MSG.registerCodeSent);
  });

  serve(app, ep.changeEmail, loginRequired, async ({ body, req }) => ok(await account.changeEmail(ctx, userOf(req), body), MSG.emailChanged));

  serve(app, ep.changeUserInfo, loginRequired, async ({ body, req }) => ok(await account.changeUserInfo(ctx, userOf(req), body), MSG.profileUpdated));

  serve(app, ep.updateCfSession, loginRequired, async ({ body, req }) => {
    await account.setCfSession(ctx, userOf(req), body.cfSession);
    return ok(null, MSG.cfSessionUpdated);
  });

  serve(app, ep.deleteCfSession, loginRequired, async ({ req }) => {
    await account.setCfSession(ctx, userOf(req), null);
    return ok(null, MSG.cfSessionDeleted);
  });

  // API tokens: made and revoked with a login only (no token may make tokens: lib/auth.ts scopes).
  serve(app, tokens.list, loginRequired, async ({ req }) => ok(await listApiTokens(ctx, userOf(req))));
  serve(app, tokens.create, loginRequired, async ({ body, req }) => {
    const created = await createApiToken(ctx, userOf(req), body, { ip: req.ip, userAgent: (req.headers['user-agent'] ?? '').slice(0, 255) || null });
    return ok(created, MSG.apiTokenCreated);
  });
  serve(app, tokens.revoke, loginRequired, async ({ query, req }) => {
    await revokeApiToken(ctx, userOf(req), query.id);
    return ok(null, MSG.apiTokenRevoked);
  });
}
