/**
 * Contest clarifications: participants ask while the contest runs, within the flood limits; the
 * contest's admins see every question (unanswered first) and answer privately or to everyone (then also
 * a contest announcement); a participant sees his own questions and the public answers; others are
 * refused. Messages and live events tell the contest's admins and the asker.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLARIFICATION_LIMITS, formatMsg, GroupLevel, type LiveEvent, MSG, Role } from '@oj/shared';
import { announcements, contestClarifications } from '../src/db/schema/index.js';
import { client } from './client.js';
import { createContest, iso } from './contest-helpers.js';
import { insertGroup } from './group-helpers.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, login, post, put, q, get, rootToken, shiftBack } from './helpers.js';
import { createProblem, testQueue } from './judge-helpers.js';
import { Stream } from './live-stream.js';

let t: TestApp;
let node: { app: TestApp['app']; base: string };
const tok: Record<string, string> = {};
let running: number;
let pA: number;

const c = (who: string) => client(t, who === 'visitor' ? null : tok[who]);
const ask = (who: string, cid: number, content: string, displayId?: string | null) =>
  c(who).call('contestClarification.ask', { body: { cid, content, ...(displayId === undefined ? {} : { displayId }) } });
const answer = (who: string, cid: number, id: number, text: string, isPublic = false, title?: string) =>
  c(who).call('contestClarification.answer', { body: { cid, id, answer: text, public: isPublic, ...(title ? { title } : {}) } });
const list = (who: string, cid: number) => c(who).call('contestClarification.list', { query: { cid } });
const unreadMine = async (who: string) => (await c(who).call('site.unread')).data.mine;
/** Lets the next question of everybody in the contest past the minimum interval. */
const waitOutInterval = (cid: number) => shiftBack(t, 'contest_clarification', 'gmt_create', CLARIFICATION_LIMITS.intervalSec + 1, `cid = ${cid}`);

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue() });
  node = { app: t.app, base: await t.app.listen({ port: 0, host: '127.0.0.1' }) };
  tok.root = await rootToken(t);
  await createUser(t, { username: 'cl_maker', roles: [Role.PROBLEM_ADMIN] });
  await createUser(t, { username: 'cl_admin', roles: [Role.ADMIN] });
  for (const u of ['cl_alice', 'cl_bob', 'cl_carol', 'cl_gowner', 'cl_gmember', 'cl_gadmin', 'cl_outsider']) await createUser(t, { username: u });
  for (const u of ['cl_maker', 'cl_admin', 'cl_alice', 'cl_bob', 'cl_carol', 'cl_gowner', 'cl_gmember', 'cl_gadmin', 'cl_outsider']) tok[u] = await login(t, u);
  pA = await createProblem(t, { problemId: 'CL100' });
  running = await createContest(t, tok.cl_maker!, { title: 'Clarified' }, [[pA, 'A']]);
});
afterAll(() => t.close());

