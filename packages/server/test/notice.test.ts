/** Admin notices: the super admin's calls, recipients by type, delivery once however many jobs run at once, edits and deletes of delivered notices. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, Role } from '@oj/shared';
import { userSysNotices } from '../src/db/schema/index.js';
import { connect, type Database } from '../src/db/client.js';
import { deliverNotices, startNoticeDelivery } from '../src/modules/message/notice-delivery.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, login, post, rootToken, uidOf } from './helpers.js';
import { client } from './client.js';

let t: TestApp;
/** a second connection pool: another API node running the job at the same time */
let node2: Database;
let root: string;
let admin: string;
let ann: string;

const sysOf = (token: string) => client(t, token).call('message.sys', { query: { limit: 50 } });
const copiesOf = async (noticeId: number) =>
  t.database.db
    .select({ uid: userSysNotices.recipientId, title: userSysNotices.title, content: userSysNotices.content })
    .from(userSysNotices)
    .where(eq(userSysNotices.sysNoticeId, noticeId));

beforeAll(async () => {
  t = await createTestApp();
  node2 = connect(t.config.databaseUrl!, 4);
  root = await rootToken(t);
  await createUser(t, { username: 'admin1', roles: [Role.ADMIN] });
  await createUser(t, { username: 'padmin', roles: [Role.PROBLEM_ADMIN] });
  await createUser(t, { username: 'ann' });
  await createUser(t, { username: 'Bob' });
  await createUser(t, { username: 'gone', status: 1 });
  [admin, ann] = await Promise.all(['admin1', 'ann'].map((u, i) => login(t, u, 'password1', `10.3.0.${i + 1}`)));
});

afterAll(async () => {
  await node2.close();
  await t.close();
});

