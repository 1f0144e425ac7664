import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmailCodeWait, formatMsg, MSG } from '@oj/shared';
import { emailCodes, userRoles, users } from '../src/db/schema/index.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, get, login, post, rootToken, setWebsite, shiftBack, useSmtpSink } from './helpers.js';
import { client } from './client.js';
import { parseMail, startSmtpSink, type SmtpSink } from './smtp-sink.js';

let t: TestApp;
let sink: SmtpSink;
beforeAll(async () => {
  t = await createTestApp();
  sink = await startSmtpSink();
  await useSmtpSink(t, sink);
  await createUser(t, { username: 'taken', email: 'taken@example.com' });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

let ipSeq = 0;
/** Each scenario from its own address, so the per-IP mail cap of one does not bleed into another. */
const nextIp = () => `10.20.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

async function requestCode(email: string, ip = nextIp()): Promise<string> {
  const r = await client(t).call('account.registerCode', { query: { email } }, { ip });
  expect(r).toMatchObject({ status: 200, msg: MSG.registerCodeSent });
  const mail = await sink.lastTo(email);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  expect(code).toBeDefined();
  return code!;
}

describe('register code', () => {
  it('mails a 6-digit code through the configured SMTP server, with a text and an HTML part', async () => {
    const before = sink.mails.length;
    const code = await requestCode('newbie@example.com');
    expect(sink.mails.length).toBe(before + 1);
    const mail = sink.mails.at(-1)!;
    expect(mail.to).toEqual(['newbie@example.com']);
    expect(mail.from).toBe('judge@oj.test');
    // A request that names no language gets the site's default one, zh-CN.
    expect(mail.subject).toContain('注册验证码');
    expect(mail.html).toContain(code);
    expect(mail.html).toContain('<html');
  });

  it('blocks a second send to the same address for 60 seconds and says how long to wait', async () => {
    await requestCode('waiter@example.com');
    const again = await client(t).call('account.registerCode', { query: { email: 'WAITER@example.com' } }, { ip: nextIp() });
    expect(again.status).toBe(400);
    const { seconds } = again.data as unknown as EmailCodeWait;
    expect(seconds).toBeGreaterThan(55);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(again.msg).toBe(formatMsg(MSG.emailCodeWait, { seconds }));
    await shiftBack(t, 'email_code', 'created_at', 61, "email = 'waiter@example.com'");
    await requestCode('waiter@example.com');
  });

  it('refuses an address that already has an account, and bad addresses', async () => {
    const r = await client(t).call('account.registerCode', { query: { email: 'Taken@Example.com' } });
    expect(r).toMatchObject({ status: 400, msg: MSG.emailExists });
    const bad = await get(t, '/api/get-register-code', { query: { email: 'not-an-email' } });
    expect(bad).toMatchObject({ http: 400, status: 400 });
    expect((await get(t, '/api/get-register-code')).http).toBe(400);
  });

  it('leaves no trace when the mail cannot be sent, so the user can retry at once', async () => {
    sink.failNext();
    const r = await client(t).call('account.registerCode', { query: { email: 'unlucky@example.com' } }, { ip: nextIp() });
    expect(r).toMatchObject({ status: 400, msg: MSG.emailSendFailed });
    const rows = await t.database.db.select().from(emailCodes).where(eq(emailCodes.email, 'unlucky@example.com'));
    expect(rows).toHaveLength(0);
    await requestCode('unlucky@example.com');
  });

  it('caps the mails one IP can trigger per hour', async () => {
    const ip = '10.99.0.1';
    for (let i = 0; i < 20; i++) {
      expect((await client(t).call('account.registerCode', { query: { email: `flood${i}@example.com` } }, { ip })).status).toBe(200);
    }
    const r = await client(t).call('account.registerCode', { query: { email: 'flood-last@example.com' } }, { ip });
    expect(r).toMatchObject({ status: 400, msg: MSG.tooManyRequests });
  });

  it('holds the hourly cap for 40 requests from one IP at once', async () => {
    const ip = '10.99.0.2';
    const rs = await Promise.all(
      Array.from({ length: 40 }, (_, i) => client(t).call('account.registerCode', { query: { email: `burst${i}@example.com` } }, { ip })),
    );
    expect(rs.filter((r) => r.status === 200)).toHaveLength(20);
    expect(rs.filter((r) => r.msg === MSG.tooManyRequests)).toHaveLength(20);
    const rows = await t.database.db.select().from(emailCodes).where(eq(emailCodes.ip, ip));
    expect(rows).toHaveLength(20);
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.mails.filter((m) => m.to.some((a) => /^burst\d+@example\.com$/.test(a)))).toHaveLength(20);
  });
});

describe('register', () => {
  it('creates a normal user with a valid code, who can then log in', async () => {
    const code = await requestCode('Fresh@Example.com');
    const r = await client(t).call('account.register', { body: { username: 'fresh', password: 'fresh-pass', email: 'Fresh@Example.com', code } });
    expect(r).toMatchObject({ status: 200, msg: MSG.registerSuccess, data: null });
    const [u] = await t.database.db.select().from(users).where(eq(users.username, 'fresh'));
    expect(u!.password).not.toContain('fresh-pass');
    const roles = await t.database.db.select().from(userRoles).where(eq(userRoles.uid, u!.uid));
    expect(roles.map((x) => x.roleId)).toEqual([1002]);
    const token = await login(t, 'fresh', 'fresh-pass');
    expect((await client(t, token).call('account.authInfo')).data.roles).toEqual(['user']);
  });

  it('uses a code once', async () => {
    const code = await requestCode('twice@example.com');
    expect((await client(t).call('account.register', { body: { username: 'twice1', password: 'secret1', email: 'twice@example.com', code } })).status).toBe(
      200,
    );
    // Same address again is refused as taken before the code is even looked at.
    const r = await client(t).call('account.register', { body: { username: 'twice2', password: 'secret1', email: 'twice@example.com', code } });
    expect(r.msg).toBe(MSG.emailExists);
    const [row] = await t.database.db.select().from(emailCodes).where(eq(emailCodes.email, 'twice@example.com'));
    expect(row!.usedAt).not.toBeNull();
  });

  it('refuses a wrong code, an expired code, and burns a code after 5 wrong guesses', async () => {
    const code = await requestCode('guess@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    const r = await client(t).call('account.register', { body: { username: 'guesser', password: 'secret1', email: 'guess@example.com', code: wrong } });
    expect(r).toMatchObject({ status: 400, msg: MSG.emailCodeWrong });
    for (let i = 0; i < 4; i++)
      await client(t).call('account.register', { body: { username: 'guesser', password: 'secret1', email: 'guess@example.com', code: wrong } });
    const burned = await client(t).call('account.register', { body: { username: 'guesser', password: 'secret1', email: 'guess@example.com', code } });
    expect(burned.msg).toBe(MSG.emailCodeWrong);

    const code2 = await requestCode('late@example.com');
    await t.database.db
      .update(emailCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailCodes.email, 'late@example.com'));
    const late = await client(t).call('account.register', { body: { username: 'latecomer', password: 'secret1', email: 'late@example.com', code: code2 } });
    expect(late.msg).toBe(MSG.emailCodeWrong);
    expect(await t.database.db.select().from(users).where(eq(users.username, 'latecomer'))).toHaveLength(0);
  });

  it('compares a code at most 5 times, even for 60 guesses sent at once', async () => {
    const code = await requestCode('burst-guess@example.com');
    const wrong = Array.from({ length: 60 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const guess = (c: string) =>
      client(t).call('account.register', { body: { username: 'burster', password: 'secret1', email: 'burst-guess@example.com', code: c } });
    const rs = await Promise.all(wrong.map(guess));
    expect(rs.every((r) => r.msg === MSG.emailCodeWrong)).toBe(true);
    const [row] = await t.database.db.select().from(emailCodes).where(eq(emailCodes.email, 'burst-guess@example.com'));
    expect(row!.attempts).toBe(5);
    // Burned: the right code no longer works.
    expect((await guess(code)).msg).toBe(MSG.emailCodeWrong);
    expect(await t.database.db.select().from(users).where(eq(users.username, 'burster'))).toHaveLength(0);
  });

  it('refuses a code sent to another address', async () => {
    const code = await requestCode('owner@example.com');
    const r = await client(t).call('account.register', { body: { username: 'thief', password: 'secret1', email: 'thief@example.com', code } });
    expect(r.msg).toBe(MSG.emailCodeWrong);
  });

  it('refuses taken usernames (in any case) and taken e-mails', async () => {
    const code = await requestCode('dupe@example.com');
    expect((await client(t).call('account.register', { body: { username: 'TAKEN', password: 'secret1', email: 'dupe@example.com', code } })).msg).toBe(
      MSG.usernameExists,
    );
    expect((await client(t).call('account.register', { body: { username: 'dupe', password: 'secret1', email: 'TAKEN@example.com', code } })).msg).toBe(
      MSG.emailExists,
    );
    // The code survived both refusals.
    expect((await client(t).call('account.register', { body: { username: 'dupe', password: 'secret1', email: 'dupe@example.com', code } })).status).toBe(200);
  });

  it('validates the form: username length and characters, password 6-20, e-mail, code format', async () => {
    const base = { username: 'valid', password: 'secret1', email: 'valid@example.com', code: '123456' };
    for (const bad of [
      { username: 'x'.repeat(21) },
      { username: '' },
      { username: 'with space' },
      { username: '<script>' },
      { password: '12345' },
      { password: 'x'.repeat(21) },
      { email: 'nope' },
      { code: '12345' },
      { code: 'abcdef' },
      { username: 42 },
    ]) {
      const r = await post(t, '/api/register', { ...base, ...bad });
      expect(r.http, JSON.stringify(bad)).toBe(400);
      expect(r.status).toBe(400);
      expect(typeof r.msg).toBe('string');
    }
    expect((await post(t, '/api/register', { ...base, username: 'x'.repeat(21) })).msg).toContain('20');
  });

  it('requires the code while e-mail verification is on', async () => {
    const r = await client(t).call('account.register', { body: { username: 'nocode', password: 'secret1', email: 'nocode@example.com' } });
    expect(r).toMatchObject({ status: 400, msg: MSG.emailCodeRequired });
  });

  it('needs no code when e-mail verification is off', async () => {
    await setWebsite(t, { emailVerification: false });
    try {
      const r = await client(t).call('account.register', { body: { username: 'quick', password: 'secret1', email: 'quick@example.com' } });
      expect(r.status).toBe(200);
      expect((await client(t).call('site.websiteConfig')).data.emailVerification).toBe(false);
    } finally {
      await setWebsite(t, { emailVerification: true });
    }
  });

  it('is refused, code and all, while registration is closed', async () => {
    const code = await requestCode('closed@example.com');
    await setWebsite(t, { register: false });
    try {
      expect((await client(t).call('account.registerCode', { query: { email: 'other@example.com' } })).msg).toBe(MSG.registerClosed);
      const r = await client(t).call('account.register', { body: { username: 'closed', password: 'secret1', email: 'closed@example.com', code } });
      expect(r).toMatchObject({ status: 400, msg: MSG.registerClosed });
      expect((await client(t).call('site.websiteConfig')).data.register).toBe(false);
    } finally {
      await setWebsite(t, { register: true });
    }
  });

  it('gives one account when the same registration arrives twice at once', async () => {
    const code = await requestCode('race@example.com');
    const body = { username: 'racer', password: 'secret1', email: 'race@example.com', code };
    const results = await Promise.all([
      client(t).call('account.register', { body }),
      client(t).call('account.register', { body }),
      client(t).call('account.register', { body }),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect([MSG.usernameExists, MSG.emailExists, MSG.emailCodeWrong]).toContain(r.msg);
    expect(await t.database.db.select().from(users).where(sql`lower(username) = 'racer'`)).toHaveLength(1);
  });
});

describe('check-username-or-email', () => {
  it('tells which of the given values are taken', async () => {
    expect((await client(t).call('account.checkExists', { body: { username: 'Taken', email: 'free@example.com' } })).data).toEqual({
      username: true,
      email: false,
    });
    expect((await client(t).call('account.checkExists', { body: { email: 'TAKEN@example.com' } })).data).toEqual({ username: false, email: true });
    expect((await client(t).call('account.checkExists', { body: {} })).data).toEqual({ username: false, email: false });
    expect((await post(t, '/api/check-username-or-email', { username: ['a'] })).http).toBe(400);
  });
});

describe('mail without an SMTP server', () => {
  it('writes the message to DATA_DIR/mail as an .eml file', async () => {
    const token = await rootToken(t);
    await client(t, token).call('admin.setEmailConfig', { body: { host: '', port: 465, secure: true, username: '', password: '', from: '' } });
    try {
      const r = await client(t).call('account.registerCode', { query: { email: 'offline@example.com' } }, { ip: nextIp() });
      expect(r.status).toBe(200);
      const dir = path.join(t.config.dataDir, 'mail');
      const file = fs.readdirSync(dir).find((f) => f.endsWith('-offline@example.com.eml'));
      expect(file).toMatch(/^\d{4}-\d\d-\d\dT.*\.eml$/);
      const mail = parseMail(fs.readFileSync(path.join(dir, file!), 'utf8'));
      const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
      expect(
        (await client(t).call('account.register', { body: { username: 'offline', password: 'secret1', email: 'offline@example.com', code } })).status,
      ).toBe(200);
    } finally {
      await useSmtpSink(t, sink);
    }
  });
});

describe("mails in the recipient's language", () => {
  const subjects: Record<string, RegExp> = {
    'zh-CN': /注册验证码/,
    'en-US': /registration code/,
    'zh-TW': /註冊驗證碼/,
    'ja-JP': /登録用の確認コード/,
    'ko-KR': /회원가입 인증 코드/,
  };

  it('writes the register code in the language the request carries, in all five languages', async () => {
    for (const [lang, subject] of Object.entries(subjects)) {
      const email = `lang-${lang.toLowerCase()}@example.com`;
      const r = await client(t).call('account.registerCode', { query: { email } }, { ip: nextIp(), headers: { 'accept-language': lang } });
      expect(r.status, r.msg).toBe(200);
      const mail = await sink.lastTo(email);
      expect(mail.subject, lang).toMatch(subject);
      expect(mail.html).toContain(`<html lang="${lang}">`);
      expect(mail.text).toMatch(/\b\d{6}\b/);
    }
    // A browser's own header (a region, weights) is understood too.
    await client(t).call(
      'account.registerCode',
      { query: { email: 'weights@example.com' } },
      { ip: nextIp(), headers: { 'accept-language': 'fr;q=0.9, ja;q=0.8' } },
    );
    expect((await sink.lastTo('weights@example.com')).subject).toMatch(subjects['ja-JP']!);
  });

  it('keeps the language of the registration with the account, and later mails follow the stored choice', async () => {
    const headers = { 'accept-language': 'ko-KR' };
    const email = 'minji@example.com';
    await client(t).call('account.registerCode', { query: { email } }, { ip: nextIp(), headers });
    const code = /\b(\d{6})\b/.exec((await sink.lastTo(email)).text)![1]!;
    expect((await client(t).call('account.register', { body: { username: 'minji', password: 'secret1', email, code } }, { headers })).status).toBe(200);
    const token = await login(t, 'minji', 'secret1');
    const me = await client(t, token).call('account.changeUserInfo', { body: {} });
    expect(me.data).toMatchObject({ language: 'ko-KR', theme: 'system' });

    // The change-email code goes out in the stored language, whatever this request's header says.
    const r = await client(t, token).call(
      'account.changeEmailCode',
      { query: { email: 'minji2@example.com' } },
      { ip: nextIp(), headers: { 'accept-language': 'en-US' } },
    );
    expect(r.status, r.msg).toBe(200);
    const change = await sink.lastTo('minji2@example.com');
    expect(change.subject).toMatch(/새 이메일 주소 인증/);
    expect(change.text).toContain('minji님');

    // Switching the UI language saves it: the next mail follows.
    const switched = await client(t, token).call('account.changeUserInfo', { body: { language: 'zh-TW', theme: 'dark' } });
    expect(switched.data).toMatchObject({ language: 'zh-TW', theme: 'dark' });
    await shiftBack(t, 'email_code', 'created_at', 3600, "email = 'minji2@example.com'");
    await client(t, token).call('account.changeEmailCode', { query: { email: 'minji2@example.com' } }, { ip: nextIp() });
    expect((await sink.lastTo('minji2@example.com')).subject).toMatch(/驗證您的新電子郵件/);

    const bad = await post(t, '/api/change-userInfo', { language: 'fr-FR', theme: 'pink' }, { token });
    expect(bad.status).toBe(400);
    expect((await client(t, token).call('account.changeUserInfo', { body: {} })).data).toMatchObject({ language: 'zh-TW', theme: 'dark' });
  });
});
