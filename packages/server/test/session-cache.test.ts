import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, Role } from '@oj/shared';
import { userRoles, users } from '../src/db/schema/index.js';
import { createTestApp, type TestApp } from './harness.js';
import { secondNode, type SecondNode } from './second-node.js';
import { createUser, login } from './helpers.js';
import { client } from './client.js';

/**
 * Two API nodes on one database: node A is the test app, node B a second app with its own pool and
 * LISTEN connection. B keeps session rows in memory; whatever A (or anyone writing SQL) changes must
 * reach B at commit, through the triggers' notices.
 */
describe('session cache across API nodes', () => {
  let t: TestApp;
  let b: SecondNode;

  beforeAll(async () => {
    t = await createTestApp();
    b = await secondNode(t);
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  const onB = (token: string) => client({ app: b.app }, token).call('account.authInfo');
  const bSettled = () => b.settled();

  it('serves a session from memory: a change that sends no notice is not seen', async () => {
    const uid = await createUser(t, { username: 'cached-carl' });
    const token = await login(t, 'cached-carl');
    await bSettled();
    expect((await onB(token)).http).toBe(200);
    // With the trigger off, only the cache can explain that B still lets him in.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`alter table user_info disable trigger user_change`);
      await tx.update(users).set({ status: 1 }).where(eq(users.uid, uid));
      await tx.execute(sql`alter table user_info enable trigger user_change`);
    });
    await bSettled();
    expect((await onB(token)).http).toBe(200);
    // The same change with its notice reaches B.
    await t.database.db.update(users).set({ status: 0 }).where(eq(users.uid, uid));
    await t.database.db.update(users).set({ status: 1 }).where(eq(users.uid, uid));
    await bSettled();
    expect(await onB(token)).toMatchObject({ http: 401, msg: MSG.accountDisabled });
  });

  it('a logout on node A ends the token on node B', async () => {
    await createUser(t, { username: 'leaving-lea' });
    const token = await login(t, 'leaving-lea');
    expect((await onB(token)).http).toBe(200);
    expect((await onB(token)).http).toBe(200);
    expect((await client(t, token).call('account.logout')).status).toBe(200);
    await bSettled();
    expect((await onB(token)).http).toBe(401);
  });

  it('a password change on node A ends every token of the user on node B', async () => {
    await createUser(t, { username: 'moving-mo' });
    const first = await login(t, 'moving-mo');
    const second = await login(t, 'moving-mo');
    expect((await onB(first)).http).toBe(200);
    expect((await onB(second)).http).toBe(200);
    const r = await client(t, first).call('account.changePassword', { body: { oldPassword: 'password1', newPassword: 'password2' } });
    expect(r.status).toBe(200);
    await bSettled();
    expect((await onB(first)).http).toBe(401);
    expect((await onB(second)).http).toBe(401);
  });

  it('a role granted in SQL shows on node B without a new login', async () => {
    const uid = await createUser(t, { username: 'rising-rae' });
    const token = await login(t, 'rising-rae');
    expect((await onB(token)).data.roles).toEqual(['user']);
    await t.database.db.insert(userRoles).values({ uid, roleId: Role.ADMIN });
    await bSettled();
    expect((await onB(token)).data.roles.sort()).toEqual(['admin', 'user']);
    await t.database.db.delete(userRoles).where(eq(userRoles.uid, uid));
    await bSettled();
    expect((await onB(token)).data.roles).toEqual([]);
  });

  it('a deleted user is refused on node B', async () => {
    const uid = await createUser(t, { username: 'gone-gus' });
    const token = await login(t, 'gone-gus');
    expect((await onB(token)).http).toBe(200);
    await t.database.db.delete(users).where(eq(users.uid, uid));
    await bSettled();
    expect((await onB(token)).http).toBe(401);
  });
});
