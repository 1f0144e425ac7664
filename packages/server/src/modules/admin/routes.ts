import type { FastifyInstance } from 'fastify';
import { emailConfigBody, loginBody, MSG, revokeSessionQuery, Role, sessionListQuery, switchConfigBody, testEmailBody, webConfigBody } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { requireRoles, revokeSession, userOf } from '../../lib/auth.js';
import { ok } from '../../lib/envelope.js';
import { getSetting, putSetting } from '../../lib/site-config.js';
import { parse } from '../../lib/validate.js';
import { login } from '../account/login.js';
import * as admin from './service.js';

/**
 * Admin area, prefix /api/admin. Every route except login already needs root, admin or problem_admin
 * (lib/auth.ts registerAuth); sessions and site configuration are root only.
 */
export async function adminRoutes(app: FastifyInstance, ctx: AppContext) {
  const rootOnly = { preHandler: requireRoles(Role.ROOT) };

  app.post('/login', async (req, reply) => ok(await login(req, reply, parse(loginBody, req.body), true)));

  app.get('/logout', async (req) => {
    await revokeSession(ctx.database.db, userOf(req).sessionId);
    return ok(null, MSG.logoutSuccess);
  });

  app.get('/user/get-sessions', rootOnly, async (req) => ok(await admin.listSessions(ctx, parse(sessionListQuery, req.query))));

  app.delete('/user/revoke-session', rootOnly, async (req) => {
    const { id } = parse(revokeSessionQuery, req.query);
    await admin.revokeSessionById(ctx, id);
    return ok(null, MSG.sessionRevoked);
  });

  app.get('/config/get-web-config', rootOnly, async () => ok(await getSetting(ctx.database.db, 'website')));

  app.put('/config/set-web-config', rootOnly, async (req) => ok(await admin.setWebConfig(ctx, parse(webConfigBody, req.body)), MSG.settingsSaved));

  app.get('/config/get-email-config', rootOnly, async () => ok(await admin.getEmailConfig(ctx)));

  app.put('/config/set-email-config', rootOnly, async (req) => ok(await admin.setEmailConfig(ctx, parse(emailConfigBody, req.body)), MSG.settingsSaved));

  app.post('/config/test-email', rootOnly, async (req) => {
    const { email } = parse(testEmailBody, req.body);
    await admin.sendTestEmail(ctx, req.log, email);
    return ok(null, MSG.testEmailSent);
  });

  // Site switches (spec 3 "switch" page): judging on/off, submission interval, submit captcha.
  app.get('/switch/info', rootOnly, async () => ok(await getSetting(ctx.database.db, 'switch')));

  app.put('/switch/update', rootOnly, async (req) => ok(await putSetting(ctx.database.db, 'switch', parse(switchConfigBody, req.body))));
}
