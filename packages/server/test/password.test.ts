import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmailCodeWait, formatMsg, MSG } from '@oj/shared';
import { captchas, emailCodes, loginFailures, users } from '../src/db/schema/index.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, get, login, post, setWebsite, shiftBack, useSmtpSink } from './helpers.js';
import { client } from './client.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';

let t: TestApp;
let sink: SmtpSink;
beforeAll(async () => {
  // What an operator sets (OJ_BASE_URL); one test below takes it away again.
  t = await createTestApp({ baseUrl: 'https://oj.test' });
  sink = await startSmtpSink();
  await useSmtpSink(t, sink);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

/** A captcha and its answer, read from the database as only the server knows it. */
async function captcha(): Promise<{ captchaKey: string; captcha: string; img: string }> {
  const r = await client(t).call('account.captcha');
  expect(r.status).toBe(200);
  const [row] = await t.database.db.select().from(captchas).where(eq(captchas.key, r.data.captchaKey));
  return { captchaKey: r.data.captchaKey, captcha: row!.text, img: r.data.img };
}

async function applyReset(email: string, ip?: string) {
  return client(t).call('account.applyResetPassword', { body: { email, ...(await captcha()) } }, { ip });
}

function resetLinkOf(text: string): URL {
  const href = /(https?:\/\/\S+\/reset-password\?\S+)/.exec(text)?.[1];
  expect(href).toBeDefined();
  return new URL(href!);
}

describe('captcha', () => {
  it('is an SVG image with a key; the answer is not in the response', async () => {
    const r = await client(t).call('account.captcha');
    expect(r.data.img).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(r.data.img.split(',')[1], 'base64').toString()).toContain('<svg');
    const [row] = await t.database.db.select().from(captchas).where(eq(captchas.key, r.data.captchaKey));
    expect(JSON.stringify(r.data)).not.toContain(`"${row!.text}"`);
  });
});

describe('reset password', () => {
  it("writes the mail in the user's stored language, else in the language of the request", async () => {
    await createUser(t, { username: 'kenji', email: 'kenji@example.com' });
    await t.database.db.update(users).set({ language: 'ja-JP' }).where(eq(users.username, 'kenji'));
    const r = await client(t).call(
      'account.applyResetPassword',
      { body: { email: 'kenji@example.com', ...(await captcha()) } },
      { ip: '10.5.8.1', headers: { 'accept-language': 'en-US' } },
    );
    expect(r.status, r.msg).toBe(200);
    const ja = await sink.lastTo('kenji@example.com');
    expect(ja.subject).toMatch(/パスワードの再設定/);
    expect(ja.text).toContain('kenji さん');
    expect(ja.text).toContain('新しいパスワードを設定: https://oj.test/reset-password?');

    await createUser(t, { username: 'noor', email: 'noor@example.com' });
    await client(t).call(
      'account.applyResetPassword',
      { body: { email: 'noor@example.com', ...(await captcha()) } },
      { ip: '10.5.8.2', headers: { 'accept-language': 'en-US,en;q=0.9' } },
    );
    expect((await sink.lastTo('noor@example.com')).subject).toMatch(/reset your password/);
  });

  it('mails a link with username and code, which sets a new password and ends all logins', async () => {
    await createUser(t, { username: 'Forgetful', password: 'old-password', email: 'forgetful@example.com' });
    const session = await login(t, 'Forgetful', 'old-password');
    await client(t).call('account.login', { body: { username: 'forgetful', password: 'guess-1' } }, { ip: '10.5.0.1' });

    const r = await applyReset('Forgetful@example.com');
    expect(r).toMatchObject({ status: 200, msg: MSG.resetSent });
    const mail = await sink.lastTo('forgetful@example.com');
    const link = resetLinkOf(mail.text);
    // The base URL the operator configured (OJ_BASE_URL).
    expect(link.origin).toBe('https://oj.test');
    expect(link.pathname).toBe('/reset-password');
    expect(link.searchParams.get('username')).toBe('Forgetful');
    const code = link.searchParams.get('code')!;
    expect(code.length).toBeGreaterThanOrEqual(32);
    expect(mail.html).toContain('reset-password?username=Forgetful&amp;code=');
    // Only a hash of the code is stored.
    const rows = await t.database.db.select().from(emailCodes).where(eq(emailCodes.purpose, 'reset'));
    expect(rows.some((x) => x.code === code)).toBe(false);

    const done = await client(t).call('account.resetPassword', { body: { username: 'Forgetful', password: 'new-password', code } });
    expect(done).toMatchObject({ status: 200, msg: MSG.passwordChanged });
    expect((await client(t, session).call('account.authInfo')).http).toBe(401);
    expect((await client(t).call('account.login', { body: { username: 'Forgetful', password: 'old-password' } })).msg).toBe(MSG.loginFailed);
    await login(t, 'Forgetful', 'new-password');
    // Failures left by guessing were cleared.
    expect(await t.database.db.select().from(loginFailures).where(eq(loginFailures.username, 'forgetful'))).toHaveLength(0);

    const again = await client(t).call('account.resetPassword', { body: { username: 'Forgetful', password: 'newer-password', code } });
    expect(again).toMatchObject({ status: 400, msg: MSG.resetLinkInvalid });
  });

  it('uses the base URL of the web config for the link, before OJ_BASE_URL', async () => {
    await createUser(t, { username: 'based', email: 'based@example.com' });
    await setWebsite(t, { baseUrl: 'https://oj.example.org/' });
    try {
      expect((await applyReset('based@example.com', '10.5.1.1')).status).toBe(200);
      expect(resetLinkOf((await sink.lastTo('based@example.com')).text).origin).toBe('https://oj.example.org');
    } finally {
      await setWebsite(t, { baseUrl: '' });
    }
  });

  it('never builds the link from Host or X-Forwarded-Host', async () => {
    await createUser(t, { username: 'hosted', email: 'hosted@example.com' });
    const forged: Record<string, string>[] = [{ host: 'evil.example' }, { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }];
    for (const [i, headers] of forged.entries()) {
      await shiftBack(t, 'email_code', 'created_at', 91, "email = 'hosted@example.com'");
      // From the trusted proxy on loopback, so X-Forwarded-* would be believed if anything read them.
      const r = await client(t).call(
        'account.applyResetPassword',
        { body: { email: 'hosted@example.com', ...(await captcha()) } },
        { ip: `10.5.9.${i + 1}`, headers },
      );
      expect(r.status, r.msg).toBe(200);
      const mail = await sink.lastTo('hosted@example.com');
      expect(mail.text + mail.html).not.toContain('evil.example');
      expect(resetLinkOf(mail.text).origin).toBe('https://oj.test');
    }
  });

  it('mails a relative path when no base URL is configured, never the request host', async () => {
    await createUser(t, { username: 'unset', email: 'unset@example.com' });
    const configured = t.config.baseUrl;
    t.config.baseUrl = undefined;
    try {
      const r = await client(t).call(
        'account.applyResetPassword',
        { body: { email: 'unset@example.com', ...(await captcha()) } },
        { ip: '10.5.9.9', headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } },
      );
      expect(r.status, r.msg).toBe(200);
      const mail = await sink.lastTo('unset@example.com');
      expect(mail.text + mail.html).not.toContain('evil.example');
      expect(mail.text).not.toMatch(/https?:\/\/\S*reset-password/);
      const path = /\s(\/reset-password\?username=unset&code=[\w-]+)/.exec(mail.text)?.[1];
      expect(path).toBeDefined();
      const code = new URL(path!, 'https://any.example').searchParams.get('code')!;
      expect((await client(t).call('account.resetPassword', { body: { username: 'unset', password: 'from-the-path', code } })).status).toBe(200);
    } finally {
      t.config.baseUrl = configured;
    }
  });

  it('ignores an Origin header naming another site', async () => {
    await createUser(t, { username: 'phished', email: 'phished@example.com' });
    const r = await client(t).call(
      'account.applyResetPassword',
      { body: { email: 'phished@example.com', ...(await captcha()) } },
      { ip: '10.5.2.1', headers: { origin: 'https://evil.example' } },
    );
    expect(r.status).toBe(200);
    expect(resetLinkOf((await sink.lastTo('phished@example.com')).text).host).not.toBe('evil.example');
  });

  it('refuses a wrong or reused captcha, and checks it before anything else', async () => {
    await createUser(t, { username: 'capper', email: 'capper@example.com' });
    const c = await captcha();
    const wrong = await client(t).call('account.applyResetPassword', { body: { email: 'capper@example.com', captchaKey: c.captchaKey, captcha: 'zzzz' } });
    expect(wrong).toMatchObject({ status: 400, msg: MSG.captchaWrong });
    // The captcha was used up by the wrong answer.
    const reused = await client(t).call('account.applyResetPassword', { body: { email: 'capper@example.com', ...c } });
    expect(reused.msg).toBe(MSG.captchaWrong);
    const unknownKey = await client(t).call('account.applyResetPassword', { body: { email: 'capper@example.com', captchaKey: 'nope', captcha: 'abcd' } });
    expect(unknownKey.msg).toBe(MSG.captchaWrong);
    // Answers are not case sensitive.
    const c2 = await captcha();
    expect(
      (
        await client(t).call(
          'account.applyResetPassword',
          { body: { email: 'capper@example.com', ...c2, captcha: c2.captcha.toUpperCase() } },
          { ip: '10.5.3.1' },
        )
      ).status,
    ).toBe(200);
  });

  it('refuses an expired captcha', async () => {
    const c = await captcha();
    await shiftBack(t, 'captcha', 'expires_at', 301, `key = '${c.captchaKey}'`);
    expect((await client(t).call('account.applyResetPassword', { body: { email: 'capper@example.com', ...c } })).msg).toBe(MSG.captchaWrong);
  });

  it('says when the e-mail has no account', async () => {
    const r = await applyReset('nobody@example.com');
    expect(r).toMatchObject({ status: 400, msg: MSG.emailNotExist });
  });

  it('waits 90 seconds between mails to one address', async () => {
    await createUser(t, { username: 'impatient', email: 'impatient@example.com' });
    expect((await applyReset('impatient@example.com', '10.5.4.1')).status).toBe(200);
    const r = await applyReset('impatient@example.com', '10.5.4.2');
    expect(r.status).toBe(400);
    const { seconds } = r.data as unknown as EmailCodeWait;
    expect(seconds).toBeGreaterThan(85);
    expect(r.msg).toBe(formatMsg(MSG.emailCodeWait, { seconds }));
    await shiftBack(t, 'email_code', 'created_at', 91, "email = 'impatient@example.com'");
    expect((await applyReset('impatient@example.com', '10.5.4.3')).status).toBe(200);
    // Both links were sent; using the newer one kills the older one.
    const mails = sink.mails.filter((m) => m.to.includes('impatient@example.com'));
    expect(mails).toHaveLength(2);
    const [older, newer] = mails.map((m) => resetLinkOf(m.text).searchParams.get('code')!);
    expect((await client(t).call('account.resetPassword', { body: { username: 'impatient', password: 'brand-new', code: newer } })).status).toBe(200);
    expect((await client(t).call('account.resetPassword', { body: { username: 'impatient', password: 'brand-new2', code: older } })).msg).toBe(
      MSG.resetLinkInvalid,
    );
  });

  it('refuses an expired link, a link of another user and a made-up code', async () => {
    await createUser(t, { username: 'slowpoke', email: 'slowpoke@example.com' });
    await createUser(t, { username: 'bystander', email: 'bystander@example.com' });
    expect((await applyReset('slowpoke@example.com', '10.5.5.1')).status).toBe(200);
    const code = resetLinkOf((await sink.lastTo('slowpoke@example.com')).text).searchParams.get('code')!;
    expect((await client(t).call('account.resetPassword', { body: { username: 'bystander', password: 'hijacked', code } })).msg).toBe(MSG.resetLinkInvalid);
    expect((await client(t).call('account.resetPassword', { body: { username: 'slowpoke', password: 'whatever', code: 'made-up' } })).msg).toBe(
      MSG.resetLinkInvalid,
    );
    expect((await client(t).call('account.resetPassword', { body: { username: 'ghost', password: 'whatever', code } })).msg).toBe(MSG.resetLinkInvalid);
    await t.database.db
      .update(emailCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailCodes.email, 'slowpoke@example.com'));
    expect((await client(t).call('account.resetPassword', { body: { username: 'slowpoke', password: 'whatever', code } })).msg).toBe(MSG.resetLinkInvalid);
    expect((await post(t, '/api/reset-password', { username: 'slowpoke', password: '123', code })).http).toBe(400);
  });

  it('reports a mail that could not be sent and allows a retry at once', async () => {
    await createUser(t, { username: 'bounced', email: 'bounced@example.com' });
    sink.failNext();
    expect((await applyReset('bounced@example.com', '10.5.6.1')).msg).toBe(MSG.emailSendFailed);
    expect((await applyReset('bounced@example.com', '10.5.6.2')).status).toBe(200);
  });
});

