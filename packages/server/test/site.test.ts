import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@oj/shared';
import { announcements, languages, siteConfig, users } from '../src/db/schema/index.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, get, login, post, put, rootToken } from './helpers.js';
import { client } from './client.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';

let t: TestApp;
let root: string;
let sink: SmtpSink;
beforeAll(async () => {
  t = await createTestApp();
  root = await rootToken(t);
  sink = await startSmtpSink({ mailer: 'mail-secret' });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

describe('website config', () => {
  it('gives the public settings with defaults', async () => {
    const r = await client(t).call('site.websiteConfig');
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ register: true, shortName: 'OJ', emailVerification: true, openPublicDiscussion: true, qrCodes: [] });
  });

  it('never exposes secrets or SMTP settings', async () => {
    await client(t, root).call('admin.setEmailConfig', {
      body: { host: 'smtp.example.com', port: 587, secure: false, username: 'u', password: 'pw-123', from: '' },
    });
    for (const name of ['site.websiteConfig', 'admin.webConfig', 'admin.emailConfig'] as const) {
      const body = JSON.stringify((await client(t, root).call(name)).data);
      expect(body, name).not.toContain('pw-123');
      const [secrets] = await t.database.db.select().from(siteConfig).where(eq(siteConfig.key, 'secrets'));
      for (const v of Object.values(secrets!.value as Record<string, string>)) expect(body).not.toContain(v);
    }
  });

  it('is edited by root: partial updates, validation, unsafe links refused', async () => {
    const r = await client(t, root).call('admin.setWebConfig', {
      body: { shortName: 'MyOJ', recordUrl: 'https://beian.example', baseUrl: 'https://oj.example.org/' },
    });
    expect(r).toMatchObject({ status: 200, msg: MSG.settingsSaved, data: { shortName: 'MyOJ', baseUrl: 'https://oj.example.org', register: true } });
    expect((await client(t).call('site.websiteConfig')).data.shortName).toBe('MyOJ');
    expect((await client(t, root).call('admin.webConfig')).data.recordUrl).toBe('https://beian.example');
    for (const bad of [
      { shortName: '' },
      { shortName: 'x'.repeat(21) },
      { projectUrl: 'javascript:alert(1)' },
      { recordUrl: 'data:text/html,hi' },
      { baseUrl: 'ftp://x' },
      { register: 'yes' },
      { qrCodes: [{ title: 'wx', url: 'javascript:1' }] },
      { qrCodes: 'nope' },
    ]) {
      const res = await put(t, '/api/admin/config/set-web-config', bad, { token: root });
      expect(res.http, JSON.stringify(bad)).toBe(400);
    }
    const qr = await client(t, root).call('admin.setWebConfig', { body: { qrCodes: [{ title: 'WeChat', url: '/api/public/files/qr/a.png' }] } });
    expect(qr.data.qrCodes).toEqual([{ title: 'WeChat', url: '/api/public/files/qr/a.png' }]);
    await client(t, root).call('admin.setWebConfig', { body: { shortName: 'OJ', baseUrl: '', recordUrl: '' } });
  });
});

describe('email config', () => {
  it('keeps the password when it is left blank and never returns it', async () => {
    const set = await client(t, root).call('admin.setEmailConfig', {
      body: { host: '127.0.0.1', port: sink.port, secure: false, username: 'mailer', password: 'mail-secret', from: 'noreply@oj.test' },
    });
    expect(set.data).toEqual({ host: '127.0.0.1', port: sink.port, secure: false, username: 'mailer', from: 'noreply@oj.test', hasPassword: true });
    const keep = await client(t, root).call('admin.setEmailConfig', {
      body: { host: '127.0.0.1', port: sink.port, secure: false, username: 'mailer', password: '', from: 'noreply@oj.test' },
    });
    expect(keep.data.hasPassword).toBe(true);
    expect((await client(t, root).call('admin.emailConfig')).data).not.toHaveProperty('password');

    // The kept password still authenticates against the SMTP server.
    const test = await client(t, root).call('admin.testEmail', { body: { email: 'admin@example.com' } });
    expect(test).toMatchObject({ status: 200, msg: MSG.testEmailSent });
    const mail = await sink.lastTo('admin@example.com');
    expect(mail.user).toBe('mailer');
    // root has no stored language and the call names none: the mail is in the site's default, zh-CN.
    expect(mail.subject).toContain('测试邮件');
  });

  it('reports a failing server as a send failure', async () => {
    await client(t, root).call('admin.setEmailConfig', {
      body: { host: '127.0.0.1', port: sink.port, secure: false, username: 'mailer', password: 'wrong', from: '' },
    });
    const r = await client(t, root).call('admin.testEmail', { body: { email: 'admin@example.com' } });
    expect(r).toMatchObject({ status: 400, msg: MSG.emailSendFailed });
  });

  it('validates the settings', async () => {
    for (const bad of [{ port: 0 }, { port: 70000 }, { host: 'bad host;rm' }, { secure: 'no' }, { from: 'not-an-address' }]) {
      const body = { host: 'smtp.example.com', port: 465, secure: true, username: '', password: '', from: '', ...bad };
      expect((await put(t, '/api/admin/config/set-email-config', body, { token: root })).http, JSON.stringify(bad)).toBe(400);
    }
    expect((await post(t, '/api/admin/config/test-email', { email: 'nope' }, { token: root })).http).toBe(400);
  });

  it('writes the test mail to DATA_DIR/mail without a host', async () => {
    await client(t, root).call('admin.setEmailConfig', { body: { host: '', port: 465, secure: true, username: '', password: '', from: '' } });
    expect((await client(t, root).call('admin.testEmail', { body: { email: 'local@example.com' } })).status).toBe(200);
    expect(fs.readdirSync(path.join(t.config.dataDir, 'mail')).some((f) => f.endsWith('-local@example.com.eml'))).toBe(true);
  });

  it('is root only', async () => {
    await createUser(t, { username: 'plain' });
    const user = await login(t, 'plain');
    expect((await client(t, user).call('admin.emailConfig')).http).toBe(403);
    expect((await client(t, user).call('admin.setEmailConfig', { body: { host: '', port: 465, secure: true } })).http).toBe(403);
    expect((await client(t).call('admin.testEmail', { body: { email: 'a@b.c' } })).http).toBe(401);
  });
});

