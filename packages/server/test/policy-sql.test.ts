/**
 * The lists' SQL held to the policy: each list route (the problem bank, /contest, /training, /group, and
 * a group's problem, contest and training tabs) is called by actors of every kind over rows of every
 * visibility, and the ids it returns must be exactly the rows of the table for which `may(actor, 'list',
 * row)` is true — for a group's tab also `may(actor, 'view', group)`, since the group is opened first.
 * A refused call (a visitor, an outsider) counts as an empty list. The facts are read from the tables and
 * the actors' group standing from group_member, not through the server's own helpers. Every listed row
 * must also open (`view`), except a group's card for a visitor (opening a group needs a login).
 * Submission lists too: /status (and its "only mine"), a group's status tab and a contest's, over
 * submissions on problems of every kind, of every submitter, in contests before and after the start.
 * And the SQL forms of a rule used inside queries (`contestStaff`: `administer` on a contest).
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupLevel, may, ProblemAuth, Role, type Actor, type GroupLevelValue, type Resource } from '@oj/shared';
import { contests, groupMembers, groups, problems, submissions, trainings, userRoles, users } from '../src/db/schema/index.js';
import { contestStaff } from '../src/modules/contest/board.js';
import { insertGroup } from './group-helpers.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, get, login, q, rootToken } from './helpers.js';

let t: TestApp;

/** The actors: name → login name (null: a visitor). Group roles are of group `shown`; `outsider` is in no group. */
const ACTORS = {
  visitor: null,
  user: 'ps_user',
  problemAdmin: 'ps_padmin',
  admin: 'ps_admin',
  superAdmin: 'root',
  groupMember: 'ps_gmember',
  groupAdmin: 'ps_gadmin',
  /** level 5 in the groups, not their owner */
  groupRoot: 'ps_groot',
  groupOwner: 'ps_gowner',
  /** applied to the groups, not accepted: no member */
  applicant: 'ps_applying',
  outsider: 'ps_outsider',
} as const;
type ActorName = keyof typeof ACTORS;

const tokens = new Map<ActorName, string | null>();
const gids = { shown: 0, hidden: 0, disabled: 0 };

beforeAll(async () => {
  t = await createTestApp();
  const roles: Record<string, number> = { ps_padmin: Role.PROBLEM_ADMIN, ps_admin: Role.ADMIN };
  for (const name of ['ps_user', 'ps_padmin', 'ps_admin', 'ps_gmember', 'ps_gadmin', 'ps_groot', 'ps_gowner', 'ps_outsider', 'ps_applying']) {
    await createUser(t, { username: name, roles: [roles[name] ?? Role.USER] });
  }
  const members: Record<string, GroupLevelValue> = {
    ps_gmember: GroupLevel.MEMBER,
    ps_gadmin: GroupLevel.ADMIN,
    ps_groot: GroupLevel.ROOT,
    ps_applying: GroupLevel.APPLYING,
  };
  gids.shown = await insertGroup(t, { owner: 'ps_gowner', members });
  gids.hidden = await insertGroup(t, { owner: 'ps_gowner', members });
  gids.disabled = await insertGroup(t, { owner: 'ps_gowner', members });
  await t.database.db.update(groups).set({ visible: false }).where(eq(groups.id, gids.hidden));
  await t.database.db.update(groups).set({ status: 1 }).where(eq(groups.id, gids.disabled));

  const author = 'ps_gadmin';
  const authorUid = (await t.database.db.select({ uid: users.uid }).from(users).where(eq(users.username, author)))[0]!.uid;
  const start = new Date(Date.now() - 3600_000);
  const end = new Date(Date.now() + 3600_000);
  let n = 0;
  for (const gid of [null, gids.shown, gids.hidden, gids.disabled]) {
    for (const auth of [ProblemAuth.PUBLIC, ProblemAuth.HIDDEN, ProblemAuth.CONTEST]) {
      n += 1;
      await t.database.db.insert(problems).values({ problemId: `PS-${n}`, title: `Policy ${n}`, author, auth, gid, isGroup: gid !== null });
    }
    for (const visible of [true, false]) {
      await t.database.db
        .insert(contests)
        .values({ title: `Policy contest ${gid}/${visible}`, uid: authorUid, author, gid, visible, startTime: start, endTime: end });
      await t.database.db.insert(trainings).values({ title: `Policy training ${gid}/${visible}`, uid: authorUid, author, gid, status: visible });
    }
  }
  await insertSubmissions(start);
  for (const [name, username] of Object.entries(ACTORS) as [ActorName, string | null][]) {
    tokens.set(name, username === null ? null : username === 'root' ? await rootToken(t) : await login(t, username));
  }
});
afterAll(() => t?.close());