describe('asking', () => {
  it('takes a question about a problem or the contest in general, and tells the contest maker', async () => {
    const before = await unreadMine('cl_maker');
    const r = await ask('cl_alice', running, '  Is *n* at most 10^5?  ', 'a');
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({
      cid: running,
      displayId: 'A',
      content: 'Is *n* at most 10^5?',
      answer: null,
      public: false,
      mine: true,
      username: 'cl_alice',
    });
    await waitOutInterval(running);
    const general = await ask('cl_bob', running, 'Is the contest extended?');
    expect(general.data).toMatchObject({ displayId: null, problemTitle: null, mine: true });
    expect(await unreadMine('cl_maker')).toBe(before + 2);
    const [message] = (await c('cl_maker').call('message.mine', { query: {} })).data.records;
    expect(message).toMatchObject({ title: MSG.mineClarificationAsked, content: 'Clarified: Is the contest extended?' });
  });

  it('refuses bad input with the catalogue messages', async () => {
    await waitOutInterval(running);
    expect((await ask('cl_carol', running, '   ')).msg).toBe(MSG.clarificationEmpty);
    expect((await ask('cl_carol', running, 'x'.repeat(CLARIFICATION_LIMITS.questionMax + 1))).msg).toBe(
      MSG.clarificationTooLong.replace('{max}', String(CLARIFICATION_LIMITS.questionMax)),
    );
    expect((await ask('cl_carol', running, 'About Z?', 'Z')).msg).toBe(MSG.contestProblemNotFound.replace('{displayId}', 'Z'));
    expect((await ask('cl_carol', 999999, 'Where?')).msg).toBe(MSG.contestNotFound);
    // no content at all, a wrong type: the body's schema refuses it
    const missing = await post(t, '/api/contest-clarification', { cid: running }, { token: tok.cl_carol });
    expect(missing.status).toBe(400);
    const wrongType = await post(t, '/api/contest-clarification', { cid: running, content: 42 }, { token: tok.cl_carol });
    expect(wrongType.status).toBe(400);
    expect(await t.database.db.select().from(contestClarifications).where(eq(contestClarifications.cid, 999999))).toEqual([]);
  });

  it('holds every user to a minimum interval and a number of unanswered questions per contest', async () => {
    const cid = await createContest(t, tok.cl_maker!, { title: 'Flood' }, []);
    expect((await ask('cl_carol', cid, 'First')).status).toBe(200);
    const fast = await ask('cl_carol', cid, 'Second');
    expect(fast.msg).toMatch(/^Asking too frequently, please wait \d+ seconds before asking again\.$/);
    // another user is not slowed down by Carol
    expect((await ask('cl_bob', cid, 'Mine')).status).toBe(200);
    for (let i = 2; i <= CLARIFICATION_LIMITS.openPerUser; i++) {
      await waitOutInterval(cid);
      expect((await ask('cl_carol', cid, `Question ${i}`)).status).toBe(200);
    }
    await waitOutInterval(cid);
    const tooMany = await ask('cl_carol', cid, 'One more');
    expect(tooMany.msg).toBe(MSG.clarificationTooMany.replace('{count}', String(CLARIFICATION_LIMITS.openPerUser)));
    // an answer frees a place
    const staff = await list('cl_maker', cid);
    const carols = staff.data.records.filter((r) => r.username === 'cl_carol');
    expect((await answer('cl_maker', cid, carols[0]!.id, 'Yes.')).status).toBe(200);
    expect((await ask('cl_carol', cid, 'One more')).status).toBe(200);
  });

  it('is closed before the start, after the end, to visitors and to those outside a private contest', async () => {
    const now = Date.now();
    const scheduled = await createContest(t, tok.cl_maker!, { startTime: iso(60, now), endTime: iso(120, now) }, []);
    const ended = await createContest(t, tok.cl_maker!, { startTime: iso(-120, now), endTime: iso(-60, now), allowEndSubmit: true }, []);
    const endedClosed = await createContest(t, tok.cl_maker!, { startTime: iso(-120, now), endTime: iso(-60, now) }, []);
    const priv = await createContest(t, tok.cl_maker!, { auth: 1, pwd: 'secret' }, []);
    expect((await ask('cl_outsider', scheduled, 'Now?')).msg).toBe(MSG.contestNotStarted);
    expect((await ask('cl_outsider', ended, 'Still?')).msg).toBe(MSG.clarificationClosed);
    expect((await ask('cl_outsider', endedClosed, 'Still?')).msg).toBe(MSG.contestEnded);
    expect((await ask('cl_outsider', priv, 'May I?')).msg).toBe(MSG.contestNotRegistered);
    expect((await list('cl_outsider', priv)).msg).toBe(MSG.contestNotRegistered);
    const visitor = await ask('visitor', running, 'Hello?');
    expect(visitor.http).toBe(401);
    expect((await get(t, '/api/get-contest-clarification', q({ cid: running }))).http).toBe(401);
    // once registered he asks
    expect((await c('cl_outsider').call('contest.register', { body: { cid: priv, password: 'secret' } })).status).toBe(200);
    expect((await ask('cl_outsider', priv, 'May I?')).status).toBe(200);
  });
});

