/** The remote judges' account pool: the super admin's calls, passwords sealed and never answered, clear refusals. */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, Role } from '@oj/shared';
import { connect } from '../src/db/client.js';
import { remoteAccounts } from '../src/db/schema/index.js';
import { getSecrets, openText, sealText } from '../src/lib/secrets.js';
import { client } from './client.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, del, get, login, post, put, rootToken } from './helpers.js';

let t: TestApp;
let root: string;
let admin: string;
let user: string;

const SECRET = 'hunter2-remote-password';
const as = (token: string | null) => client(t, token);
const stored = async (id: number) => (await t.database.db.select().from(remoteAccounts).where(eq(remoteAccounts.id, id)))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  root = await rootToken(t);
  await createUser(t, { username: 'admin1', roles: [Role.ADMIN] });
  await createUser(t, { username: 'ann' });
  [admin, user] = await Promise.all([login(t, 'admin1', 'password1', '10.4.0.1'), login(t, 'ann', 'password1', '10.4.0.2')]);
});

afterAll(() => t.close());

describe('remote judge accounts', () => {
  it('are the super admin’s: a visitor, a user and an admin are refused, and nothing is added', async () => {
    const body = { oj: 'HDU' as const, username: 'pool1', password: SECRET };
    expect((await as(null).call('adminRemoteAccount.list')).http).toBe(401);
    for (const token of [user, admin]) {
      expect((await as(token).call('adminRemoteAccount.list')).http).toBe(403);
      expect((await as(token).call('adminRemoteAccount.add', { body })).http).toBe(403);
      expect((await as(token).call('adminRemoteAccount.remove', { query: { id: 1 } })).http).toBe(403);
    }
    expect(await t.database.db.select().from(remoteAccounts)).toHaveLength(0);
  });

  it('seal the password: no answer carries it, the database holds it only sealed', async () => {
    const added = await as(root).call('adminRemoteAccount.add', { body: { oj: 'HDU', username: 'pool1', password: SECRET } });
    expect(added.status).toBe(200);
    expect(added.data).toMatchObject({ oj: 'HDU', username: 'pool1', state: 'free', lastError: null, lastUsedAt: null });
    expect(added.res.payload).not.toContain(SECRET);
    expect(Object.keys(added.data).sort()).toEqual(['createdAt', 'id', 'lastError', 'lastUsedAt', 'oj', 'state', 'username']);
    const listed = await as(root).call('adminRemoteAccount.list');
    expect(listed.res.payload).not.toContain(SECRET);
    expect(listed.data.map((a) => a.username)).toEqual(['pool1']);

    const row = await stored(added.data.id);
    expect(JSON.stringify(row)).not.toContain(SECRET);
    const { remoteKey } = await getSecrets(t.database);
    expect(openText(remoteKey, row.passwordSealed)).toBe(SECRET);
  });

  it('refuse a second account of the same name on one site (whatever its case), but not on another site', async () => {
    const again = await as(root).call('adminRemoteAccount.add', { body: { oj: 'HDU', username: 'POOL1', password: 'x' } });
    expect(again.msg).toBe(MSG.remoteAccountExists.replace('{oj}', 'HDU').replace('{username}', 'POOL1'));
    const elsewhere = await as(root).call('adminRemoteAccount.add', { body: { oj: 'POJ', username: 'pool1', password: 'x' } });
    expect(elsewhere.status).toBe(200);
    expect((await as(root).call('adminRemoteAccount.list', { query: { oj: 'POJ' } })).data.map((a) => a.oj)).toEqual(['POJ']);
    expect((await as(root).call('adminRemoteAccount.list')).data).toHaveLength(2);
  });

  it('refuse bad input with a message naming the field, and change nothing', async () => {
    const before = await t.database.db.select().from(remoteAccounts);
    for (const body of [
      { oj: 'XX', username: 'a', password: 'b' },
      { oj: 'CF', username: '   ', password: 'b' },
      { oj: 'CF', username: 'a', password: '' },
      { oj: 'CF', username: 'a'.repeat(101), password: 'b' },
      { oj: 'CF', username: 'a', password: 'b'.repeat(201) },
      { oj: 'CF', username: 'a' },
    ]) {
      const r = await post(t, '/api/admin/switch/remote-account', body, { token: root });
      expect(r.http, JSON.stringify(body)).toBe(400);
      expect(r.msg).toMatch(/^(oj|username|password):/);
    }
    expect((await del(t, '/api/admin/switch/remote-account', { token: root, query: { id: 'x' } })).http).toBe(400);
    const badSite = await get(t, '/api/admin/switch/remote-accounts', { token: root, query: { oj: 'XX' } });
    expect(badSite.http).toBe(400);
    expect(badSite.msg).toMatch(/^oj:/);
    expect((await put(t, '/api/admin/switch/remote-account', { id: 0, username: 'a' }, { token: root })).http).toBe(400);
    expect(await t.database.db.select().from(remoteAccounts)).toEqual(before);
  });

  it('rename keeping the password, or set a new one; a changed account is free and forgets its session and error', async () => {
    const made = (await as(root).call('adminRemoteAccount.add', { body: { oj: 'CF', username: 'cfpool', password: SECRET } })).data;
    await t.database.db
      .update(remoteAccounts)
      .set({ state: 'failing', lastError: 'Login refused', sessionSealed: 'old' })
      .where(eq(remoteAccounts.id, made.id));
    const sealedBefore = (await stored(made.id)).passwordSealed;

    const renamed = await as(root).call('adminRemoteAccount.update', { body: { id: made.id, username: 'cfpool2' } });
    expect(renamed.data).toMatchObject({ username: 'cfpool2', state: 'free', lastError: null });
    expect(renamed.res.payload).not.toContain(SECRET);
    const row = await stored(made.id);
    expect(row.passwordSealed).toBe(sealedBefore);
    expect(row.sessionSealed).toBeNull();

    await as(root).call('adminRemoteAccount.update', { body: { id: made.id, username: 'cfpool2', password: 'new-secret' } });
    const { remoteKey } = await getSecrets(t.database);
    expect(openText(remoteKey, (await stored(made.id)).passwordSealed)).toBe('new-secret');

    expect((await as(root).call('adminRemoteAccount.update', { body: { id: 999999, username: 'x' } })).msg).toBe(MSG.remoteAccountNotFound);
    const clash = await as(root).call('adminRemoteAccount.add', { body: { oj: 'CF', username: 'other', password: 'x' } });
    expect((await as(root).call('adminRemoteAccount.update', { body: { id: clash.data.id, username: 'CFPOOL2' } })).msg).toBe(
      MSG.remoteAccountExists.replace('{oj}', 'CF').replace('{username}', 'CFPOOL2'),
    );
  });

  it('remove an account; a second removal says it does not exist', async () => {
    const made = (await as(root).call('adminRemoteAccount.add', { body: { oj: 'SPOJ', username: 'gone', password: 'x' } })).data;
    expect((await as(root).call('adminRemoteAccount.remove', { query: { id: made.id } })).status).toBe(200);
    expect((await as(root).call('adminRemoteAccount.remove', { query: { id: made.id } })).msg).toBe(MSG.remoteAccountNotFound);
    expect((await as(root).call('adminRemoteAccount.list', { query: { oj: 'SPOJ' } })).data).toEqual([]);
  });

  it('get their key added to the secrets of a site set up before remote judging, its other keys kept', async () => {
    const before = await getSecrets(t.database);
    await t.database.db.execute(sql`update site_config set value = value - 'remote' where key = 'secrets'`);
    const [one, two] = [connect(t.config.databaseUrl!, 1), connect(t.config.databaseUrl!, 1)];
    try {
      const [a, b] = await Promise.all([getSecrets(one), getSecrets(two)]);
      expect(a.remoteKey).toHaveLength(32);
      expect(a.remoteKey.equals(before.remoteKey)).toBe(false);
      expect(b.remoteKey.equals(a.remoteKey)).toBe(true);
      expect(a.judgeToken).toBe(before.judgeToken);
      expect(a.puzzleKey.equals(before.puzzleKey)).toBe(true);
      // a seal opens only under its own key
      expect(openText(a.remoteKey, sealText(before.remoteKey, 'x'))).toBeNull();
    } finally {
      await one.close();
      await two.close();
      await t.database.db.execute(
        sql`update site_config set value = jsonb_set(value, '{remote}', to_jsonb(${before.remoteKey.toString('base64')}::text)) where key = 'secrets'`,
      );
    }
  });
});
