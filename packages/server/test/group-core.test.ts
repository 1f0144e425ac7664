/**
 * The group core: the list and its filters, creation with every
 * rule of §5 and the site's group limits (admins exempt), settings, the avatar upload, disbanding (all
 * of the group goes in one transaction), and membership — join, apply, the application list, accept,
 * refuse, the level rules of §4 enforced by the server, removing members, leaving, an admin adding a
 * user — for every level: owner, root 5, admin 4, member 3, applying 1, refused 2, non-member,
 * visitor, super admin. Bad inputs change nothing.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMsg, GroupAuth, GroupLevel, MSG, Role } from '@oj/shared';
import { announcements, contests, groupMembers, groups, problems, submissions, users } from '../src/db/schema/index.js';
import { putSetting } from '../src/lib/site-config.js';
import { giveAccepted } from './discussion-helpers.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, del, get, login, post, put, q, rootToken, unpack, type Call } from './helpers.js';
import { createProblem } from './judge-helpers.js';
import { client, type TypedInput } from './client.js';

let t: TestApp;
let root: string;
const tok: Record<string, string> = {};
const uid: Record<string, string> = {};
const bank: number[] = [];
let seq = 0;

async function user(name: string, roles: number[] = [Role.USER], ac = 20) {
  uid[name] = await createUser(t, { username: name, roles });
  await giveAccepted(t, uid[name]!, name, bank.slice(0, ac));
  tok[name] = await login(t, name, 'password1', `10.15.${Math.floor(++seq / 250)}.${seq % 250}`);
}

/** The create form; the overrides are not checked (refused values go through the raw helpers). */
const form = (o: Record<string, unknown> = {}) => {
  const n = ++seq;
  return {
    name: `Group number ${n}`,
    shortName: `grp${n}`,
    brief: 'A group for tests',
    description: 'Group made by the core test.',
    auth: 1,
    ...o,
  } as TypedInput<'group.create'>['body'];
};

const groupCount = async () => (await t.database.db.select({ n: count() }).from(groups))[0]!.n;
/** The user's level in the group as stored (0: no row). */
const levelOf = async (gid: number, name: string) =>
  (await t.database.db.select().from(groupMembers).where(eq(groupMembers.gid, gid))).find((m) => m.uid === uid[name])?.auth ?? 0;

async function create(token: string, o: Record<string, unknown> = {}): Promise<number> {
  const r = await client(t, token).call('group.create', { body: form(o) });
  if (r.status !== 200) throw new Error(`create group: ${r.msg}`);
  return r.data.id;
}

const join = (gid: number, token: string, o: Record<string, string> = {}) => client(t, token).call('group.join', { query: { gid, ...o } });
const setLevel = (gid: number, name: string, auth: TypedInput<'group.updateMember'>['body']['auth'], token: string) =>
  client(t, token).call('group.updateMember', { body: { gid, uid: uid[name], auth } });
const removeMember = (gid: number, name: string, token: string) => client(t, token).call('group.deleteMember', { query: { gid, uid: uid[name]! } });

/** A private group of `owner` with one user at each level. */
async function classGroup(owner = 'owner') {
  const gid = await create(tok[owner]!, { auth: GroupAuth.PRIVATE, code: 'CODE42' });
  const at = async (name: string, level: number) => {
    await t.database.db
      .insert(groupMembers)
      .values({ gid, uid: uid[name]!, auth: level as 1, reason: `reason of ${name}` })
      .onConflictDoUpdate({ target: [groupMembers.gid, groupMembers.uid], set: { auth: level as 1 } });
  };
  await at('groot', GroupLevel.ROOT);
  await at('gadmin', GroupLevel.ADMIN);
  await at('gadmin2', GroupLevel.ADMIN);
  await at('gmember', GroupLevel.MEMBER);
  await at('gmember2', GroupLevel.MEMBER);
  await at('applying', GroupLevel.APPLYING);
  await at('refused', GroupLevel.REFUSED);
  return gid;
}

beforeAll(async () => {
  t = await createTestApp();
  root = await rootToken(t);
  for (let i = 0; i < 20; i++) bank.push(await createProblem(t, { problemId: `GC${i}`, title: `Problem ${i}` }));
  for (const name of ['owner', 'groot', 'gadmin', 'gadmin2', 'gmember', 'gmember2', 'applying', 'refused', 'stranger', 'other', 'creator']) await user(name);
  await user('newbie', [Role.USER], 3);
  await user('padmin', [Role.PROBLEM_ADMIN], 0);
  // Generous limits for the tests that are not about them.
  await putSetting(t.database.db, 'group', { groupDailyLimit: 100, groupPerUserLimit: 100, groupAcRequired: 20 });
});
afterAll(() => t.close());