/** A deleted problem's id: its submissions stay (the problem row is gone). */
const GONE_PID = 987_654;

/**
 * Submissions of two submitters (a plain user and a group member) on every problem (and a deleted one)
 * outside contests, and in every contest one made before the start (an admin's test) and ones after it.
 */
async function insertSubmissions(start: Date) {
  const uid = async (username: string) => (await t.database.db.select({ uid: users.uid }).from(users).where(eq(users.username, username)))[0]!.uid;
  const by = { ps_user: await uid('ps_user'), ps_gmember: await uid('ps_gmember') };
  const row = (username: keyof typeof by, pid: number, gid: number | null, o: { cid?: number; submitTime?: Date } = {}) => ({
    pid,
    displayPid: `S${pid}`,
    uid: by[username],
    username,
    gid,
    language: 'C',
    code: 'int main(){}',
    ...o,
  });
  const rows = [row('ps_user', GONE_PID, null)];
  for (const p of await t.database.db.select().from(problems)) rows.push(row('ps_user', p.id, p.gid), row('ps_gmember', p.id, p.gid));
  const pid = (await t.database.db.select().from(problems))[0]!.id;
  for (const c of await t.database.db.select().from(contests)) {
    const after = new Date(start.getTime() + 60_000);
    rows.push(row('ps_gmember', pid, c.gid, { cid: c.id, submitTime: new Date(start.getTime() - 60_000) }));
    rows.push(row('ps_gmember', pid, c.gid, { cid: c.id, submitTime: after }), row('ps_user', pid, c.gid, { cid: c.id, submitTime: after }));
  }
  await t.database.db.insert(submissions).values(rows);
}

/** The actor as the policy sees him in group `gid` (null: outside groups), read from the tables. */
async function actorFor(name: ActorName, gid: number | null): Promise<Actor | null> {
  const username = ACTORS[name];
  if (username === null) return null;
  const [u] = await t.database.db.select({ uid: users.uid }).from(users).where(eq(users.username, username));
  const roles = (await t.database.db.select({ r: userRoles.roleId }).from(userRoles).where(eq(userRoles.uid, u!.uid))).map((r) => r.r);
  const actor: Actor = { uid: u!.uid, username, roles };
  if (gid === null) return actor;
  const [m] = await t.database.db
    .select({ level: groupMembers.auth })
    .from(groupMembers)
    .where(and(eq(groupMembers.gid, gid), eq(groupMembers.uid, u!.uid)));
  const [g] = await t.database.db.select({ ownerUid: groups.ownerUid }).from(groups).where(eq(groups.id, gid));
  return { ...actor, groupLevel: (m?.level ?? null) as GroupLevelValue | null, groupOwner: g?.ownerUid === u!.uid };
}

/** Every id a list route returns for the actor, page by page (a refused call: none). */
async function listed(path: string, name: ActorName, key: string, extra: Record<string, number> = {}): Promise<number[]> {
  const out: number[] = [];
  for (let page = 1; ; page++) {
    const r = await get(t, `/api/${path}`, { token: tokens.get(name), ...q({ currentPage: page, limit: 100, ...extra }) });
    // Refused: a visitor (401), an outsider (403 groupNotMember), a group not shown to him (groupNotFound).
    // A contest's submissions: a visitor (401), a contest not shown to him (404 contestNotFound).
    if (r.status === 401 || r.status === 403 || r.status === 400 || r.status === 404) return out;
    expect(r.status, `${path} as ${name}: ${r.msg}`).toBe(200);
    const records = r.data.records as Record<string, number>[];
    out.push(...records.map((x) => x[key]!));
    if (!records.length || out.length >= r.data.total) return out.sort((a, b) => a - b);
  }
}