describe('change password', () => {
  it('checks the current password, refuses the same one, and ends every login', async () => {
    await createUser(t, { username: 'changer', password: 'first-pass' });
    const a = await login(t, 'changer', 'first-pass');
    const b = await login(t, 'changer', 'first-pass');
    expect((await client(t, a).call('account.changePassword', { body: { oldPassword: 'wrong-pass', newPassword: 'second-pass' } })).msg).toBe(
      MSG.oldPasswordWrong,
    );
    expect((await client(t, a).call('account.changePassword', { body: { oldPassword: 'first-pass', newPassword: 'first-pass' } })).msg).toBe(MSG.samePassword);
    expect((await post(t, '/api/change-password', { oldPassword: 'first-pass', newPassword: '123' }, { token: a })).http).toBe(400);
    const r = await client(t, a).call('account.changePassword', { body: { oldPassword: 'first-pass', newPassword: 'second-pass' } });
    expect(r).toMatchObject({ status: 200, msg: MSG.passwordChanged });
    expect((await client(t, a).call('account.authInfo')).http).toBe(401);
    expect((await client(t, b).call('account.authInfo')).http).toBe(401);
    await login(t, 'changer', 'second-pass');
  });

  it('needs a login', async () => {
    expect((await client(t).call('account.changePassword', { body: { oldPassword: 'a', newPassword: 'bbbbbb' } })).http).toBe(401);
  });
});

