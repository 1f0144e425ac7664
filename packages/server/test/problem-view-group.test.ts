/**
 * A group's problem is the group's inside: the calls that open a problem by its id outside
 * the group's pages — its code templates, the problem a discussion names, a problem put into a contest —
 * answer as its detail route does. The site's admin roles outside the group are told it does not exist,
 * as the bank's detail tells them; the group's members get what they may open there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupLevel, MSG, ProblemAuth, Role } from '@oj/shared';
import { contests, languages } from '../src/db/schema/index.js';
import { putSetting } from '../src/lib/site-config.js';
import { discussionForm } from './discussion-helpers.js';
import { insertGroup } from './group-helpers.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, login, rootToken, uidOf } from './helpers.js';
import { createProblem } from './judge-helpers.js';
import { client } from './client.js';

let t: TestApp;
let gid: number;
let chat: number;
const tok: Record<string, string> = {};
const pid: Record<'pub' | 'hidden' | 'bank', number> = { pub: 0, hidden: 0, bank: 0 };
const TEMPLATE = { 'C++': '// group template' };

beforeAll(async () => {
  t = await createTestApp();
  tok.root = await rootToken(t);
  const roles: Record<string, number> = { vg_admin: Role.ADMIN, vg_padmin: Role.PROBLEM_ADMIN };
  let ip = 0;
  for (const name of ['vg_admin', 'vg_padmin', 'vg_member', 'vg_gadmin', 'vg_owner']) {
    await createUser(t, { username: name, roles: [roles[name] ?? Role.USER] });
    tok[name] = await login(t, name, 'password1', `10.17.0.${++ip}`);
  }
  // templates are given for the judges' languages (a judge registers them; here none runs)
  await t.database.db.insert(languages).values({ name: 'C++', description: 'G++', seq: 1, contentType: 'text/x-c++src' });
  gid = await insertGroup(t, { owner: 'vg_owner', members: { vg_member: GroupLevel.MEMBER, vg_gadmin: GroupLevel.ADMIN } });
  pid.pub = await createProblem(t, { problemId: 'VGPUB', gid, isGroup: true, author: 'vg_gadmin', codeTemplates: TEMPLATE });
  pid.hidden = await createProblem(t, { problemId: 'VGHID', gid, isGroup: true, auth: ProblemAuth.HIDDEN, author: 'vg_gadmin', codeTemplates: TEMPLATE });
  pid.bank = await createProblem(t, { problemId: 'VGBANK', auth: ProblemAuth.HIDDEN, codeTemplates: TEMPLATE });
  await putSetting(t.database.db, 'website', { discussionAcRequired: 0, discussionDailyPosts: 1000 });
  chat = (await client(t, tok.vg_member).call('discussion.categories')).data[0]!.id;
});
afterAll(() => t?.close());

const template = (who: string, p: number) => client(t, tok[who]).call('problem.codeTemplate', { query: { pid: p } });
const detail = (who: string, problemId: string, o: { gid?: number } = {}) => client(t, tok[who]).call('problem.detail', { query: { problemId, ...o } });
const siteDiscussion = (who: string, problemId: string) => client(t, tok[who]).call('discussion.add', { body: { ...discussionForm(chat), pid: problemId } });
const groupDiscussion = (who: string, problemId: string) =>
  client(t, tok[who]).call('groupBoard.addDiscussion', { body: { ...discussionForm(chat), pid: problemId, gid } });
const answer = (r: { status: number; msg: string }) => [r.status, r.msg];

describe("a group's problem outside the group's pages", () => {
  it('is not found for the site admin and the problem admin outside the group, as its detail route says', async () => {
    for (const who of ['vg_admin', 'vg_padmin']) {
      for (const [problemId, p] of [
        ['VGPUB', pid.pub],
        ['VGHID', pid.hidden],
      ] as const) {
        // the detail route: the bank knows no group problem, the group refuses a non-member
        expect(answer(await detail(who, problemId)), `${who} ${problemId}`).toEqual([404, MSG.problemNotFound]);
        expect((await detail(who, problemId, { gid })).msg).toBe(MSG.groupNotMember);
        expect(answer(await template(who, p)), `${who} template of ${problemId}`).toEqual([404, MSG.problemNotFound]);
        expect(answer(await siteDiscussion(who, problemId)), `${who} links ${problemId}`).toEqual([400, MSG.problemNotFound]);
      }
    }
  });

  it("gives the group's members what its detail route opens to them", async () => {
    expect((await detail('vg_member', 'VGPUB', { gid })).status).toBe(200);
    expect(await template('vg_member', pid.pub)).toMatchObject({ status: 200, data: TEMPLATE });
    expect((await groupDiscussion('vg_member', 'VGPUB')).status).toBe(200);
    // a problem private in the group opens to its admins only
    expect((await detail('vg_member', 'VGHID', { gid })).msg).toBe(MSG.problemNotFound);
    expect(answer(await template('vg_member', pid.hidden))).toEqual([404, MSG.problemNotFound]);
    for (const who of ['vg_gadmin', 'vg_owner', 'root']) {
      expect((await detail(who, 'VGHID', { gid })).status, who).toBe(200);
      expect(await template(who, pid.hidden), who).toMatchObject({ status: 200, data: TEMPLATE });
    }
    expect((await groupDiscussion('vg_gadmin', 'VGHID')).status).toBe(200);
  });

  it("is never named by a site discussion, the group's members' and the super admin's included", async () => {
    for (const who of ['vg_member', 'vg_gadmin', 'root']) expect(answer(await siteDiscussion(who, 'VGPUB')), who).toEqual([400, MSG.problemNotFound]);
  });

  it('is not found, rather than not usable, when the site admin puts it into his contest', async () => {
    const uid = await uidOf(t, 'vg_admin');
    const now = Date.now();
    const [c] = await t.database.db
      .insert(contests)
      .values({
        title: 'Admin round',
        uid,
        author: 'vg_admin',
        gid: null,
        visible: true,
        startTime: new Date(now + 3600_000),
        endTime: new Date(now + 7200_000),
      })
      .returning({ id: contests.id });
    const add = (p: number) => client(t, tok.vg_admin).call('adminContest.addFromPublic', { body: { cid: c!.id, pid: p, displayId: 'A' } });
    expect(answer(await add(pid.pub))).toEqual([404, MSG.problemNotFound]);
    // a hidden bank problem he may open stays "not usable" (bank problems: unchanged)
    expect((await add(pid.bank)).msg).toBe(MSG.problemNotUsable);
  });

  it('leaves bank problems as they were: the admin roles open hidden ones, users do not', async () => {
    expect(await template('vg_padmin', pid.bank)).toMatchObject({ status: 200, data: TEMPLATE });
    expect(await template('vg_admin', pid.bank)).toMatchObject({ status: 200, data: TEMPLATE });
    expect(answer(await template('vg_member', pid.bank))).toEqual([404, MSG.problemNotFound]);
    expect((await siteDiscussion('vg_admin', 'VGBANK')).status).toBe(200);
    expect(answer(await siteDiscussion('vg_member', 'VGBANK'))).toEqual([400, MSG.problemNotFound]);
  });
});
