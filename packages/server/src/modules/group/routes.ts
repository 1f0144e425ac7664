import type { FastifyInstance } from 'fastify';
import { fileTransferEndpoints, groupEndpoints as ep, MSG } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { optionalUser, requireLogin, userOf } from '../../lib/auth.js';
import { serve, urlUnder } from '../../lib/endpoint.js';
import { ok } from '../../lib/envelope.js';
import { groupStanding, memberCount, toGroup } from './access.js';
import { uploadGroupAvatar } from './avatar.js';
import { addMembersByName, deleteMember, exitGroup, joinGroup, listApplications, listMembers, searchUsers, updateMember } from './members.js';
import { createGroup, disbandGroup, listGroups, updateGroup } from './service.js';

/**
 * Groups (HOJ paths of §10). Prefix /api. Every group call needs a login (visitors: 401
 * "Please login first!", the web opens the login dialog).
 */
export async function groupRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;
  const login = { preHandler: requireLogin };

  serve(app, ep.detail, login, async ({ query, req }) => {
    const { group, info } = await groupStanding(db, userOf(req), query.gid);
    return ok(toGroup(group, await memberCount(db, group.id), info));
  });

  serve(app, ep.auth, login, async ({ query, req }) => ok((await groupStanding(db, userOf(req), query.gid)).info.level));

  serve(app, ep.access, login, async ({ query, req }) => ok((await groupStanding(db, userOf(req), query.gid)).info));

  // Visitors browse the list; opening or creating a group needs a login.
  serve(app, ep.list, {}, async ({ query, req, reply }) => ok(await listGroups(db, await optionalUser(req, reply), query)));

  serve(app, ep.create, login, async ({ body, req }) => ok(await createGroup(db, userOf(req), body)));

  serve(app, ep.update, login, async ({ body, req }) => ok(await updateGroup(db, userOf(req), body)));

  serve(app, ep.remove, login, async ({ query, req }) => {
    await disbandGroup(db, userOf(req), query.gid);
    return ok(null);
  });

  serve(app, ep.memberList, login, async ({ query, req }) => ok(await listMembers(db, userOf(req), query)));

  serve(app, ep.applyList, login, async ({ query, req }) => ok(await listApplications(db, userOf(req), query)));

  serve(app, ep.userList, login, async ({ query, req }) => ok(await searchUsers(db, userOf(req), query)));

  serve(app, ep.join, login, async ({ query, req }) => {
    const user = userOf(req);
    const level = await joinGroup(db, user, query);
    if (query.uid !== undefined && query.uid !== user.uid) return ok(level);
    return ok(level, level >= 3 ? MSG.groupJoined : MSG.groupApplied);
  });

  serve(app, ep.bulkAdd, login, async ({ body, req }) => ok(await addMembersByName(db, userOf(req), body.gid, body.usernames)));

  serve(app, ep.updateMember, login, async ({ body, req }) => ok(await updateMember(db, userOf(req), body)));

  serve(app, ep.deleteMember, login, async ({ query, req }) => {
    await deleteMember(db, userOf(req), query.gid, query.uid);
    return ok(null);
  });

  serve(app, ep.exit, login, async ({ query, req }) => {
    await exitGroup(db, userOf(req), query.gid);
    return ok(null);
  });

  app.post(urlUnder(app, fileTransferEndpoints.uploadGroupAvatar), login, async (req) => ok(await uploadGroupAvatar(ctx, req, userOf(req))));
}
