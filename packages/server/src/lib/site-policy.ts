/**
 * The site's rights as guards: every route guard and check outside a group asks `may()` of
 * @oj/shared through these (site roles and permission codes come with the login, lib/auth.ts). A
 * resource held by a group adds the caller's level there: modules/policy `actorIn`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { may, type Action, type Actor, type Resource, type SiteAction } from '@oj/shared';
import { type AuthUser, requireLogin, userOf } from './auth.js';
import { forbidden } from './errors.js';

/** The caller as the policy sees them outside any group (null: a visitor). */
export function actorOf(user: AuthUser | null): Actor | null {
  return user ? { uid: user.uid, username: user.username, roles: user.roles, permissions: user.permissions } : null;
}

/** May the caller do this on the site (the rules of `SiteAction`)? */
export const maySite = (user: AuthUser | null, action: SiteAction) => may(actorOf(user), action, { kind: 'site' });

/** May the caller do this on a resource outside groups (contests, trainings of the site)? Group resources go through `actorIn`. */
export const mayOn = (user: AuthUser | null, action: Action, resource: Resource) => may(actorOf(user), action, resource);

/** preHandler: logged in (else 401) and allowed the site action (else 403). */
export function requireSite(action: SiteAction) {
  return async function requireSiteGuard(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireLogin(req, reply);
    if (!maySite(userOf(req), action)) throw forbidden();
  };
}

/** Paths under /api/admin/ that anyone may call. */
const PUBLIC_ADMIN_PATHS = new Set(['/api/admin/login']);

/**
 * Every /api/admin/* route needs the admin area (`administer`), decided here from the matched route
 * (not from the client's Url-Type header), so an admin route added later cannot forget it.
 */
export function guardAdminArea(app: FastifyInstance) {
  const guard = requireSite('administer');
  app.addHook('onRequest', async (req, reply) => {
    const route = req.routeOptions.url;
    if (!route?.startsWith('/api/admin/') || PUBLIC_ADMIN_PATHS.has(route)) return;
    await guard(req, reply);
  });
}