describe('visitors', () => {
  it('get 401 on every group call but the list and create nothing', async () => {
    const before = await groupCount();
    const visitor = client(t);
    const calls: [string, () => Promise<{ http: number; msg: string }>][] = [
      ['group.create', () => visitor.call('group.create', { body: form() })],
      ['group.update', () => visitor.call('group.update', { body: { id: 1, brief: 'A group for tests' } })],
      ['group.remove', () => visitor.call('group.remove', { query: { gid: 1 } })],
      ['group.memberList', () => visitor.call('group.memberList', { query: { gid: 1 } })],
      ['group.applyList', () => visitor.call('group.applyList', { query: { gid: 1 } })],
      ['group.userList', () => visitor.call('group.userList', { query: { gid: 1 } })],
      ['group.join', () => visitor.call('group.join', { query: { gid: 1 } })],
      ['group.updateMember', () => visitor.call('group.updateMember', { body: { gid: 1, uid: 'x', auth: GroupLevel.MEMBER } })],
      ['group.deleteMember', () => visitor.call('group.deleteMember', { query: { gid: 1, uid: 'x' } })],
      ['group.exit', () => visitor.call('group.exit', { query: { gid: 1 } })],
      // a multipart upload: the typed client does not send those
      ['upload-group-avatar', async () => unpack(await t.app.inject({ method: 'POST', url: '/api/file/upload-group-avatar', payload: form() }))],
    ];
    for (const [name, send] of calls) {
      const r = await send();
      expect(r.http, name).toBe(401);
      expect(r.msg).toBe(MSG.loginFirst);
    }
    expect(await groupCount()).toBe(before);
  });
});