describe('admin notices', () => {
  it('are the super admin’s', async () => {
    const body = { title: 'Hi', content: 'Hello', type: 'All' as const };
    expect((await client(t).call('adminNotice.list')).http).toBe(401);
    for (const token of [admin, ann]) {
      expect((await client(t, token).call('adminNotice.list')).http).toBe(403);
      expect((await client(t, token).call('adminNotice.add', { body })).http).toBe(403);
    }
    const made = await client(t, root).call('adminNotice.add', { body });
    expect(made.status).toBe(200);
    expect((await client(t, root).call('adminNotice.remove', { query: { id: made.data.id } })).status).toBe(200);
  });

  it('refuse unknown and missing recipients of a Single notice, and bad fields', async () => {
    const unknown = await client(t, root).call('adminNotice.add', { body: { title: 'T', content: 'C', type: 'Single', recipients: ['ann', 'nobody'] } });
    expect([unknown.status, unknown.msg]).toEqual([400, 'The username nobody does not exist.']);
    const empty = await client(t, root).call('adminNotice.add', { body: { title: 'T', content: 'C', type: 'Single', recipients: [] } });
    expect([empty.status, empty.msg]).toEqual([400, MSG.noticeRecipientsEmpty]);
    for (const bad of [
      { title: '  ', content: 'C', type: 'All' },
      { title: 'T', content: 'C', type: 'Everyone' },
    ])
      expect((await post(t, '/api/admin/msg/notice', bad, { token: root })).http).toBe(400);
    expect((await client(t, root).call('adminNotice.update', { body: { id: 999999, title: 'T', content: 'C', type: 'All' } })).msg).toBe(MSG.noticeNotFound);
    expect((await client(t, root).call('adminNotice.remove', { query: { id: 999999 } })).msg).toBe(MSG.noticeNotFound);
  });

  it('reach All (not disabled users), Single (the chosen users) and Admin (admin roles) once, under two concurrent runs', async () => {
    const all = (await client(t, root).call('adminNotice.add', { body: { title: 'Maintenance', content: 'At **noon**', type: 'All' } })).data;
    const single = (
      await client(t, root).call('adminNotice.add', { body: { title: 'For you', content: 'Only you', type: 'Single', recipients: ['ANN', 'bob', 'ann'] } })
    ).data;
    const admins = (await client(t, root).call('adminNotice.add', { body: { title: 'Staff', content: 'Meeting', type: 'Admin' } })).data;
    expect(single).toMatchObject({ type: 'Single', recipients: ['ann', 'Bob'], state: false, adminName: 'root' });
    // nothing is delivered before the job runs
    expect((await sysOf(ann)).data.total).toBe(0);

    const runs = await Promise.all([deliverNotices(t.database.db), deliverNotices(node2.db), deliverNotices(t.database.db)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(3);
    expect(await deliverNotices(t.database.db)).toBe(0);

    const uids = async (names: string[]) => (await Promise.all(names.map((n) => uidOf(t, n)))).sort();
    expect((await copiesOf(all.id)).map((c) => c.uid).sort()).toEqual(await uids(['root', 'admin1', 'padmin', 'ann', 'Bob']));
    expect((await copiesOf(single.id)).map((c) => c.uid).sort()).toEqual(await uids(['ann', 'Bob']));
    expect((await copiesOf(admins.id)).map((c) => c.uid).sort()).toEqual(await uids(['root', 'admin1', 'padmin']));

    expect((await client(t, ann).call('site.unread')).data.sys).toBe(2);
    const sys = (await sysOf(ann)).data;
    expect(sys.records.map((m) => m.title)).toEqual(['For you', 'Maintenance']);
    expect(sys.records[1]).toMatchObject({ content: 'At **noon**', state: false });
    expect((await client(t, ann).call('site.unread')).data.sys).toBe(0);

    const listed = (await client(t, root).call('adminNotice.list', { query: { type: 'Single' } })).data;
    expect(listed.records.map((n) => [n.id, n.state])).toEqual([[single.id, true]]);
  });

  it('edited after delivery change the delivered copies (not their recipients); deleted, the copies go too', async () => {
    const n = (await client(t, root).call('adminNotice.add', { body: { title: 'Draft', content: 'v1', type: 'Single', recipients: ['ann'] } })).data;
    // before delivery everything may change
    const edited = await client(t, root).call('adminNotice.update', { body: { id: n.id, title: 'Final', content: 'v2', type: 'Single', recipients: ['Bob'] } });
    expect(edited.data).toMatchObject({ title: 'Final', recipients: ['Bob'], state: false });
    await deliverNotices(t.database.db);
    expect((await copiesOf(n.id)).map((c) => c.uid)).toEqual([await uidOf(t, 'Bob')]);

    const after = await client(t, root).call('adminNotice.update', { body: { id: n.id, title: 'Final!', content: 'v3', type: 'All', recipients: [] } });
    expect(after.data).toMatchObject({ title: 'Final!', content: 'v3', type: 'Single', recipients: ['Bob'], state: true });
    expect(await copiesOf(n.id)).toEqual([{ uid: await uidOf(t, 'Bob'), title: 'Final!', content: 'v3' }]);

    expect((await client(t, root).call('adminNotice.remove', { query: { id: n.id } })).status).toBe(200);
    expect(await copiesOf(n.id)).toEqual([]);
  });

  it('"send now" delivers one notice at once, once, whatever the hourly job does; only the super admin may', async () => {
    const send = (id: number, token?: string) => client(t, token).call('adminNotice.sendNow', { body: { id } });
    const n = (await client(t, root).call('adminNotice.add', { body: { title: 'Now', content: 'right now', type: 'Single', recipients: ['ann', 'Bob'] } }))
      .data;
    const other = (await client(t, root).call('adminNotice.add', { body: { title: 'Waits', content: 'for the hour', type: 'Single', recipients: ['ann'] } }))
      .data;
    expect((await send(n.id)).http).toBe(401);
    for (const token of [admin, ann]) expect((await send(n.id, token)).http).toBe(403);
    expect(await copiesOf(n.id)).toEqual([]);
    const missing = await send(999999, root);
    expect([missing.status, missing.msg]).toEqual([404, MSG.noticeNotFound]);
    expect((await post(t, '/api/admin/msg/notice/send', { id: 'x' }, { token: root })).http).toBe(400);

    const sent = await send(n.id, root);
    expect(sent.status).toBe(200);
    expect(sent.data).toMatchObject({ id: n.id, state: true, title: 'Now' });
    expect((await copiesOf(n.id)).map((c) => c.uid).sort()).toEqual((await Promise.all(['ann', 'Bob'].map((u) => uidOf(t, u)))).sort());
    expect((await sysOf(ann)).data.records[0]).toMatchObject({ title: 'Now', content: 'right now' });
    // only that notice went out
    expect(await copiesOf(other.id)).toEqual([]);
    // again, and the hourly job after it: nothing new
    expect((await send(n.id, root)).data.state).toBe(true);
    expect(await deliverNotices(t.database.db)).toBe(1); // the other one
    expect(await copiesOf(n.id)).toHaveLength(2);

    // "send now" racing the job on another node: one copy per recipient
    const race = (await client(t, root).call('adminNotice.add', { body: { title: 'Race', content: 'r', type: 'All' } })).data;
    const [viaJob, viaButton] = await Promise.all([deliverNotices(node2.db), send(race.id, root)]);
    expect(viaButton.data.state).toBe(true);
    expect(viaJob).toBeLessThanOrEqual(1);
    const copies = (await copiesOf(race.id)).map((c) => c.uid);
    expect(new Set(copies).size).toBe(copies.length);
    expect(copies).toHaveLength(5);
  });

  it('are delivered by the job each node starts, first soon after the start, then on its interval; stopping ends it', async () => {
    const errors: unknown[] = [];
    const stops = [t.database.db, node2.db].map((db) => startNoticeDelivery(db, (e) => errors.push(e), { firstMs: 20, everyMs: 100 }));
    const n = (await client(t, root).call('adminNotice.add', { body: { title: 'Job', content: 'by the job', type: 'Single', recipients: ['ann'] } })).data;
    const deadline = Date.now() + 5000;
    while ((await copiesOf(n.id)).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await Promise.all(stops.map((stop) => stop()));
    expect(await copiesOf(n.id)).toEqual([{ uid: await uidOf(t, 'ann'), title: 'Job', content: 'by the job' }]);
    expect(errors).toEqual([]);
    // stopped: a new notice waits for the next start
    const later = (await client(t, root).call('adminNotice.add', { body: { title: 'Later', content: 'x', type: 'Single', recipients: ['ann'] } })).data;
    await new Promise((r) => setTimeout(r, 300));
    expect(await copiesOf(later.id)).toEqual([]);
  });
});