describe('reading and answering', () => {
  let cid: number;
  let aliceQ: number;
  let bobQ: number;
  beforeAll(async () => {
    cid = await createContest(t, tok.cl_maker!, { title: 'Answers' }, [[pA, 'A']]);
    aliceQ = (await ask('cl_alice', cid, 'Alice asks', 'A')).data.id;
    bobQ = (await ask('cl_bob', cid, 'Bob asks')).data.id;
  });

  it('shows a participant his own questions only, the staff all of them', async () => {
    const alice = await list('cl_alice', cid);
    expect(alice.data.records.map((r) => r.id)).toEqual([aliceQ]);
    expect(alice.data).toMatchObject({ staff: false, open: 1, total: 1 });
    expect((await list('cl_carol', cid)).data.records).toEqual([]);
    const staff = await list('cl_maker', cid);
    expect(staff.data).toMatchObject({ staff: true, open: 2, total: 2 });
    expect(staff.data.records.map((r) => [r.id, r.username])).toEqual([
      [bobQ, 'cl_bob'],
      [aliceQ, 'cl_alice'],
    ]);
    // the super admin is staff of every contest, a site admin is not
    expect((await list('root', cid)).data.staff).toBe(true);
    expect((await list('cl_admin', cid)).data).toMatchObject({ staff: false, records: [] });
  });

  it('lets only the contest admins answer', async () => {
    for (const who of ['cl_alice', 'cl_bob', 'cl_admin']) expect([who, (await answer(who, cid, aliceQ, 'I know!')).http]).toEqual([who, 403]);
    expect((await answer('visitor', cid, aliceQ, 'x')).http).toBe(401);
    expect((await answer('cl_maker', cid, aliceQ, '  ')).msg).toBe(MSG.clarificationAnswerEmpty);
    expect((await answer('cl_maker', cid, aliceQ, 'y'.repeat(CLARIFICATION_LIMITS.answerMax + 1))).msg).toBe(
      MSG.clarificationAnswerTooLong.replace('{max}', String(CLARIFICATION_LIMITS.answerMax)),
    );
    expect((await answer('cl_maker', cid, 999999, 'x')).msg).toBe(MSG.clarificationNotFound);
    // a question of another contest is not found through this one
    expect((await answer('cl_maker', running, aliceQ, 'x')).msg).toBe(MSG.clarificationNotFound);
    const raw = await put(t, '/api/contest-clarification/answer', { cid, id: aliceQ, answer: 'x', public: 'yes' }, { token: tok.cl_maker });
    expect(raw.status).toBe(400);
    expect((await list('cl_alice', cid)).data.records[0]!.answer).toBeNull();
  });

  it('answers privately: the asker sees it and is told, nobody else sees it, no announcement', async () => {
    const before = await unreadMine('cl_alice');
    const r = await answer('cl_maker', cid, aliceQ, 'Yes, **at most** 10^5.');
    expect(r.data).toMatchObject({ answer: 'Yes, **at most** 10^5.', public: false, answeredBy: 'cl_maker', announcementId: null });
    expect(await unreadMine('cl_alice')).toBe(before + 1);
    expect((await list('cl_alice', cid)).data.records[0]).toMatchObject({ id: aliceQ, answer: 'Yes, **at most** 10^5.', mine: true });
    expect((await list('cl_alice', cid)).data.open).toBe(0);
    expect((await list('cl_bob', cid)).data.records.map((r) => r.id)).toEqual([bobQ]);
    expect((await c('cl_bob').call('contest.announcements', { query: { cid } })).data.total).toBe(0);
    // unanswered first for the staff
    expect((await list('cl_maker', cid)).data.records.map((r) => r.id)).toEqual([bobQ, aliceQ]);
  });

  it('answers to everyone: every participant sees it (without the asker), and it is a contest announcement', async () => {
    const r = await answer('cl_maker', cid, bobQ, 'No extension.', true, 'About the time');
    expect(r.data.public).toBe(true);
    const carol = await list('cl_carol', cid);
    expect(carol.data.records).toHaveLength(1);
    expect(carol.data.records[0]).toMatchObject({ id: bobQ, answer: 'No extension.', username: null, mine: false, content: 'Bob asks' });
    const anns = (await c('cl_carol').call('contest.announcements', { query: { cid } })).data;
    expect(anns.total).toBe(1);
    expect(anns.records[0]).toMatchObject({ id: r.data.announcementId, title: 'About the time', content: '> Bob asks\n\nNo extension.' });
    // answered again: the same announcement changes, it stays public even when asked to be private
    const again = await answer('cl_maker', cid, bobQ, 'No extension, sorry.', false);
    expect(again.data).toMatchObject({ public: true, announcementId: r.data.announcementId });
    const rows = await t.database.db.select().from(announcements).where(eq(announcements.cid, cid));
    expect(rows.map((a) => a.content)).toEqual(['> Bob asks\n\nNo extension, sorry.']);
    // Alice sees her own and the public one, newest first
    expect((await list('cl_alice', cid)).data.records.map((x) => x.id)).toEqual([bobQ, aliceQ]);
  });
});

