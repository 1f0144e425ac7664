/**
 * API tokens: made and revoked in the settings with a login; a token acts as its owner within its
 * scopes, on every node, until it expires or is revoked; it never grants more than its owner has.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, scopeOfCall } from '@oj/shared';
import { putSetting } from '../src/lib/site-config.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, login, rootToken } from './helpers.js';
import { client } from './client.js';
import { createProblem, FakeJudge, testQueue } from './judge-helpers.js';
import { secondNode, type SecondNode } from './second-node.js';

let t: TestApp;
let b: SecondNode;
let ann: string;
let root: string;

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue() });
  b = await secondNode(t);
  await putSetting(t.database.db, 'switch', { submitIntervalSec: 0 });
  await createUser(t, { username: 'tokenann' });
  ann = await login(t, 'tokenann');
  root = await rootToken(t);
  await createProblem(t, { problemId: 'TOK1' });
  await FakeJudge.start(t, 'tok-judge'); // the language is offered while a judge has it
});
afterAll(async () => {
  await b?.close();
  await t?.close();
});

async function make(token: string, scopes: string[], name = 'script', days = 30) {
  const r = await client(t, token).call('apiToken.create', { body: { name, scopes: scopes as never, days: days as never } });
  return r;
}

const submitWith = (token: string, app = t.app) =>
  client({ app }, token).call('submission.submit', { body: { pid: 'TOK1', language: 'C++', code: 'int main(){return 0;}' } });

describe('API tokens', () => {
  it('are made with a login, listed without the token, and act as the owner for reading', async () => {
    const made = await make(ann, ['read'], 'reader');
    expect(made.status).toBe(200);
    expect(made.msg).toBe(MSG.apiTokenCreated);
    const { token, row } = made.data;
    expect(row).toMatchObject({ name: 'reader', scopes: ['read'] });
    const list = await client(t, ann).call('apiToken.list');
    expect(list.data.map((r) => r.name)).toContain('reader');
    // The admins' session list names it as a token, not as a browser's login.
    const sessions = await client(t, root).call('admin.sessions', { query: { username: 'tokenann', currentPage: 1, limit: 20 } });
    expect(sessions.data.records.map((r) => r.apiToken).sort()).toEqual([null, 'reader']);
    expect(JSON.stringify(list.data)).not.toContain(token);
    const asLogin = (await client(t, ann).call('account.authInfo')).data;
    const me = await client(t, token).call('account.authInfo');
    expect(me.status).toBe(200);
    expect(me.data).toEqual(asLogin);
    // and on another node
    expect((await client({ app: b.app }, token).call('account.authInfo')).data).toEqual(asLogin);
  });

  it('make only the calls of their scopes: a read token cannot submit, a submit token can', async () => {
    const reader = (await make(ann, ['read'])).data.token;
    const refused = await submitWith(reader);
    expect([refused.http, refused.msg]).toEqual([403, MSG.apiTokenScope]);
    const submitter = (await make(ann, ['submit'])).data.token;
    const sub = await submitWith(submitter);
    expect(sub.status).toBe(200);
    // Never an account change or a new token, whatever the scopes.
    const all = (await make(root, ['read', 'submit', 'admin'])).data.token;
    const again = await make(all, ['read']);
    expect([again.http, again.msg]).toEqual([403, MSG.apiTokenScope]);
    expect((await client(t, all).call('apiToken.list')).http).toBe(403);
    const pw = await client(t, all).call('account.changePassword', { body: { oldPassword: 'x', newPassword: 'yyyyyyyy' } as never });
    expect(pw.http).toBe(403);
  });

  it('never grant more than the owner has: the admin scope is for admins, and still only their rights', async () => {
    const refused = await make(ann, ['admin']);
    expect([refused.http, refused.msg]).toEqual([403, MSG.apiTokenAdminScope]);
    const rootAdmin = (await make(root, ['admin'])).data.token;
    expect((await client(t, rootAdmin).call('adminUser.list', { query: {} })).status).toBe(200);
    const rootRead = (await make(root, ['read'])).data.token;
    const noAdmin = await client(t, rootRead).call('adminUser.list', { query: {} });
    expect([noAdmin.http, noAdmin.msg]).toEqual([403, MSG.apiTokenScope]);
  });

  it('stop at once on every node when revoked, and at their expiry', async () => {
    const made = (await make(ann, ['submit'], 'short-lived')).data;
    expect((await submitWith(made.token, b.app)).status).toBe(200);
    const revoked = await client(t, ann).call('apiToken.revoke', { query: { id: made.row.id } });
    expect(revoked.msg).toBe(MSG.apiTokenRevoked);
    await b.settled();
    expect((await submitWith(made.token, b.app)).http).toBe(401);
    expect((await client(t, ann).call('apiToken.list')).data.map((r) => r.id)).not.toContain(made.row.id);
    // Another user's token is not his to revoke.
    const rootsOwn = (await make(root, ['read'])).data.row.id;
    const other = await client(t, ann).call('apiToken.revoke', { query: { id: rootsOwn } });
    expect([other.status, other.msg]).toEqual([404, MSG.apiTokenNotFound]);
    // Expiry (moved into the past as time would): refused.
    const old = (await make(ann, ['read'], 'old')).data;
    await t.database.db.execute(sql`update auth_session set expires_at = now() - interval '1 second' where id = ${old.row.id}`);
    await b.settled();
    expect((await client({ app: b.app }, old.token).call('account.authInfo')).http).toBe(401);
  });

  it('refuse bad input with the catalogue texts and cap how many a user keeps', async () => {
    for (const body of [
      { name: '', scopes: ['read'], days: 30 },
      { name: 'x', scopes: [], days: 30 },
      { name: 'x', scopes: ['root'], days: 30 },
      { name: 'x', scopes: ['read'], days: 5 },
    ]) {
      expect((await client(t, ann).call('apiToken.create', { body: body as never })).http).toBe(400);
    }
    await createUser(t, { username: 'tokenmany' });
    const many = await login(t, 'tokenmany');
    for (let i = 0; i < 20; i++) expect((await make(many, ['read'], `t${i}`)).status).toBe(200);
    const over = await make(many, ['read'], 'one too many');
    expect(over.msg).toBe(MSG.apiTokenTooMany);
    // A visitor may not make one.
    expect((await client(t).call('apiToken.create', { body: { name: 'x', scopes: ['read'], days: 30 } })).http).toBe(401);
  });

  it('scope every call of the tables', () => {
    expect(scopeOfCall('GET', 'get-problem-list')).toBe('read');
    expect(scopeOfCall('POST', 'get-contest-rank')).toBe('read');
    expect(scopeOfCall('POST', 'submit-problem-judge')).toBe('submit');
    expect(scopeOfCall('DELETE', 'admin/user/revoke-session')).toBe('admin');
    expect(scopeOfCall('POST', 'judge/poll')).toBeNull();
    expect(scopeOfCall('POST', 'change-password')).toBeNull();
    expect(scopeOfCall('GET', 'get-api-tokens')).toBeNull();
    expect(scopeOfCall('POST', 'create-api-token')).toBeNull();
  });
});
