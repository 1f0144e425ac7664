/**
 * The admin problem calls by id on a private group's problem: only the group's root, the
 * author while still a group admin, and the super admin get through; a site problem admin outside the
 * group (or inside it but neither root nor author) reads, changes, hides, rejudges, downloads and
 * deletes nothing. Every call of `adminProblemEndpoints` that names a problem, plus the test data
 * download, is walked as each role.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupAuth, GroupLevel, MSG, Role } from '@oj/shared';
import { groupMembers, problemCases, problems } from '../src/db/schema/index.js';
import { insertGroup } from './group-helpers.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, login, rootToken, uidOf, type Call } from './helpers.js';
import { createProblem } from './judge-helpers.js';
import { client, type TypedInput } from './client.js';
import { formOf } from './problem-admin-helpers.js';

let t: TestApp;
let gid: number;
let pid: number;
let saveBody: TypedInput<'adminProblem.update'>['body'];
const tok: Record<string, string> = {};

type Answer = Pick<Call, 'http' | 'status' | 'msg'>;

/** Each admin call naming the problem; `mutates` ones are checked to change nothing when refused. */
const CALLS: { name: string; run: (token: string) => Promise<Answer> }[] = [
  { name: 'get', run: (token) => client(t, token).call('adminProblem.get', { query: { pid } }) },
  { name: 'cases', run: (token) => client(t, token).call('adminProblem.cases', { query: { pid } }) },
  { name: 'update', run: (token) => client(t, token).call('adminProblem.update', { body: saveBody }) },
  { name: 'hide', run: (token) => client(t, token).call('adminProblem.changeAuth', { body: { id: pid, auth: 1 } }) },
  { name: 'rejudge', run: (token) => client(t, token).call('adminProblem.rejudgeAll', { query: { pid } }) },
  { name: 'download test data', run: (token) => client(t, token).call('fileTransfer.downloadTestcase', { query: { pid } }) },
  { name: 'delete', run: (token) => client(t, token).call('adminProblem.remove', { query: { pid } }) },
];

async function snapshot() {
  const [p] = await t.database.db.select().from(problems).where(eq(problems.id, pid));
  const cases = await t.database.db.select({ hash: problemCases.outputHash }).from(problemCases).where(eq(problemCases.pid, pid));
  return { title: p?.title, auth: p?.auth, gmtModified: p?.gmtModified.toISOString(), cases: cases.map((c) => c.hash) };
}

/** A zip download answers raw bytes; JSON calls the envelope. */
const passed = (r: Answer) => r.http === 200 && (r.status === 200 || r.status === undefined);

beforeAll(async () => {
  t = await createTestApp();
  const users: [string, number[] | undefined][] = [
    ['groot', undefined], // the group's owner: no site role
    ['padmroot', [Role.PROBLEM_ADMIN]], // a site problem admin who is a root (level 5) of the group
    ['padmauthor', [Role.PROBLEM_ADMIN]], // the author, a group admin
    ['padmgadm', [Role.PROBLEM_ADMIN]], // a group admin who is not the author
    ['padm', [Role.PROBLEM_ADMIN]], // a site problem admin outside the group
    ['siteadmin', [Role.ADMIN]],
  ];
  for (const [username, roles] of users) await createUser(t, { username, roles });
  tok.root = await rootToken(t);
  for (const [username] of users) tok[username] = await login(t, username);
  gid = await insertGroup(t, {
    owner: 'groot',
    auth: GroupAuth.PRIVATE,
    members: { padmroot: GroupLevel.ROOT, padmauthor: GroupLevel.ADMIN, padmgadm: GroupLevel.ADMIN },
  });
  pid = await createProblem(t, { problemId: 'GRPX1', title: 'Secret', gid, isGroup: true, author: 'padmauthor', auth: 2 });
  const detail = (await client(t, tok.root).call('adminProblem.get', { query: { pid } })).data;
  saveBody = { problem: { ...formOf(detail.problem), problemId: detail.problem.problemId, title: 'Changed' }, languages: [], tags: [], codeTemplates: [] };
});

afterAll(() => t.close());

describe('admin problem calls on a private group problem', () => {
  it('refuse the site problem admins outside the group, a group admin who is not the author, and the site admin; nothing changes', async () => {
    const before = await snapshot();
    for (const who of ['padm', 'padmgadm', 'siteadmin']) {
      for (const c of CALLS) {
        const r = await c.run(tok[who]!);
        expect(r.http, `${who} ${c.name}`).toBe(403);
        if (who !== 'siteadmin' && c.name !== 'download test data') expect(r.msg, `${who} ${c.name}`).toBe(MSG.groupProblemNotYours);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('let the group root, the author while a group admin, and the super admin through', async () => {
    for (const who of ['padmroot', 'padmauthor', 'root']) {
      for (const c of CALLS.filter((x) => x.name !== 'delete')) {
        const r = await c.run(tok[who]!);
        expect(passed(r), `${who} ${c.name}: ${r.http} ${r.msg}`).toBe(true);
      }
    }
    expect((await snapshot()).title).toBe('Changed');
    // the owner with no site role uses the group's calls; the download is his as well
    expect(passed(await client(t, tok.groot).call('fileTransfer.downloadTestcase', { query: { pid } }))).toBe(true);
  });

  it('an author no longer among the group admins is refused; the super admin deletes', async () => {
    await t.database.db
      .update(groupMembers)
      .set({ auth: GroupLevel.MEMBER })
      .where(eq(groupMembers.uid, await uidOf(t, 'padmauthor')));
    for (const c of CALLS) expect((await c.run(tok.padmauthor!)).http, `demoted author ${c.name}`).toBe(403);
    expect((await snapshot()).title).toBe('Changed');
    const gone = await CALLS.find((c) => c.name === 'delete')!.run(tok.root!);
    expect(gone.status).toBe(200);
    expect((await snapshot()).title).toBeUndefined();
  });
});