type Row = { id: number; gid: number | null; resource: Resource };

const problemRows = async (): Promise<Row[]> =>
  (await t.database.db.select().from(problems)).map((p) => ({
    id: p.id,
    gid: p.gid,
    resource: { kind: 'problem', author: p.author, gid: p.gid, auth: p.auth, isGroup: p.isGroup },
  }));
const contestRows = async (): Promise<Row[]> =>
  (await t.database.db.select().from(contests)).map((c) => ({
    id: c.id,
    gid: c.gid,
    resource: { kind: 'contest', uid: c.uid, gid: c.gid, visible: c.visible },
  }));
const trainingRows = async (): Promise<Row[]> =>
  (await t.database.db.select().from(trainings)).map((x) => ({
    id: x.id,
    gid: x.gid,
    resource: { kind: 'training', uid: x.uid, gid: x.gid, visible: x.status },
  }));
const groupRows = async (): Promise<Row[]> => (await t.database.db.select().from(groups)).map((g) => ({ id: g.id, gid: null, resource: groupResource(g) }));
const groupResource = (g: typeof groups.$inferSelect): Resource => ({ kind: 'group', ownerUid: g.ownerUid ?? '', visible: g.visible, status: g.status });

/**
 * The rows the policy lists to the actor in a place: the site's lists hold the rows of no group, a
 * group's tab the rows of that group, once the group opens to him.
 */
async function expected(name: ActorName, rows: Row[], tabOf: number | null): Promise<number[]> {
  const out: number[] = [];
  const group = tabOf === null ? null : (await t.database.db.select().from(groups).where(eq(groups.id, tabOf)))[0]!;
  for (const row of rows) {
    if (row.gid !== tabOf) continue;
    const actor = await actorFor(name, row.gid);
    if (group && !may(actor, 'view', groupResource(group))) continue;
    if (may(actor, 'list', row.resource)) out.push(row.id);
  }
  return out.sort((a, b) => a - b);
}

const NAMES = Object.keys(ACTORS) as ActorName[];

type SubmissionRow = Row & { cid: number; uid: string };

/** The submissions as the policy reads them: outside contests with their problem's auth, in a contest with the contest. */
async function submissionRows(): Promise<SubmissionRow[]> {
  const auth = new Map((await t.database.db.select().from(problems)).map((p) => [p.id, p.auth]));
  const contest = new Map((await t.database.db.select().from(contests)).map((c) => [c.id, c]));
  return (await t.database.db.select().from(submissions)).map((s) => {
    const c = contest.get(s.cid);
    const resource: Resource = c
      ? { kind: 'submission', uid: s.uid, gid: s.gid, contest: { uid: c.uid, gid: c.gid, visible: c.visible, beforeStart: s.submitTime < c.startTime } }
      : { kind: 'submission', uid: s.uid, gid: s.gid, problem: auth.has(s.pid) ? { auth: auth.get(s.pid)! } : null };
    return { id: s.submitId, gid: s.gid, cid: s.cid, uid: s.uid, resource };
  });
}

const uidOfActor = async (name: ActorName) => (await actorFor(name, null))?.uid;

