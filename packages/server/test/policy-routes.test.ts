/**
 * The policy's site rows walked through the server: for each site action that guards routes, one of
 * its calls is made by every role, and the server refuses it (401/403) exactly when `may()` — asked
 * with the roles and permission codes the user's auth info reports, as the web asks it — says no. So
 * a button the web shows from `may()` is a call the server takes, and a hidden one a call it refuses.
 * A permission given to another role moves both sides together.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminContestEndpoints,
  adminDiscussionEndpoints,
  adminEndpoints,
  adminGroupProblemEndpoints,
  adminNoticeEndpoints,
  adminProblemEndpoints,
  adminSiteEndpoints,
  adminUserEndpoints,
  may,
  permissionEndpoints,
  Role,
  submissionEndpoints,
  type Endpoint,
  type RoleId,
  type SiteAction,
  type UserAuthInfo,
} from '@oj/shared';
import { createTestApp, type TestApp } from './harness.js';
import { call, createUser, get, login, put, rootToken } from './helpers.js';

/** One guarded call per site action (a bad or empty request: the guard answers before the input is read). */
const GUARDED: [SiteAction, Endpoint][] = [
  ['submit', submissionEndpoints.submit],
  ['rejudge', submissionEndpoints.rejudge],
  ['superviseJudging', submissionEndpoints.cancel],
  // the contest shell's Rejudge tab (web contest tabs) is shown by this row
  ['superviseJudging', adminContestEndpoints.rejudgeProblem],
  ['manageUsers', adminUserEndpoints.list],
  ['manageSystem', adminEndpoints.webConfig],
  ['manageAnnouncements', adminSiteEndpoints.announcements],
  ['assignPermissions', permissionEndpoints.list],
  ['sendNotices', adminNoticeEndpoints.list],
  ['manageProblems', adminProblemEndpoints.list],
  ['moderateDiscussions', adminDiscussionEndpoints.list],
  ['reviewGroupProblems', adminGroupProblemEndpoints.list],
  ['manageContests', adminContestEndpoints.list],
];

const ROLES: RoleId[] = [Role.ROOT, Role.ADMIN, Role.PROBLEM_ADMIN, Role.USER, Role.NO_SUBMIT, Role.NO_DISCUSS, Role.MUTED, Role.NO_SUBMIT_MUTED];

let t: TestApp;
let root: string;
const tokens = new Map<RoleId, string>();

beforeAll(async () => {
  t = await createTestApp();
  root = await rootToken(t);
  for (const role of ROLES) {
    if (role === Role.ROOT) {
      tokens.set(role, root);
      continue;
    }
    const username = `walk${role}`;
    await createUser(t, { username, roles: [role] });
    tokens.set(role, await login(t, username));
  }
});
afterAll(() => t?.close());

const send = (e: Endpoint, token: string) => call(t, e.method, `/api/${e.path}`, { token, body: e.method === 'GET' || e.method === 'DELETE' ? undefined : {} });

/** What the web knows of the user: its roles and the permission codes the site gives them now. */
async function actorOf(role: RoleId, token: string) {
  const info = (await get(t, '/api/get-user-auth-info', { token })).data as UserAuthInfo;
  return { uid: `walk${role}`, roles: [role], permissions: info.permissions };
}

async function mismatches(): Promise<string[]> {
  const wrong: string[] = [];
  for (const role of ROLES) {
    const token = tokens.get(role)!;
    const actor = await actorOf(role, token);
    for (const [action, e] of GUARDED) {
      const allowed = may(actor, action, { kind: 'site' });
      const res = await send(e, token);
      const refused = res.http === 401 || res.http === 403;
      if (allowed === refused) wrong.push(`role ${role} ${action} (${e.method} ${e.path}): may ${allowed}, server ${res.http}`);
    }
  }
  return wrong;
}

describe('site rights: the web asks may(), the server answers the same', () => {
  it('every role, every guarded site action', async () => {
    expect(await mismatches()).toEqual([]);
  });

  it('a permission given to another role moves the call and the button together; outside the admin area it opens neither', async () => {
    const list = (await get(t, '/api/admin/permission', { token: root })).data as { id: number; code: string; roles: number[] }[];
    const rejudge = list.find((p) => p.code === 'rejudge')!.id;
    const holding = (role: RoleId) => list.filter((p) => p.roles.includes(role)).map((p) => p.id);
    const asks = async (role: RoleId) => may(await actorOf(role, tokens.get(role)!), 'rejudge', { kind: 'site' });
    expect(await asks(Role.PROBLEM_ADMIN)).toBe(false);
    for (const role of [Role.PROBLEM_ADMIN, Role.USER]) {
      expect((await put(t, '/api/admin/permission/role', { roleId: role, permissionIds: [...holding(role), rejudge] }, { token: root })).http).toBe(200);
    }
    try {
      expect(await asks(Role.PROBLEM_ADMIN)).toBe(true);
      // Rejudging is an admin-area call: a plain user holding the code still may not (and is not shown the button).
      expect(await asks(Role.USER)).toBe(false);
      expect(await mismatches()).toEqual([]);
    } finally {
      for (const role of [Role.PROBLEM_ADMIN, Role.USER])
        await put(t, '/api/admin/permission/role', { roleId: role, permissionIds: holding(role) }, { token: root });
    }
    expect(await asks(Role.PROBLEM_ADMIN)).toBe(false);
    expect(await mismatches()).toEqual([]);
  });
});