describe('creating a group', () => {
  it('makes the caller its owner and level-5 member, with the code kept for its root only', async () => {
    const r = await client(t, tok.creator).call('group.create', {
      body: form({ name: '  Creator Class  ', shortName: 'CrCls', auth: GroupAuth.PRIVATE, code: 'ABCDEF' }),
    });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({
      name: 'Creator Class',
      shortName: 'CrCls',
      auth: 3,
      code: 'ABCDEF',
      owner: 'creator',
      ownerUid: uid.creator,
      memberCount: 1,
      visible: true,
    });
    expect(await levelOf(r.data.id, 'creator')).toBe(GroupLevel.ROOT);
    const access = await client(t, tok.creator).call('group.access', { query: { gid: r.data.id } });
    expect(access.data).toEqual({ level: 5, owner: true, member: true, admin: true, root: true });
    const seen = await client(t, tok.stranger).call('group.detail', { query: { gid: r.data.id } });
    expect(seen.data.code).toBeNull();
  });

  it('refuses every bad input of the group form with its message, HTTP 400, and creates nothing', async () => {
    const before = await groupCount();
    const bad: [Record<string, unknown>, string][] = [
      [{ name: 'abcd' }, MSG.groupNameInvalid],
      [{ name: 'x'.repeat(26) }, MSG.groupNameInvalid],
      [{ name: '    ab     ' }, MSG.groupNameInvalid],
      [{ name: undefined }, MSG.groupNameInvalid],
      [{ shortName: 'abcd' }, MSG.groupShortNameInvalid],
      [{ shortName: 'abcdefghijk' }, MSG.groupShortNameInvalid],
      [{ brief: 'abc' }, MSG.groupBriefInvalid],
      [{ brief: 'b'.repeat(51) }, MSG.groupBriefInvalid],
      [{ description: 'desc' }, MSG.groupDescriptionInvalid],
      [{ description: 'd'.repeat(1001) }, MSG.groupDescriptionInvalid],
      [{ auth: 0 }, MSG.groupAuthInvalid],
      [{ auth: 4 }, MSG.groupAuthInvalid],
      [{ auth: 'public' }, MSG.groupAuthInvalid],
      [{ auth: undefined }, MSG.groupAuthInvalid],
      [{ auth: GroupAuth.PROTECTED }, MSG.groupCodeInvalid],
      [{ auth: GroupAuth.PRIVATE, code: '' }, MSG.groupCodeInvalid],
      [{ auth: GroupAuth.PRIVATE, code: '12345' }, MSG.groupCodeInvalid],
      [{ auth: GroupAuth.PRIVATE, code: '1234567' }, MSG.groupCodeInvalid],
    ];
    for (const [o, msg] of bad) {
      const r = await post(t, '/api/group', form(o), { token: tok.creator });
      expect([r.http, r.msg], JSON.stringify(o)).toEqual([400, msg]);
    }
    expect(await groupCount()).toBe(before);
  });

  it('limits: the 5–25 / 5–10 / 5–50 / 5–1000 bounds themselves are accepted, a public group keeps no code', async () => {
    const r = await client(t, tok.creator).call('group.create', {
      body: form({ name: 'n'.repeat(25), shortName: 's'.repeat(10), brief: 'b'.repeat(50), description: 'd'.repeat(1000), code: 'IGNORE' }),
    });
    expect(r.status).toBe(200);
    expect(r.data.code).toBeNull();
    const low = await client(t, tok.creator).call('group.create', {
      body: form({ name: 'n'.repeat(5), shortName: 'q'.repeat(5), brief: 'b'.repeat(5), description: 'd'.repeat(5) }),
    });
    expect(low.status).toBe(200);
  });

  it('refuses a taken name or short name, in any case, and creates nothing', async () => {
    await create(tok.creator!, { name: 'Unique Team', shortName: 'UniqT' });
    const before = await groupCount();
    const a = await client(t, tok.other).call('group.create', { body: form({ name: 'UNIQUE team' }) });
    expect(a.msg).toBe(MSG.groupNameExists);
    const b = await client(t, tok.other).call('group.create', { body: form({ shortName: 'uniqt' }) });
    expect(b.msg).toBe(MSG.groupShortNameExists);
    // two at once with the same name: one wins, the other is told why (no server error)
    const both = await Promise.all([
      client(t, tok.other).call('group.create', { body: form({ name: 'Racing Team' }) }),
      client(t, tok.owner).call('group.create', { body: form({ name: 'Racing Team' }) }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.status === 400)!.msg).toBe(MSG.groupNameExists);
    expect(await groupCount()).toBe(before + 1);
  });

  it('applies the site limits: accepted problems, groups a day, groups owned; admins are exempt', async () => {
    await putSetting(t.database.db, 'group', { groupDailyLimit: 2, groupPerUserLimit: 3, groupAcRequired: 5 });
    try {
      // The group list says so before the form: the rule's key and number (admins exempt, visitors nothing).
      const mayCreate = async (token?: string) => (await client(t, token).call('group.list')).data.mayCreate;
      expect(await mayCreate(tok.newbie)).toEqual({ allowed: false, reason: { key: 'groupAcRequired', params: { count: 5 } } });
      expect(await mayCreate(tok.padmin)).toEqual({ allowed: true, reason: null });
      expect(await mayCreate()).toBeNull();
      const newbie = await client(t, tok.newbie).call('group.create', { body: form() });
      expect(newbie.msg).toBe(formatMsg(MSG.groupAcRequired, { count: 5 }));
      // with enough accepted problems he may
      await putSetting(t.database.db, 'group', { groupDailyLimit: 2, groupPerUserLimit: 3, groupAcRequired: 3 });
      expect(await mayCreate(tok.newbie)).toEqual({ allowed: true, reason: null });
      await putSetting(t.database.db, 'group', { groupDailyLimit: 2, groupPerUserLimit: 3, groupAcRequired: 5 });

      await user('limited');
      // parallel creations cannot pass the daily limit together
      const burst = await Promise.all([0, 1, 2, 3].map(() => client(t, tok.limited).call('group.create', { body: form() })));
      expect(burst.filter((r) => r.status === 200)).toHaveLength(2);
      expect(burst.filter((r) => r.status !== 200).map((r) => r.msg)).toEqual([
        formatMsg(MSG.groupDailyLimit, { count: 2 }),
        formatMsg(MSG.groupDailyLimit, { count: 2 }),
      ]);
      expect(await mayCreate(tok.limited)).toEqual({ allowed: false, reason: { key: 'groupDailyLimit', params: { count: 2 } } });
      // a day later the daily count is free again, but three owned groups are the most
      await t.database.db.execute(`update "group" set gmt_create = now() - interval '25 hours' where owner_uid = '${uid.limited}'`);
      expect((await client(t, tok.limited).call('group.create', { body: form() })).status).toBe(200);
      const fourth = await client(t, tok.limited).call('group.create', { body: form() });
      expect(fourth.msg).toBe(formatMsg(MSG.groupPerUserLimit, { count: 3 }));
      expect(await mayCreate(tok.limited)).toEqual({ allowed: false, reason: { key: 'groupPerUserLimit', params: { count: 3 } } });

      // a problem admin with no accepted problem, past every limit
      for (let i = 0; i < 4; i++) expect((await client(t, tok.padmin).call('group.create', { body: form() })).status).toBe(200);
    } finally {
      await putSetting(t.database.db, 'group', { groupDailyLimit: 100, groupPerUserLimit: 100, groupAcRequired: 20 });
    }
  });

  it('lets only the super admin create a hidden group', async () => {
    const mine = await client(t, tok.creator).call('group.create', { body: form({ visible: false }) });
    expect(mine.data.visible).toBe(true);
    const rootHidden = await client(t, root).call('group.create', { body: form({ visible: false }) });
    expect(rootHidden.data.visible).toBe(false);
    expect((await client(t, tok.creator).call('group.detail', { query: { gid: rootHidden.data.id } })).msg).toBe(MSG.groupNotFound);
  });
});

describe('the group list', () => {
  let pub: number;
  let priv: number;
  let hidden: number;
  beforeAll(async () => {
    pub = await create(tok.other!, { name: 'Listed Public Zebra', brief: 'stripes and more' });
    priv = await create(tok.other!, { name: 'Listed Private Zebra', auth: GroupAuth.PRIVATE, code: 'ZZZZZZ' });
    hidden = await create(root, { name: 'Listed Hidden Zebra', visible: false });
    await join(pub, tok.gmember!);
  });

  it('filters by keyword (name, short name, brief) and auth, with member counts and no codes', async () => {
    const r = await client(t, tok.stranger).call('group.list', { query: { keyword: 'zebra' } });
    expect(r.data.records.map((g) => g.name).sort()).toEqual(['Listed Private Zebra', 'Listed Public Zebra']);
    expect(r.data.records.every((g) => g.code === null)).toBe(true);
    expect(r.data.records.find((g) => g.id === pub)!.memberCount).toBe(2);
    const byBrief = await client(t, tok.stranger).call('group.list', { query: { keyword: 'STRIPES' } });
    expect(byBrief.data.records.map((g) => g.id)).toEqual([pub]);
    const privOnly = await client(t, tok.stranger).call('group.list', { query: { keyword: 'zebra', auth: 3 } });
    expect(privOnly.data.records.map((g) => g.id)).toEqual([priv]);
    // a keyword with LIKE wildcards is taken literally
    expect((await client(t, tok.stranger).call('group.list', { query: { keyword: '%_%' } })).data.total).toBe(0);
  });

  it('answers a visitor too (login is needed to open or create a group), hidden ones left out, only-mine empty', async () => {
    const r = await client(t).call('group.list', { query: { keyword: 'zebra' } });
    expect(r.status, r.msg).toBe(200);
    expect(r.data.records.map((g) => g.name).sort()).toEqual(['Listed Private Zebra', 'Listed Public Zebra']);
    expect(r.data.records.every((g) => g.code === null)).toBe(true);
    expect((await client(t).call('group.list', { query: { keyword: 'zebra', onlyMine: true } })).data.total).toBe(0);
  });

  it('shows hidden groups to the super admin only', async () => {
    const all = await client(t, root).call('group.list', { query: { keyword: 'zebra' } });
    expect(all.data.records.map((g) => g.id)).toContain(hidden);
    expect((await client(t, tok.other).call('group.list', { query: { keyword: 'zebra' } })).data.records.map((g) => g.id)).not.toContain(hidden);
  });

  it('only-mine lists the groups one owns or is a member of, not those one applied to', async () => {
    await join(priv, tok.gmember!, { code: 'ZZZZZZ', reason: 'I would like to join' });
    const mine = await client(t, tok.gmember).call('group.list', { query: { onlyMine: true, keyword: 'zebra' } });
    expect(mine.data.records.map((g) => g.id)).toEqual([pub]);
    const owner = await client(t, tok.other).call('group.list', { query: { onlyMine: true, keyword: 'zebra' } });
    expect(owner.data.records.map((g) => g.id).sort()).toEqual([pub, priv].sort());
  });

  it('pages with the page sizes of the group list (15 by default, up to 120) and refuses bad paging', async () => {
    const first = await client(t, tok.stranger).call('group.list');
    expect(first.data.records.length).toBe(Math.min(15, first.data.total));
    const small = await client(t, tok.stranger).call('group.list', { query: { limit: 9, currentPage: 2 } });
    expect(small.data.records.length).toBe(Math.min(9, Math.max(0, first.data.total - 9)));
    expect((await client(t, tok.stranger).call('group.list', { query: { limit: 120 } })).status).toBe(200);
    for (const bad of [{ limit: 121 }, { limit: 0 }, { currentPage: 0 }, { auth: 7 }] as Record<string, number>[]) {
      expect((await get(t, '/api/get-group-list', { token: tok.stranger, ...q(bad) })).http).toBe(400);
    }
  });
});

describe('joining and applying', () => {
  it('joins a public group at once, and not twice', async () => {
    const gid = await create(tok.owner!);
    const r = await join(gid, tok.stranger!);
    expect([r.status, r.data, r.msg]).toEqual([200, 3, MSG.groupJoined]);
    expect((await join(gid, tok.stranger!)).msg).toBe(MSG.groupAlreadyMember);
    expect((await join(gid, tok.owner!)).msg).toBe(MSG.groupAlreadyMember);
  });

  it('applies to a protected group with a reason of 5–100 characters', async () => {
    const gid = await create(tok.owner!, { auth: GroupAuth.PROTECTED, code: 'PROT01' });
    for (const reason of [undefined, 'abcd', 'r'.repeat(101)]) {
      const r = await join(gid, tok.stranger!, reason === undefined ? {} : { reason });
      expect(r.msg).toBe(MSG.groupReasonInvalid);
    }
    expect(await levelOf(gid, 'stranger')).toBe(0);
    const r = await join(gid, tok.stranger!, { reason: 'Please let me in' });
    expect([r.data, r.msg]).toEqual([1, MSG.groupApplied]);
    expect((await join(gid, tok.stranger!, { reason: 'Please let me in' })).msg).toBe(MSG.groupAlreadyApplied);
    // an applicant sees the home only
    expect((await client(t, tok.stranger).call('group.memberList', { query: { gid } })).http).toBe(403);
  });

  it('applies to a private group only with its exact code and a reason', async () => {
    const gid = await create(tok.owner!, { auth: GroupAuth.PRIVATE, code: 'SECRET' });
    expect((await join(gid, tok.stranger!, { reason: 'Please let me in' })).msg).toBe(MSG.groupCodeInvalid);
    expect((await join(gid, tok.stranger!, { code: 'SECRE', reason: 'Please let me in' })).msg).toBe(MSG.groupCodeInvalid);
    expect((await join(gid, tok.stranger!, { code: 'WRONG1', reason: 'Please let me in' })).msg).toBe(MSG.groupCodeWrong);
    expect((await join(gid, tok.stranger!, { code: 'secret', reason: 'Please let me in' })).msg).toBe(MSG.groupCodeWrong);
    expect((await join(gid, tok.stranger!, { code: 'SECRET', reason: 'abc' })).msg).toBe(MSG.groupReasonInvalid);
    expect(await levelOf(gid, 'stranger')).toBe(0);
    expect((await join(gid, tok.stranger!, { code: 'SECRET', reason: 'Please let me in' })).data).toBe(1);
    // a non-member of a private group sees nothing inside it
    for (const name of ['group.memberList', 'group.applyList'] as const) {
      expect((await client(t, tok.other).call(name, { query: { gid } })).http, name).toBe(403);
    }
  });

  it('gives 5 wrong codes per user and group in 10 minutes, counted before they are compared, even in parallel', async () => {
    const gid = await create(tok.owner!, { auth: GroupAuth.PRIVATE, code: 'GUESS1' });
    const guesses = await Promise.all(Array.from({ length: 12 }, (_, i) => join(gid, tok.other!, { code: `WRONG${i % 10}`, reason: 'Please let me in' })));
    expect(guesses.filter((r) => r.msg === MSG.groupCodeWrong)).toHaveLength(5);
    expect(guesses.filter((r) => r.msg === formatMsg(MSG.groupCodeTooManyTries, { minutes: 10 }))).toHaveLength(7);
    // the right code waits for the window too; nothing was written
    expect((await join(gid, tok.other!, { code: 'GUESS1', reason: 'Please let me in' })).msg).toBe(formatMsg(MSG.groupCodeTooManyTries, { minutes: 10 }));
    expect(await levelOf(gid, 'other')).toBe(0);
    // another user's tries are his own; his right code clears his count
    expect((await join(gid, tok.creator!, { code: 'WRONG1', reason: 'Please let me in' })).msg).toBe(MSG.groupCodeWrong);
    expect((await join(gid, tok.creator!, { code: 'GUESS1', reason: 'Please let me in' })).data).toBe(GroupLevel.APPLYING);
  });

  it('lets a refused user apply again, and a hidden group cannot be joined', async () => {
    const gid = await create(tok.owner!, { auth: GroupAuth.PROTECTED, code: 'PROT02' });
    await join(gid, tok.stranger!, { reason: 'first attempt here' });
    expect((await setLevel(gid, 'stranger', GroupLevel.REFUSED, tok.owner!)).data.auth).toBe(2);
    const again = await join(gid, tok.stranger!, { reason: 'second attempt here' });
    expect(again.data).toBe(1);
    const hidden = await create(root, { visible: false });
    expect((await join(hidden, tok.stranger!)).msg).toBe(MSG.groupNotFound);
    expect((await join(999999, tok.stranger!)).msg).toBe(MSG.groupNotFound);
  });
});

describe('member admin', () => {
  let gid: number;
  beforeAll(async () => {
    gid = await classGroup();
  });

  it('lists members for members only, applications for admins only, with reasons and real names for admins', async () => {
    const asMember = await client(t, tok.gmember).call('group.memberList', { query: { gid } });
    expect(asMember.data.records.map((r) => r.username)).toEqual(['owner', 'groot', 'gadmin', 'gadmin2', 'gmember', 'gmember2']);
    expect(asMember.data.records[0]).toMatchObject({ owner: true, auth: 5, reason: null });
    expect(asMember.data.total).toBe(6);
    for (const who of ['applying', 'refused', 'stranger']) {
      expect((await client(t, tok[who]).call('group.memberList', { query: { gid } })).http, who).toBe(403);
    }
    expect((await client(t, root).call('group.memberList', { query: { gid } })).status).toBe(200);
    for (const who of ['gmember', 'applying', 'stranger']) {
      expect((await client(t, tok[who]).call('group.applyList', { query: { gid } })).http, who).toBe(403);
    }
    const apps = await client(t, tok.gadmin).call('group.applyList', { query: { gid } });
    expect(apps.data.records.map((r) => [r.username, r.auth, r.reason])).toEqual([
      ['applying', 1, 'reason of applying'],
      ['refused', 2, 'reason of refused'],
    ]);
    const paged = await client(t, tok.gmember).call('group.memberList', { query: { gid, limit: 2, currentPage: 3 } });
    expect(paged.data.records.map((r) => r.username)).toEqual(['gmember', 'gmember2']);
    expect((await client(t, tok.gmember).call('group.memberList', { query: { gid, keyword: 'admin2' } })).data.records.map((r) => r.username)).toEqual([
      'gadmin2',
    ]);
  });

  it('lets an admin (4) accept or refuse, but give no level at or above his own, nor manage a peer', async () => {
    expect((await setLevel(gid, 'applying', GroupLevel.ADMIN, tok.gadmin!)).http).toBe(403);
    expect((await setLevel(gid, 'applying', GroupLevel.ROOT, tok.gadmin!)).http).toBe(403);
    expect(await levelOf(gid, 'applying')).toBe(1);
    const accepted = await setLevel(gid, 'applying', GroupLevel.MEMBER, tok.gadmin!);
    expect(accepted.data).toMatchObject({ username: 'applying', auth: 3 });
    // options 1 and 2 are closed for members
    expect((await setLevel(gid, 'applying', GroupLevel.REFUSED, tok.gadmin!)).msg).toBe(MSG.groupMemberNoBack);
    expect((await setLevel(gid, 'applying', GroupLevel.APPLYING, tok.owner!)).msg).toBe(MSG.groupMemberNoBack);
    expect(await levelOf(gid, 'applying')).toBe(3);
    // a peer at 4, the root 5, the owner, himself: refused
    expect((await setLevel(gid, 'gadmin2', GroupLevel.MEMBER, tok.gadmin!)).msg).toBe(MSG.groupLevelDenied);
    expect((await setLevel(gid, 'groot', GroupLevel.MEMBER, tok.gadmin!)).http).toBe(403);
    expect((await setLevel(gid, 'owner', GroupLevel.MEMBER, tok.gadmin!)).msg).toBe(MSG.groupOwnerFixed);
    expect((await setLevel(gid, 'gadmin', GroupLevel.MEMBER, tok.gadmin!)).msg).toBe(MSG.groupSelfFixed);
    expect(await levelOf(gid, 'gadmin2')).toBe(4);
  });

  it('lets a root (5) promote to admin but not to root; the owner and the super admin give any level', async () => {
    expect((await setLevel(gid, 'gmember', GroupLevel.ROOT, tok.groot!)).http).toBe(403);
    expect((await setLevel(gid, 'gmember', GroupLevel.ADMIN, tok.groot!)).data.auth).toBe(4);
    expect((await setLevel(gid, 'gmember', GroupLevel.MEMBER, tok.groot!)).data.auth).toBe(3);
    expect((await setLevel(gid, 'gmember', GroupLevel.ROOT, tok.owner!)).data.auth).toBe(5);
    // the owner demotes a root; the super admin (no member) too
    expect((await setLevel(gid, 'gmember', GroupLevel.MEMBER, root)).data.auth).toBe(3);
    expect((await setLevel(gid, 'owner', GroupLevel.MEMBER, root)).msg).toBe(MSG.groupOwnerFixed);
  });

  it('gives members, applicants and strangers nothing and refuses bad inputs with 400', async () => {
    for (const who of ['gmember2', 'refused', 'stranger']) {
      expect((await setLevel(gid, 'gmember', GroupLevel.ADMIN, tok[who]!)).http, who).toBe(403);
      expect((await removeMember(gid, 'gmember', tok[who]!)).http, who).toBe(403);
    }
    for (const auth of [0, 6, 'x', 2.5]) {
      expect((await put(t, '/api/group/member', { gid, uid: uid.gmember, auth }, { token: tok.owner })).http, String(auth)).toBe(400);
    }
    expect((await put(t, '/api/group/member', { gid, auth: 3 }, { token: tok.owner })).http).toBe(400);
    expect((await client(t, tok.owner).call('group.updateMember', { body: { gid, uid: 'nobody', auth: 3 } })).msg).toBe(MSG.groupMemberNotFound);
    expect(await levelOf(gid, 'gmember')).toBe(3);
  });

  it('removes a member below one’s level, never oneself or the owner', async () => {
    expect((await removeMember(gid, 'owner', tok.groot!)).msg).toBe(MSG.groupOwnerFixed);
    expect((await removeMember(gid, 'owner', root)).msg).toBe(MSG.groupOwnerFixed);
    expect((await removeMember(gid, 'gadmin', tok.gadmin!)).msg).toBe(MSG.groupSelfFixed);
    expect((await removeMember(gid, 'gadmin2', tok.gadmin!)).http).toBe(403);
    expect((await removeMember(gid, 'refused', tok.gadmin!)).status).toBe(200);
    expect(await levelOf(gid, 'refused')).toBe(0);
    expect((await removeMember(gid, 'gadmin2', tok.groot!)).status).toBe(200);
    expect((await removeMember(gid, 'gadmin2', tok.groot!)).msg).toBe(MSG.groupMemberNotFound);
    // a removed member loses the inside at once
    expect((await client(t, tok.gadmin2).call('group.memberList', { query: { gid } })).http).toBe(403);
  });

  it('lets an admin find any user and add him at once', async () => {
    const found = await client(t, tok.gadmin).call('group.userList', { query: { gid, keyword: 'strang' } });
    expect(found.data.records).toEqual([{ uid: uid.stranger, username: 'stranger', nickname: null, role: Role.USER, level: 0 }]);
    // usernames and nicknames only: a real name or school is neither shown nor searched
    await t.database.db.update(users).set({ realname: 'Stan Ranger', school: 'Far Away High', nickname: 'Stan' }).where(eq(users.uid, uid.stranger!));
    const byNick = await client(t, tok.gadmin).call('group.userList', { query: { gid, keyword: 'stan' } });
    expect(byNick.data.records).toEqual([{ uid: uid.stranger, username: 'stranger', nickname: 'Stan', role: Role.USER, level: 0 }]);
    for (const keyword of ['Stan Ranger', 'Far Away']) {
      expect((await client(t, tok.gadmin).call('group.userList', { query: { gid, keyword } })).data.records, keyword).toEqual([]);
    }
    const members = await client(t, tok.gadmin).call('group.userList', { query: { gid, keyword: 'gmember' } });
    expect(members.data.records.map((r) => [r.username, r.level])).toEqual([
      ['gmember', 3],
      ['gmember2', 3],
    ]);
    expect((await client(t, tok.gmember).call('group.userList', { query: { gid } })).http).toBe(403);
    // a member cannot add anyone; an admin can, once
    expect((await join(gid, tok.gmember!, { uid: uid.stranger! })).http).toBe(403);
    const added = await join(gid, tok.gadmin!, { uid: uid.stranger! });
    expect([added.status, added.data]).toEqual([200, 3]);
    expect((await join(gid, tok.gadmin!, { uid: uid.stranger! })).msg).toBe(MSG.groupUserAlreadyMember);
    expect((await join(gid, tok.gadmin!, { uid: 'no-such-user' })).msg).toBe(MSG.userNotFound);
  });

  it('lets members leave (and applicants withdraw), but not the owner', async () => {
    const exit = (token: string) => client(t, token).call('group.exit', { query: { gid } });
    expect((await exit(tok.owner!)).msg).toBe(MSG.groupOwnerCannotExit);
    expect((await exit(tok.gmember2!)).status).toBe(200);
    expect(await levelOf(gid, 'gmember2')).toBe(0);
    expect((await exit(tok.gmember2!)).msg).toBe(MSG.groupNotInGroup);
    expect((await exit(tok.other!)).msg).toBe(MSG.groupNotInGroup);
    expect(await levelOf(gid, 'owner')).toBe(5);
  });
});

describe('settings', () => {
  let gid: number;
  beforeAll(async () => {
    gid = await classGroup();
  });

  it('lets the group root change the form; admins, members and strangers get 403', async () => {
    for (const who of ['gadmin', 'gmember', 'applying', 'stranger']) {
      expect((await client(t, tok[who]).call('group.update', { body: { id: gid, brief: 'Changed by a stranger' } })).http, who).toBe(403);
    }
    const r = await client(t, tok.groot).call('group.update', {
      body: { id: gid, name: 'Renamed Class', brief: 'A new brief', auth: GroupAuth.PROTECTED, code: 'NEWCOD' },
    });
    expect(r.data).toMatchObject({ name: 'Renamed Class', brief: 'A new brief', auth: 2, code: 'NEWCOD' });
    const pub = await client(t, tok.owner).call('group.update', { body: { id: gid, auth: GroupAuth.PUBLIC } });
    expect(pub.data).toMatchObject({ auth: 1, code: null });
  });

  it('refuses bad values, a private group without code, taken names, and hiding by a non-super admin', async () => {
    const before = (await t.database.db.select().from(groups).where(eq(groups.id, gid)))[0]!;
    const bad: [Record<string, unknown>, string][] = [
      [{ name: 'abc' }, MSG.groupNameInvalid],
      [{ shortName: 'x'.repeat(11) }, MSG.groupShortNameInvalid],
      [{ brief: '' }, MSG.groupBriefInvalid],
      [{ description: 'd'.repeat(1001) }, MSG.groupDescriptionInvalid],
      [{ auth: 5 }, MSG.groupAuthInvalid],
      [{ code: 'abc' }, MSG.groupCodeInvalid],
    ];
    for (const [o, msg] of bad) expect((await put(t, '/api/group', { id: gid, ...o }, { token: tok.owner })).msg, JSON.stringify(o)).toBe(msg);
    expect((await client(t, tok.owner).call('group.update', { body: { id: gid, auth: GroupAuth.PRIVATE } })).msg).toBe(MSG.groupCodeInvalid);
    await create(tok.other!, { name: 'Taken Setting Name', shortName: 'TakenS' });
    expect((await client(t, tok.owner).call('group.update', { body: { id: gid, name: 'taken setting name' } })).msg).toBe(MSG.groupNameExists);
    expect((await client(t, tok.owner).call('group.update', { body: { id: gid, shortName: 'TAKENS' } })).msg).toBe(MSG.groupShortNameExists);
    expect((await client(t, tok.owner).call('group.update', { body: { id: gid, visible: false } })).http).toBe(403);
    const after = (await t.database.db.select().from(groups).where(eq(groups.id, gid)))[0]!;
    expect(after).toEqual(before);
    // its own name again is fine
    expect((await client(t, tok.owner).call('group.update', { body: { id: gid, name: before.name } })).status).toBe(200);
  });
});

describe('the group avatar', () => {
  // a 1×1 PNG
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  function multipart(parts: { name: string; filename?: string; data: Buffer | string }[]) {
    const boundary = '----groupavatar';
    const chunks: Buffer[] = [];
    for (const p of parts) {
      const disp = p.filename ? `form-data; name="${p.name}"; filename="${p.filename}"` : `form-data; name="${p.name}"`;
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disp}\r\n${p.filename ? 'Content-Type: image/png\r\n' : ''}\r\n`));
      chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
      chunks.push(Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }
  const upload = async (token: string, gid: number, image: Buffer, filename = 'avatar.png') => {
    const m = multipart([
      { name: 'image', filename, data: image },
      { name: 'gid', data: String(gid) },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload-group-avatar',
      payload: m.payload,
      headers: { ...m.headers, authorization: token },
    });
    return { http: res.statusCode, ...(res.json() as { status: number; msg: string; data: any }) } as Pick<Call, 'http' | 'status' | 'msg' | 'data'>;
  };

  it('stores the image for the group root (gid after the image, as HOJ sends it) and serves it', async () => {
    const gid = await classGroup();
    const r = await upload(tok.groot!, gid, png);
    expect(r.status).toBe(200);
    expect(r.data.avatar).toMatch(/^\/api\/public\/files\/group-avatar\/[0-9a-f]{64}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: r.data.avatar });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
    expect((await client(t, tok.gmember).call('group.detail', { query: { gid } })).data.avatar).toBe(r.data.avatar);
  });

  it('refuses non-roots, other types, more than 2 MB, a missing file or gid, and changes nothing', async () => {
    const gid = await classGroup();
    for (const who of ['gadmin', 'gmember', 'stranger']) expect((await upload(tok[who]!, gid, png)).http, who).toBe(403);
    expect((await upload(tok.owner!, gid, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.svg')).msg).toBe(MSG.fileTypeNotSupport);
    expect((await upload(tok.owner!, gid, Buffer.from('not really a png'), 'a.png')).msg).toBe(MSG.fileTypeNotSupport);
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    expect((await upload(tok.owner!, gid, big)).msg).toBe(MSG.exceedMaxSize);
    const noFile = multipart([{ name: 'gid', data: String(gid) }]);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload-group-avatar',
      payload: noFile.payload,
      headers: { ...noFile.headers, authorization: tok.owner! },
    });
    expect(r.json().msg).toBe(MSG.fileMissing);
    const noGid = multipart([{ name: 'image', filename: 'avatar.png', data: png }]);
    const r2 = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload-group-avatar',
      payload: noGid.payload,
      headers: { ...noGid.headers, authorization: tok.owner! },
    });
    expect(r2.statusCode).toBe(400);
    expect((await t.database.db.select().from(groups).where(eq(groups.id, gid)))[0]!.avatar).toBeNull();
  });
});

describe('disbanding', () => {
  it('is for the owner or the super admin only, and takes everything of the group in one go', async () => {
    const gid = await classGroup();
    const pid = await createProblem(t, { problemId: `GRP${gid}-1`, title: 'Group problem', gid, isGroup: true });
    await t.database.db
      .insert(submissions)
      .values({ pid, displayPid: 'G1', uid: uid.gmember!, username: 'gmember', status: 0, language: 'C', code: 'int main(){}', gid });
    const [contest] = await t.database.db
      .insert(contests)
      .values({ title: 'Group contest', startTime: new Date(), endTime: new Date(Date.now() + 3600_000), gid })
      .returning({ id: contests.id });
    await t.database.db.insert(announcements).values({ title: 'Contest news', content: 'Problem A is fixed.', cid: contest!.id });
    for (const who of ['groot', 'gadmin', 'gmember', 'stranger']) {
      expect((await client(t, tok[who]).call('group.remove', { query: { gid } })).http, who).toBe(403);
    }
    expect((await t.database.db.select().from(groups).where(eq(groups.id, gid))).length).toBe(1);
    const r = await client(t, tok.owner).call('group.remove', { query: { gid } });
    expect(r.status).toBe(200);
    expect((await t.database.db.select().from(groups).where(eq(groups.id, gid))).length).toBe(0);
    expect((await t.database.db.select().from(groupMembers).where(eq(groupMembers.gid, gid))).length).toBe(0);
    expect((await t.database.db.select().from(problems).where(eq(problems.id, pid))).length).toBe(0);
    expect((await t.database.db.select().from(submissions).where(eq(submissions.gid, gid))).length).toBe(0);
    expect((await t.database.db.select().from(contests).where(eq(contests.id, contest!.id))).length).toBe(0);
    expect((await t.database.db.select().from(announcements).where(eq(announcements.cid, contest!.id))).length).toBe(0);
    expect((await client(t, tok.owner).call('group.detail', { query: { gid } })).msg).toBe(MSG.groupNotFound);
    expect((await client(t, tok.owner).call('group.remove', { query: { gid } })).msg).toBe(MSG.groupNotFound);
  });

  it('lets the super admin disband any group', async () => {
    const gid = await create(tok.other!);
    expect((await client(t, root).call('group.remove', { query: { gid } })).status).toBe(200);
    expect((await t.database.db.select().from(groups).where(eq(groups.id, gid))).length).toBe(0);
    expect((await del(t, '/api/group', { token: root, ...q({ gid: 'x' }) })).http).toBe(400);
  });
});

describe('bulk add', () => {
  let gid: number;
  beforeAll(async () => {
    gid = await classGroup();
  });
  const bulk = (usernames: string[], token?: string) => client(t, token).call('group.bulkAdd', { body: { gid, usernames } });
  /** lists the schema refuses (blank names only, too many, not a list) go in as literal bodies */
  const bulkRaw = (usernames: unknown, token: string) => post(t, '/api/group/member/batch', { gid, usernames }, { token });

  it('is for the group admins; bad lists are refused and change nothing', async () => {
    expect((await bulk(['stranger'])).http).toBe(401);
    for (const token of [tok.gmember!, tok.other!, tok.applying!]) expect((await bulk(['stranger'], token)).http).toBe(403);
    const empty = await bulkRaw(['', '  '], tok.gadmin!);
    expect([empty.http, empty.msg]).toEqual([400, MSG.groupBulkAddEmpty]);
    const many = await bulkRaw(
      Array.from({ length: 501 }, (_, i) => `user${i}`),
      tok.gadmin!,
    );
    expect([many.http, many.msg]).toEqual([400, formatMsg(MSG.groupBulkAddTooMany, { max: 500 })]);
    expect((await bulkRaw('stranger', tok.gadmin!)).http).toBe(400);
    expect(await levelOf(gid, 'stranger')).toBe(0);
  });

  it('adds the listed users as members and says who was added, who already was a member and who does not exist', async () => {
    const r = await bulk(['STRANGER', 'stranger', 'applying', 'refused', 'gmember', 'groot', 'nobody_x', 'other'], tok.gadmin);
    expect(r.status).toBe(200);
    expect(r.data).toEqual({ added: ['stranger', 'applying', 'refused', 'other'], alreadyMembers: ['gmember', 'groot'], notFound: ['nobody_x'] });
    for (const name of ['stranger', 'applying', 'refused', 'other', 'gmember']) expect(await levelOf(gid, name), name).toBe(GroupLevel.MEMBER);
    // levels above member stay as they are
    expect(await levelOf(gid, 'groot')).toBe(GroupLevel.ROOT);
    const again = await bulk(['stranger', 'other'], tok.gadmin);
    expect(again.data).toEqual({ added: [], alreadyMembers: ['stranger', 'other'], notFound: [] });
    // the super admin may too, outside the group
    expect((await bulk(['creator'], root)).data.added).toEqual(['creator']);
  });
});