describe('home carousel', () => {
  it('lists the seeded image with its public address', async () => {
    const r = await client(t).call('site.carousel');
    expect(r.status).toBe(200);
    expect(r.data).toEqual([{ id: expect.any(Number), url: expect.stringMatching(/^\/api\/public\/files\/carousel\/.+\.svg$/) }]);
  });
});

describe('announcements', () => {
  it('pages visible site announcements, newest first, with the author name', async () => {
    const [rootUser] = await t.database.db.select().from(users).where(eq(users.username, 'root'));
    const base = Date.now();
    for (let i = 1; i <= 6; i++) {
      await t.database.db.insert(announcements).values({ title: `News ${i}`, content: `body ${i}`, uid: rootUser!.uid, gmtCreate: new Date(base + i * 1000) });
    }
    await t.database.db.insert(announcements).values({ title: 'Hidden', content: 'x', uid: rootUser!.uid, status: 1, gmtCreate: new Date(base + 10_000) });
    await t.database.db.insert(announcements).values({ title: 'Contest only', content: 'x', cid: 3, gmtCreate: new Date(base + 10_000) });

    const first = await client(t).call('site.announcements');
    expect(first.status).toBe(200);
    expect(first.data.total).toBe(7); // 6 + the welcome announcement
    expect(first.data.records).toHaveLength(5);
    expect(first.data.records.map((a) => a.title)).toEqual(['News 6', 'News 5', 'News 4', 'News 3', 'News 2']);
    expect(first.data.records[0]).toMatchObject({ username: 'root', content: 'body 6', gmtCreate: expect.stringMatching(/Z$/) });
    const second = await client(t).call('site.announcements', { query: { currentPage: 2, limit: 5 } });
    expect(second.data.records.map((a) => a.title)).toEqual(['News 1', 'Welcome to the Online Judge']);
  });

  it('refuses bad paging values with 400', async () => {
    for (const query of [{ currentPage: '0' }, { currentPage: 'abc' }, { limit: '1000' }, { limit: '-1' }] as Record<string, string>[]) {
      expect((await get(t, '/api/get-common-announcement', { query })).http).toBe(400);
    }
  });
});

describe('languages', () => {
  it('is empty until judges report, then lists ours in order; all adds remote ones', async () => {
    expect((await client(t).call('site.languages')).data).toEqual([]);
    await t.database.db.insert(languages).values([
      { name: 'Python3', description: 'Python 3.11', seq: 3, contentType: 'text/x-python' },
      { name: 'C++', description: 'G++ 12', compileCommand: 'g++ -O2', seq: 1, contentType: 'text/x-c++src' },
      { name: 'GNU C++17', oj: 'CF', seq: 1 },
    ]);
    const ours = await client(t).call('site.languages');
    expect(ours.data.map((l) => l.name)).toEqual(['C++', 'Python3']);
    expect(ours.data[0]).toEqual({
      id: expect.any(Number),
      name: 'C++',
      description: 'G++ 12',
      compileCommand: 'g++ -O2',
      template: '',
      oj: 'ME',
      contentType: 'text/x-c++src',
    });
    expect((await client(t).call('site.languages', { query: { all: false } })).data).toHaveLength(2);
    expect((await client(t).call('site.languages', { query: { all: true } })).data).toHaveLength(3);
    expect((await get(t, '/api/languages', { query: { all: 'maybe' } })).http).toBe(400);
  });
});