describe('change email', () => {
  it('mails a code to the new address and switches after password and code', async () => {
    await createUser(t, { username: 'mover', password: 'mover-pass', email: 'old@example.com' });
    await createUser(t, { username: 'occupant', email: 'occupied@example.com' });
    const token = await login(t, 'mover', 'mover-pass');

    expect((await client(t, token).call('account.changeEmailCode', { query: { email: 'OLD@example.com' } })).msg).toBe(MSG.sameEmail);
    expect((await client(t, token).call('account.changeEmailCode', { query: { email: 'occupied@example.com' } })).msg).toBe(MSG.emailExists);
    expect((await get(t, '/api/get-change-email-code', { token, query: { email: 'bad' } })).http).toBe(400);
    expect((await client(t).call('account.changeEmailCode', { query: { email: 'new@example.com' } })).http).toBe(401);

    const sent = await client(t, token).call('account.changeEmailCode', { query: { email: 'new@example.com' } }, { ip: '10.6.0.1' });
    expect(sent.status).toBe(200);
    const code = /\b(\d{6})\b/.exec((await sink.lastTo('new@example.com')).text)![1]!;
    expect((await client(t, token).call('account.changeEmailCode', { query: { email: 'new@example.com' } }, { ip: '10.6.0.2' })).msg).toMatch(/wait/);

    const badPw = await client(t, token).call('account.changeEmail', { body: { password: 'wrong', newEmail: 'new@example.com', code } });
    expect(badPw.msg).toBe(MSG.oldPasswordWrong);
    const badCode = await client(t, token).call('account.changeEmail', {
      body: { password: 'mover-pass', newEmail: 'new@example.com', code: code === '999999' ? '999998' : '999999' },
    });
    expect(badCode.msg).toBe(MSG.emailCodeWrong);
    const otherAddress = await client(t, token).call('account.changeEmail', { body: { password: 'mover-pass', newEmail: 'else@example.com', code } });
    expect(otherAddress.msg).toBe(MSG.emailCodeWrong);

    const ok = await client(t, token).call('account.changeEmail', { body: { password: 'mover-pass', newEmail: 'new@example.com', code } });
    expect(ok).toMatchObject({ status: 200, msg: MSG.emailChanged, data: { username: 'mover', email: 'new@example.com' } });
    const [u] = await t.database.db.select().from(users).where(eq(users.username, 'mover'));
    expect(u!.email).toBe('new@example.com');
    expect((await client(t, token).call('account.changeEmail', { body: { password: 'mover-pass', newEmail: 'new@example.com', code } })).msg).toBe(
      MSG.sameEmail,
    );
  });

  it('does not accept a code another user asked for', async () => {
    await createUser(t, { username: 'asker', email: 'asker@example.com' });
    await createUser(t, { username: 'sneak', password: 'sneak-pass', email: 'sneak@example.com' });
    const asker = await login(t, 'asker');
    const sneak = await login(t, 'sneak', 'sneak-pass');
    expect((await client(t, asker).call('account.changeEmailCode', { query: { email: 'wanted@example.com' } }, { ip: '10.6.1.1' })).status).toBe(200);
    const code = /\b(\d{6})\b/.exec((await sink.lastTo('wanted@example.com')).text)![1]!;
    const r = await client(t, sneak).call('account.changeEmail', { body: { password: 'sneak-pass', newEmail: 'wanted@example.com', code } });
    expect(r.msg).toBe(MSG.emailCodeWrong);
  });
});