describe('submission lists return exactly the rows the policy lists', () => {
  it('/status: the rows of no group outside contests; "only mine": his own, which he may view', async () => {
    const rows = (await submissionRows()).filter((r) => r.cid === 0);
    for (const name of NAMES) {
      expect(await listed('get-submission-list', name, 'submitId'), `/status as ${name}`).toEqual(await expected(name, rows, null));
      const me = await uidOfActor(name);
      const actor = await actorFor(name, null);
      const mine = rows.filter((r) => r.gid === null && r.uid === me && may(actor, 'view', r.resource)).map((r) => r.id);
      expect(await listed('get-submission-list', name, 'submitId', { onlyMine: 1 }), `only mine as ${name}`).toEqual(mine.sort((a, b) => a - b));
    }
  });

  it("a group's status tab: its rows outside contests", async () => {
    const rows = (await submissionRows()).filter((r) => r.cid === 0);
    for (const group of ['shown', 'hidden', 'disabled'] as const) {
      const gid = gids[group];
      for (const name of NAMES) {
        expect(await listed('get-submission-list', name, 'submitId', { gid }), `the ${group} group's status as ${name}`).toEqual(
          await expected(name, rows, gid),
        );
      }
    }
  });

  it("a contest's submissions, for those inside the contest (a login, the contest and its group shown to them)", async () => {
    const rows = await submissionRows();
    for (const c of await t.database.db.select().from(contests)) {
      const group = c.gid === null ? null : (await t.database.db.select().from(groups).where(eq(groups.id, c.gid)))[0]!;
      for (const name of NAMES) {
        const actor = await actorFor(name, c.gid);
        const inside =
          !!actor &&
          (!group || may(actor, 'view', groupResource(group))) &&
          may(actor, 'view', { kind: 'contest', uid: c.uid, gid: c.gid, visible: c.visible });
        const want = inside ? rows.filter((r) => r.cid === c.id && may(actor, 'list', r.resource)).map((r) => r.id) : [];
        expect(await listed('contest-submissions', name, 'submitId', { contestID: c.id }), `contest ${c.title} as ${name}`).toEqual(want.sort((a, b) => a - b));
      }
    }
  });
});

describe('site lists return exactly the rows the policy lists', () => {
  const lists: [string, string, string, () => Promise<Row[]>][] = [
    ['the problem bank', 'get-problem-list', 'pid', problemRows],
    ['the contest list', 'get-contest-list', 'id', contestRows],
    ['the training list', 'get-training-list', 'id', trainingRows],
    ['the group list', 'get-group-list', 'id', groupRows],
  ];
  for (const [what, path, key, rows] of lists) {
    it(what, async () => {
      for (const name of NAMES) {
        expect(await listed(path, name, key), `${what} as ${name}`).toEqual(await expected(name, await rows(), null));
      }
    });
  }
});

describe("a group's tabs return exactly the rows the policy lists", () => {
  const tabs: [string, string, () => Promise<Row[]>][] = [
    ["the group's problems", 'group/get-problem-list', problemRows],
    ["the group's contests", 'group/get-contest-list', contestRows],
    ["the group's trainings", 'group/get-training-list', trainingRows],
  ];
  for (const [what, path, rows] of tabs) {
    it(what, async () => {
      for (const group of ['shown', 'hidden', 'disabled'] as const) {
        const gid = gids[group];
        for (const name of NAMES) {
          expect(await listed(path, name, 'id', { gid }), `${what} of the ${group} group as ${name}`).toEqual(await expected(name, await rows(), gid));
        }
      }
    });
  }
});

describe('what a list shows opens', () => {
  it('every listed row is one the actor may view (a group card for a visitor excepted: opening needs a login)', async () => {
    const all = [...(await problemRows()), ...(await contestRows()), ...(await trainingRows()), ...(await groupRows())];
    for (const name of NAMES) {
      for (const row of all) {
        const actor = await actorFor(name, row.gid);
        if (!may(actor, 'list', row.resource)) continue;
        if (name === 'visitor' && row.resource.kind === 'group') continue;
        expect(may(actor, 'view', row.resource), `${name} lists but may not view ${row.resource.kind} ${row.id}`).toBe(true);
      }
    }
  });
});

describe('SQL forms of a rule inside queries agree with the policy', () => {
  it("contestStaff: the contest's admins (`administer`), for every actor on contests of the site and of groups", async () => {
    const all = await t.database.db.select().from(contests);
    expect(all.some((c) => c.gid === null) && all.some((c) => c.gid !== null)).toBe(true);
    for (const c of all) {
      for (const name of NAMES) {
        const actor = await actorFor(name, c.gid);
        if (!actor) continue;
        const { rows } = await t.database.db.execute<{ staff: boolean }>(sql`select ${contestStaff(sql`${actor.uid}::text`, c)} as staff`);
        expect(rows[0]!.staff, `${name} on ${c.title}`).toBe(may(actor, 'administer', { kind: 'contest', uid: c.uid, gid: c.gid }));
      }
    }
  });
});
