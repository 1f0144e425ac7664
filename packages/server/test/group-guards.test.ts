/**
 * Group access everywhere: every group call needs a login, and nothing inside a private group
 * answers a user who is not its member. Walks every `group…Endpoints` table of @oj/shared, so a group
 * call added later is covered without touching this file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as shared from '@oj/shared';
import { GroupAuth, GroupLevel, type Endpoint } from '@oj/shared';
import { insertGroup } from './group-helpers.js';
import { createTestApp, type TestApp } from './harness.js';
import { call, createUser, login } from './helpers.js';
import { client } from './client.js';

const isEndpoint = (v: unknown): v is Endpoint =>
  !!v && typeof v === 'object' && typeof (v as Endpoint).path === 'string' && typeof (v as Endpoint).method === 'string';
const groupCalls: Endpoint[] = Object.entries(shared)
  .filter(([name, table]) => /^group\w*Endpoints$/.test(name) && table && typeof table === 'object')
  .flatMap(([, table]) => Object.values(table as Record<string, unknown>).filter(isEndpoint));

/**
 * What a logged-in user who is not a member may call: the list, making a group, the card and his own
 * standing (what he needs to join or apply), and joining or applying.
 */
const FOR_EVERY_USER = new Set(['GET get-group-list', 'POST group', 'GET get-group-detail', 'GET get-group-auth', 'GET get-group-access', 'POST group/member']);

/** The one group call open to visitors: the list of the group cards, as a logged-in outsider sees it. */
const VISITORS_MAY = 'GET get-group-list';

let t: TestApp;
let outsider: string;
let applicant: string;
let gid: number;
beforeAll(async () => {
  t = await createTestApp();
  await createUser(t, { username: 'gg_owner' });
  await createUser(t, { username: 'gg_outsider' });
  await createUser(t, { username: 'gg_applicant' });
  gid = await insertGroup(t, { owner: 'gg_owner', auth: GroupAuth.PRIVATE, members: { gg_applicant: GroupLevel.APPLYING } });
  outsider = await login(t, 'gg_outsider');
  applicant = await login(t, 'gg_applicant');
});
afterAll(() => t?.close());

/** A call naming the private group wherever a call can take it (query and body), with a page. */
const send = (e: Endpoint, token: string | null) => {
  const query = { gid: String(gid), currentPage: '1', limit: '10' };
  return call(t, e.method, `/api/${e.path}`, { token, query, body: e.method === 'GET' || e.method === 'DELETE' ? undefined : { gid } });
};

describe('group calls', () => {
  it('exist: the tables hold every group call', () => {
    expect(groupCalls.length).toBeGreaterThanOrEqual(3);
    const missing = groupCalls.filter((e) => !t.app.hasRoute({ method: e.method, url: `/api/${e.path}` }));
    expect(missing.map((e) => `${e.method} ${e.path}`)).toEqual([]);
  });

  it('answer visitors 401 "Please login first!", every one but the list (visitors browse /group, spec 3)', async () => {
    for (const e of groupCalls) {
      const r = await send(e, null);
      if (`${e.method} ${e.path}` === VISITORS_MAY) {
        expect(r.http, VISITORS_MAY).toBe(200);
        continue;
      }
      expect(r.http, `${e.method} ${e.path}`).toBe(401);
      expect(r.msg, `${e.method} ${e.path}`).toBe(shared.MSG.loginFirst);
    }
  });

  it("keep the site's calls that take a gid closed too: the group status list", async () => {
    const query = { gid, currentPage: 1, limit: 10 };
    for (const token of [outsider, applicant]) {
      const r = await client(t, token).call('submission.list', { query });
      expect(r.http === 200 && r.status === 200, `${r.http} ${r.msg}`).toBe(false);
    }
    expect((await client(t).call('submission.list', { query })).http).toBe(401);
  });

  it('give a non-member (and an applicant) nothing inside a private group', async () => {
    // An applicant may withdraw his application (leaving is his own standing); an outsider has nothing to leave.
    const exit = await client(t, outsider).call('group.exit', { query: { gid } });
    expect(exit.status).not.toBe(200);
    for (const e of groupCalls.filter((c) => !FOR_EVERY_USER.has(`${c.method} ${c.path}`) && c.path !== 'group/member/exit')) {
      for (const token of [outsider, applicant]) {
        const r = await send(e, token);
        expect(r.http === 200 && r.status === 200, `${e.method} ${e.path}: ${r.http} ${r.msg}`).toBe(false);
        expect(r.http, `${e.method} ${e.path}`).toBeLessThan(500);
      }
    }
  });
});