describe('deleting', () => {
  it('lets only the contest admins delete a question; its asker may then ask again within his limit', async () => {
    const cid = await createContest(t, tok.cl_maker!, { title: 'Spam' }, [[pA, 'A']]);
    const ids: number[] = [];
    for (let i = 0; i < CLARIFICATION_LIMITS.openPerUser; i++) {
      await waitOutInterval(cid);
      const r = await ask('cl_carol', cid, `Spam ${i}?`);
      expect(r.status, r.msg).toBe(200);
      ids.push(r.data.id);
    }
    const remove = (who: string, id: number, at = cid) => c(who).call('contestClarification.remove', { query: { id, cid: at } });
    // the asker, another participant, a site admin who is not the contest's admin, a visitor: refused, nothing gone
    for (const who of ['cl_carol', 'cl_bob', 'cl_admin']) expect((await remove(who, ids[0]!)).http).toBe(403);
    expect((await remove('visitor', ids[0]!)).http).toBe(401);
    expect((await list('cl_maker', cid)).data.total).toBe(CLARIFICATION_LIMITS.openPerUser);
    // another contest's id, and one that does not exist
    expect((await remove('cl_maker', ids[0]!, running)).msg).toBe(MSG.clarificationNotFound);
    expect((await remove('cl_maker', 999999)).msg).toBe(MSG.clarificationNotFound);
    await waitOutInterval(cid);
    expect((await ask('cl_carol', cid, 'One more?')).msg).toBe(formatMsg(MSG.clarificationTooMany, { count: CLARIFICATION_LIMITS.openPerUser }));
    const asker = await Stream.open(node, tok.cl_carol!, { contest: cid });
    expect((await remove('cl_maker', ids[0]!)).status).toBe(200);
    // the asker's open tab is told (it refetches and the question is gone)
    await asker.until((e) => e.type === 'clarification' && e.cid === cid);
    asker.close();
    expect((await list('cl_carol', cid)).data.records.map((x) => x.id)).toEqual(ids.slice(1).reverse());
    expect((await list('cl_maker', cid)).data.open).toBe(CLARIFICATION_LIMITS.openPerUser - 1);
    await waitOutInterval(cid);
    expect((await ask('cl_carol', cid, 'One more now?')).status).toBe(200);
  });
});

describe('group contests', () => {
  it('are asked by the group members and answered by the group root, not by its other admins', async () => {
    const gid = await insertGroup(t, { owner: 'cl_gowner', members: { cl_gmember: GroupLevel.MEMBER, cl_gadmin: GroupLevel.ADMIN } });
    const made = await c('cl_gadmin').call('groupContest.create', {
      body: { title: 'Group round', description: 'x', startTime: iso(-10), endTime: iso(60), type: 0, auth: 0, gid },
    });
    const cid = made.data.id;
    const before = await unreadMine('cl_gowner');
    const r = await ask('cl_gmember', cid, 'In the group?');
    expect(r.status).toBe(200);
    // the contest's creator and the group's owner are told
    expect(await unreadMine('cl_gowner')).toBe(before + 1);
    expect((await ask('cl_outsider', cid, 'Me too?')).msg).toBe(MSG.groupNotMember);
    expect((await list('cl_outsider', cid)).msg).toBe(MSG.groupNotMember);
    // the creator (a group admin) administers his contest; another group admin would not
    expect((await answer('cl_gmember', cid, r.data.id, 'x')).http).toBe(403);
    expect((await answer('cl_gowner', cid, r.data.id, 'Yes.', true)).status).toBe(200);
    expect((await list('cl_gmember', cid)).data.records[0]).toMatchObject({ answer: 'Yes.', public: true });
  });
});

describe('live', () => {
  it('tells the staff of a question, the asker of his private answer, everyone of a public one', async () => {
    const cid = await createContest(t, tok.cl_maker!, { title: 'Live' }, []);
    const staff = await Stream.open(node, tok.cl_maker!, { contest: cid });
    const alice = await Stream.open(node, tok.cl_alice!, { contest: cid });
    const bob = await Stream.open(node, tok.cl_bob!, { contest: cid });
    const isClar = (e: LiveEvent) => e.type === 'clarification' && e.cid === cid;
    const id = (await ask('cl_alice', cid, 'Live?')).data.id;
    await staff.until(isClar);
    await alice.until(isClar);
    await answer('cl_maker', cid, id, 'Privately yes.');
    await waitFor(() => alice.events.filter(isClar).length === 2);
    // Bob hears the public answer (and its announcement); had he heard the private events they would be before it
    await answer('cl_maker', cid, id, 'Publicly yes.', true);
    await bob.until(isClar);
    await bob.until((e) => e.type === 'announcement' && e.cid === cid);
    expect(bob.events.filter(isClar)).toHaveLength(1);
    for (const s of [staff, alice, bob]) s.close();
  });
});

async function waitFor(cond: () => boolean) {
  while (!cond()) await new Promise((r) => setTimeout(r, 20));
}
