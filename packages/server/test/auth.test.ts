import { eq, sql } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMsg, LOGIN_GUARD, MSG, Role } from '@oj/shared';
import { authSessions, loginFailures, users } from '../src/db/schema/index.js';
import { buildApp } from '../src/app.js';
import { ok } from '../src/lib/envelope.js';
import { optionalUser, signToken, userOf } from '../src/lib/auth.js';
import { requireSite } from '../src/lib/site-policy.js';
import { sealPuzzle } from '../src/lib/puzzle.js';
import { PIECE_BOX } from '../src/lib/puzzle-draw.js';
import { getSecrets } from '../src/lib/secrets.js';
import { createTestApp, ROOT_PASSWORD, type TestApp } from './harness.js';
import { agedToken, createUser, del, get, login, post, puzzleAnswer, rootToken, sessionIdOf, settled, shiftBack } from './helpers.js';
import { client } from './client.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createUser(t, { username: 'Alice', password: 'alice-pass' });
  await createUser(t, { username: 'bob', password: 'bob-pass' });
  await createUser(t, { username: 'carol', password: 'carol-pass' });
  await createUser(t, { username: 'dave', password: 'dave-pass' });
  await createUser(t, { username: 'erin', password: 'erin-pass' });
  await createUser(t, { username: 'frank', password: 'frank-pass' });
  await createUser(t, { username: 'probadmin', password: 'probadmin-pass', roles: [Role.PROBLEM_ADMIN] });
  await createUser(t, { username: 'mallory', password: 'mallory-pass', status: 1 });
});
afterAll(() => t.close());

const failLogin = (username: string, ip?: string, extra: { puzzleToken?: string; puzzleX?: number } = {}) =>
  client(t).call('account.login', { body: { username, password: 'wrong-password', ...extra } }, { ip });

const dataUrlPng = (url: string) => PNG.sync.read(Buffer.from(url.replace(/^data:image\/png;base64,/, ''), 'base64'));

describe('login', () => {
  it('returns the user info in the body and the token in the Authorization header', async () => {
    const r = await client(t).call('account.login', { body: { username: 'Alice', password: 'alice-pass' } });
    expect(r.http).toBe(200);
    expect(r.status).toBe(200);
    expect(r.headers.authorization).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(r.data).toMatchObject({ username: 'Alice', email: 'alice@example.com', roleList: ['user'], hasCfSession: false });
    expect(r.data).not.toHaveProperty('password');
    expect(r.data).not.toHaveProperty('cfSession');
  });

  it('accepts the username in any letter case', async () => {
    const r = await client(t).call('account.login', { body: { username: 'ALICE', password: 'alice-pass' } });
    expect(r.status).toBe(200);
    expect(r.data.username).toBe('Alice');
  });

  it('answers a wrong password and an unknown username alike and counts both', async () => {
    const wrong = await failLogin('bob', '10.0.0.1');
    expect(wrong).toMatchObject({ http: 200, status: 400, msg: MSG.loginFailed, data: { failures: 1, needPuzzle: false } });
    expect(wrong.headers.authorization).toBeUndefined();
    const unknown = await failLogin('nobody-here', '10.0.0.1');
    expect(unknown).toMatchObject({ http: 200, status: 400, msg: MSG.loginFailed, data: { failures: 1, needPuzzle: false } });
    const again = await failLogin('nobody-here', '10.0.0.1');
    expect(again.data).toMatchObject({ failures: 2 });
  });

  it('counts failures per username and IP', async () => {
    await failLogin('carol', '10.0.1.1');
    await failLogin('carol', '10.0.1.1');
    const other = await failLogin('carol', '10.0.1.2');
    expect(other.data).toMatchObject({ failures: 1 });
  });

  it('forgets failures older than 30 minutes', async () => {
    await failLogin('dave', '10.0.2.1');
    await failLogin('dave', '10.0.2.1');
    await shiftBack(t, 'login_failure', 'last_failure_at', 31 * 60, "username = 'dave'");
    const r = await failLogin('dave', '10.0.2.1');
    expect(r.data).toMatchObject({ failures: 1 });
  });

  it('refuses a disabled account even with the right password', async () => {
    const r = await client(t).call('account.login', { body: { username: 'mallory', password: 'mallory-pass' } });
    expect(r).toMatchObject({ status: 400, msg: MSG.accountDisabled });
    expect(r.headers.authorization).toBeUndefined();
  });

  it('rejects payloads of the wrong shape with 400, never 500', async () => {
    for (const body of [{}, { username: 'x' }, { username: 5, password: 'x' }, { username: 'x'.repeat(50), password: 'y' }, [], null, 42]) {
      const r = await post(t, '/api/login', body);
      expect(r.http).toBe(400);
      expect(r.status).toBe(400);
    }
    // Not JSON at all: the content type is refused (415), still with the envelope.
    const text = await post(t, '/api/login', 'username=x&password=y');
    expect(text.http).toBe(415);
    expect(text.status).toBe(415);
    const broken = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(broken.statusCode).toBe(400);
  });
});

describe('slide puzzle', () => {
  async function fiveFailures(username: string, ip: string) {
    for (let i = 0; i < 5; i++) await failLogin(username, ip);
  }

  it('is required from 5 failures, even with the right password', async () => {
    const ip = '10.1.0.1';
    for (let i = 1; i <= 4; i++) expect((await failLogin('erin', ip)).data).toEqual({ failures: i, needPuzzle: false });
    expect((await failLogin('erin', ip)).data).toEqual({ failures: 5, needPuzzle: true });
    const r = await client(t).call('account.login', { body: { username: 'erin', password: 'erin-pass' } }, { ip });
    expect(r).toMatchObject({ status: 400, msg: MSG.puzzleRequired, data: { failures: 5, needPuzzle: true } });
    expect(r.headers.authorization).toBeUndefined();
  });

  it('serves a 325x100 background and a piece with transparency, without revealing the answer', async () => {
    const r = await client(t).call('account.loginPuzzle');
    expect(r.status).toBe(200);
    const { bgImage, pieceImage, puzzleToken, y, width, height } = r.data;
    expect([width, height]).toEqual([325, 100]);
    const bg = dataUrlPng(bgImage);
    const piece = dataUrlPng(pieceImage);
    expect([bg.width, bg.height]).toEqual([325, 100]);
    expect([piece.width, piece.height]).toEqual([PIECE_BOX, PIECE_BOX]);
    expect(y).toBeGreaterThanOrEqual(0);
    expect(y + PIECE_BOX).toBeLessThanOrEqual(100);
    const alphas = new Set<number>();
    for (let i = 3; i < piece.data.length; i += 4) alphas.add(piece.data[i]!);
    expect(alphas.has(0)).toBe(true);
    expect(alphas.has(255)).toBe(true);
    // The token is sealed: no readable JSON with the offset inside.
    expect(Buffer.from(puzzleToken, 'base64url').toString('latin1')).not.toMatch(/"x"/);
    const x = await puzzleAnswer(t, puzzleToken);
    expect(x).toBeGreaterThanOrEqual(60);
    expect(x).toBeLessThanOrEqual(325 - 42 - 10);
  });

  it('can be solved by looking at the images alone (the hole is where the piece was cut, the decoy has another shape)', async () => {
    const r = await client(t).call('account.loginPuzzle');
    const bg = dataUrlPng(r.data.bgImage);
    const piece = dataUrlPng(r.data.pieceImage);
    const y: number = r.data.y;
    // The hole is the cut-out picture darkened by some factor and speckled: the place whose pixels go
    // up and down with the piece's (correlation over the piece's inside, rim left out) is the answer.
    const inside: number[] = [];
    for (let py = 4; py < PIECE_BOX - 4; py++)
      for (let px = 4; px < PIECE_BOX - 4; px++) if (piece.data[(py * PIECE_BOX + px) * 4 + 3] === 255) inside.push(py * PIECE_BOX + px);
    const lum = (d: Buffer, i: number) => d[i]! + d[i + 1]! + d[i + 2]!;
    const a = inside.map((p) => lum(piece.data, p * 4));
    const ma = a.reduce((s, v) => s + v, 0) / a.length;
    let best = -1;
    let bestScore = -Infinity;
    for (let x = 0; x <= 325 - PIECE_BOX; x++) {
      const b = inside.map((p) => lum(bg.data, ((y + Math.floor(p / PIECE_BOX)) * 325 + x + (p % PIECE_BOX)) * 4));
      const mb = b.reduce((s, v) => s + v, 0) / b.length;
      let num = 0,
        da = 0,
        db = 0;
      for (let i = 0; i < a.length; i++) {
        num += (a[i]! - ma) * (b[i]! - mb);
        da += (a[i]! - ma) ** 2;
        db += (b[i]! - mb) ** 2;
      }
      const score = num / Math.sqrt(da * db || 1);
      if (score > bestScore) {
        bestScore = score;
        best = x;
      }
    }
    expect(Math.abs(best - (await puzzleAnswer(t, r.data.puzzleToken)))).toBeLessThanOrEqual(2);
  });

  it('lets the user in once solved within 4 px, and clears the failures', async () => {
    const ip = '10.1.1.1';
    await fiveFailures('frank', ip);
    const { data } = await client(t).call('account.loginPuzzle');
    const x = await puzzleAnswer(t, data.puzzleToken);
    const r = await client(t).call(
      'account.login',
      { body: { username: 'frank', password: 'frank-pass', puzzleToken: data.puzzleToken, puzzleX: x + 3.5 } },
      { ip },
    );
    expect(r.status).toBe(200);
    expect(r.headers.authorization).toBeTruthy();
    expect((await failLogin('frank', ip)).data).toEqual({ failures: 1, needPuzzle: false });
  });

  it('refuses a wrong offset without checking the password, and counts it as a failure', async () => {
    const ip = '10.1.2.1';
    await fiveFailures('frank', ip);
    const { data } = await client(t).call('account.loginPuzzle');
    const x = await puzzleAnswer(t, data.puzzleToken);
    const r = await client(t).call(
      'account.login',
      { body: { username: 'frank', password: 'frank-pass', puzzleToken: data.puzzleToken, puzzleX: x + 5 } },
      { ip },
    );
    expect(r).toMatchObject({ status: 400, msg: MSG.puzzleFailed, data: { failures: 6, needPuzzle: true } });
    expect(r.headers.authorization).toBeUndefined();
  });

  it('locks after 20 failures even when they are blind guesses at the puzzle', async () => {
    const ip = '10.1.2.2';
    await fiveFailures('frank', ip);
    let last;
    for (let i = 6; i <= 20; i++) {
      const { data } = await client(t).call('account.loginPuzzle');
      // A fixed guess, as a script would send it; it may hit now and then, which then is a wrong password.
      last = await client(t).call('account.login', { body: { username: 'frank', password: 'nope-nope', puzzleToken: data.puzzleToken, puzzleX: 150 } }, { ip });
      if (i < 20) expect(last.data).toMatchObject({ failures: i });
    }
    expect(last).toMatchObject({ msg: formatMsg(MSG.accountLocked, { minutes: 30 }), data: { failures: 20, lockedMinutes: 30 } });
    const { data } = await client(t).call('account.loginPuzzle');
    const solved = { puzzleToken: data.puzzleToken, puzzleX: await puzzleAnswer(t, data.puzzleToken) };
    expect((await client(t).call('account.login', { body: { username: 'frank', password: 'frank-pass', ...solved } }, { ip })).msg).toBe(
      formatMsg(MSG.accountLocked, { minutes: 30 }),
    );
  });

  it('accepts each challenge once: a reused, forged or expired challenge fails', async () => {
    const ip = '10.1.3.1';
    await fiveFailures('frank', ip);
    const { data } = await client(t).call('account.loginPuzzle');
    const x = await puzzleAnswer(t, data.puzzleToken);
    // First use with a wrong password: the challenge is used up, the failure counts.
    const first = await client(t).call(
      'account.login',
      { body: { username: 'frank', password: 'nope-nope', puzzleToken: data.puzzleToken, puzzleX: x } },
      { ip },
    );
    expect(first).toMatchObject({ msg: MSG.loginFailed, data: { failures: 6, needPuzzle: true } });
    const reuse = await client(t).call(
      'account.login',
      { body: { username: 'frank', password: 'frank-pass', puzzleToken: data.puzzleToken, puzzleX: x } },
      { ip },
    );
    expect(reuse).toMatchObject({ msg: MSG.puzzleFailed, data: { failures: 7 } });

    const forged = await client(t).call(
      'account.login',
      { body: { username: 'frank', password: 'frank-pass', puzzleToken: 'A'.repeat(80), puzzleX: 100 } },
      { ip },
    );
    expect(forged.msg).toBe(MSG.puzzleFailed);
    const tampered = data.puzzleToken.slice(0, -2) + (data.puzzleToken.endsWith('AA') ? 'BB' : 'AA');
    expect(
      (await client(t).call('account.login', { body: { username: 'frank', password: 'frank-pass', puzzleToken: tampered, puzzleX: x } }, { ip })).msg,
    ).toBe(MSG.puzzleFailed);

    const { puzzleKey } = await getSecrets(t.database);
    const expired = sealPuzzle(puzzleKey, { id: 'expired-one', x: 100, exp: Date.now() - 1000 });
    expect(
      (await client(t).call('account.login', { body: { username: 'frank', password: 'frank-pass', puzzleToken: expired, puzzleX: 100 } }, { ip })).msg,
    ).toBe(MSG.puzzleFailed);
  });
});

describe('lock after 20 failures', () => {
  async function failWithPuzzle(username: string, ip: string) {
    const { data } = await client(t).call('account.loginPuzzle');
    return failLogin(username, ip, { puzzleToken: data.puzzleToken, puzzleX: await puzzleAnswer(t, data.puzzleToken) });
  }

  it('locks the username on that IP for 30 minutes, even for the right password', async () => {
    const ip = '10.2.0.1';
    let last;
    for (let i = 1; i <= 20; i++) last = i <= 5 ? await failLogin('bob', ip) : await failWithPuzzle('bob', ip);
    expect(last).toMatchObject({ status: 400, msg: formatMsg(MSG.accountLocked, { minutes: 30 }), data: { failures: 20, lockedMinutes: 30 } });

    const right = await client(t).call('account.login', { body: { username: 'bob', password: 'bob-pass' } }, { ip });
    expect(right.msg).toBe(formatMsg(MSG.accountLocked, { minutes: 30 }));
    expect(right.headers.authorization).toBeUndefined();
    // Not counted and no password check while locked.
    const [row] = await t.database.db.select().from(loginFailures).where(sql`username = 'bob' and ip = ${ip}`);
    expect(row!.failures).toBe(20);
    // Another network is not affected.
    expect((await client(t).call('account.login', { body: { username: 'bob', password: 'bob-pass' } }, { ip: '10.2.0.2' })).status).toBe(200);
  });

  it('lifts the lock after 30 minutes and starts counting from zero', async () => {
    const ip = '10.2.0.1';
    await shiftBack(t, 'login_failure', 'last_failure_at', 31 * 60, "username = 'bob'");
    await shiftBack(t, 'login_failure', 'locked_until', 31 * 60, "username = 'bob'");
    // The IP's own 15-minute window (its 20 failures) has ended long before.
    await shiftBack(t, 'login_ip_failure', 'window_start', 31 * 60, `ip = '${ip}'`);
    const r = await client(t).call('account.login', { body: { username: 'bob', password: 'bob-pass' } }, { ip });
    expect(r.status).toBe(200);
    expect((await failLogin('bob', ip)).data).toEqual({ failures: 1, needPuzzle: false });
  });
});

describe('guards under parallel attempts and across usernames', () => {
  /** A puzzle fetched from `ip` (challenges are counted per address) and its answer. */
  const solvedPuzzle = async (ip: string) => {
    const { data } = await client(t).call('account.loginPuzzle', {}, { ip });
    return { puzzleToken: data.puzzleToken, puzzleX: await puzzleAnswer(t, data.puzzleToken) };
  };
  /** How many attempts got a password check: only a checked wrong password answers loginFailed. */
  const checked = (rs: { msg: string }[]) => rs.filter((r) => r.msg === MSG.loginFailed).length;

  it('200 parallel wrong passwords for one username get no more password checks than one by one (5)', async () => {
    await createUser(t, { username: 'grace', password: 'grace-pass' });
    const ip = '10.3.0.1';
    const rs = await Promise.all(
      Array.from({ length: 200 }, (_, i) => client(t).call('account.login', { body: { username: 'grace', password: `guess-${i}` } }, { ip })),
    );
    expect(rs.every((r) => r.http === 200 && r.status === 400)).toBe(true);
    expect(checked(rs)).toBe(LOGIN_GUARD.puzzleAfterFailures);
    for (const r of rs.filter((x) => x.msg !== MSG.loginFailed)) expect([MSG.puzzleRequired, formatMsg(MSG.accountLocked, { minutes: 30 })]).toContain(r.msg);
    // The right password now needs the puzzle, at least.
    expect((await client(t).call('account.login', { body: { username: 'grace', password: 'grace-pass' } }, { ip })).status).toBe(400);
  });

  it('one IP trying many usernames gets the puzzle after 10 failures, also in parallel', async () => {
    const ip = '10.3.1.1';
    const one = [];
    for (let i = 0; i < 12; i++) one.push(await failLogin(`nobody-${i}`, ip));
    expect(checked(one)).toBe(LOGIN_GUARD.perIp.puzzleAfterFailures);
    expect(one[9]!.data).toMatchObject({ needPuzzle: true });
    expect(one[10]).toMatchObject({ msg: MSG.puzzleRequired, data: { needPuzzle: true } });
    // Even a real account's right password from there.
    expect((await client(t).call('account.login', { body: { username: 'carol', password: 'carol-pass' } }, { ip })).msg).toBe(MSG.puzzleRequired);
    expect((await client(t).call('account.login', { body: { username: 'carol', password: 'carol-pass', ...(await solvedPuzzle(ip)) } }, { ip })).status).toBe(
      200,
    );

    const burst = await Promise.all(Array.from({ length: 150 }, (_, i) => failLogin(`someone-${i}`, '10.3.1.2')));
    expect(checked(burst)).toBe(LOGIN_GUARD.perIp.puzzleAfterFailures);
  });

  it('locks the IP for every username after 50 failures in 15 minutes; other networks go on', async () => {
    const ip = '10.3.2.1';
    let last;
    for (let i = 1; i <= LOGIN_GUARD.perIp.lockAfterFailures; i++) {
      last = await failLogin(`user-${i}`, ip, i > LOGIN_GUARD.perIp.puzzleAfterFailures ? await solvedPuzzle(ip) : {});
      if (i < LOGIN_GUARD.perIp.lockAfterFailures) expect(last.msg, `attempt ${i}`).toBe(MSG.loginFailed);
    }
    const locked = formatMsg(MSG.loginIpLocked, { minutes: 15 });
    expect(last).toMatchObject({ msg: locked, data: { lockedMinutes: 15 } });
    expect((await client(t).call('account.login', { body: { username: 'carol', password: 'carol-pass', ...(await solvedPuzzle(ip)) } }, { ip })).msg).toBe(
      locked,
    );
    expect((await client(t).call('account.login', { body: { username: 'carol', password: 'carol-pass' } }, { ip: '10.3.2.2' })).status).toBe(200);
    await shiftBack(t, 'login_ip_failure', 'window_start', 16 * 60, `ip = '${ip}'`);
    await shiftBack(t, 'login_ip_failure', 'locked_until', 16 * 60, `ip = '${ip}'`);
    expect((await client(t).call('account.login', { body: { username: 'carol', password: 'carol-pass' } }, { ip })).status).toBe(200);
  });

  it('does not count successful logins against the IP', async () => {
    const ip = '10.3.3.1';
    for (let i = 0; i < LOGIN_GUARD.perIp.puzzleAfterFailures - 1; i++) await failLogin(`ghost-${i}`, ip);
    for (let i = 0; i < 5; i++)
      expect((await client(t).call('account.login', { body: { username: 'carol', password: 'carol-pass' } }, { ip })).status).toBe(200);
    expect(await failLogin('ghost-last', ip)).toMatchObject({ msg: MSG.loginFailed, data: { needPuzzle: true } });
  });
});

describe('tokens and sessions', () => {
  it('needs a token for protected calls: 401 with the login message and the Url-Type echoed', async () => {
    const r = await client(t).call('account.authInfo', {}, { headers: { 'url-type': 'general' } });
    expect(r).toMatchObject({ http: 401, status: 401, msg: MSG.loginFirst, data: null });
    expect(r.headers['url-type']).toBe('general');
    const garbage = await client(t, 'not-a-token').call('account.authInfo');
    expect(garbage).toMatchObject({ http: 401, msg: MSG.loginFirst });
  });

  it('gives roles and permissions, and tolerates a Bearer prefix', async () => {
    const token = await login(t, 'Alice', 'alice-pass');
    const r = await client(t).call('account.authInfo', {}, { headers: { authorization: `Bearer ${token}` } });
    expect(r.status).toBe(200);
    expect(r.data.roles).toEqual(['user']);
    expect(r.data.permissions).toEqual(expect.arrayContaining(['submit', 'discussion_add']));
    expect(r.data.permissions).not.toContain('user_admin');
    const root = await client(t, await rootToken(t)).call('account.authInfo');
    expect(root.data.roles).toEqual(['root']);
    expect(root.data.permissions).toContain('user_admin');
  });

  it('stops accepting a token after logout', async () => {
    const token = await login(t, 'Alice', 'alice-pass');
    const other = await login(t, 'Alice', 'alice-pass');
    const out = await client(t, token).call('account.logout');
    expect(out).toMatchObject({ status: 200, msg: MSG.logoutSuccess });
    const after = await client(t, token).call('account.authInfo');
    expect(after).toMatchObject({ http: 401, msg: MSG.tokenExpired });
    // Other logins of the same user go on.
    expect((await client(t, other).call('account.authInfo')).status).toBe(200);
  });

  it('refuses a token whose signature or expiry does not hold, or whose session expired', async () => {
    const token = await login(t, 'Alice', 'alice-pass');
    const [h, p, s] = token.split('.');
    const badSig = `${h}.${p}.${s!.slice(0, -3)}${s!.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    expect((await client(t, badSig).call('account.authInfo')).http).toBe(401);

    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString()) as { sub: string; jti: string };
    const expired = await signToken(t.database, payload.sub, payload.jti, new Date(Date.now() - 25 * 3600_000), new Date(Date.now() - 3600_000));
    expect(await client(t, expired).call('account.authInfo')).toMatchObject({ http: 401, msg: MSG.tokenExpired });

    // A token for a session id that does not exist (e.g. signed before a database reset).
    const stray = await signToken(t.database, payload.sub, 'no-such-session', new Date(), new Date(Date.now() + 3600_000));
    expect((await client(t, stray).call('account.authInfo')).http).toBe(401);

    await t.database.db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSessions.id, payload.jti));
    await settled(t);
    expect(await client(t, token).call('account.authInfo')).toMatchObject({ http: 401, msg: MSG.tokenExpired });
  });

  it('refuses tokens of a user who was disabled after logging in', async () => {
    const uid = await createUser(t, { username: 'soon-disabled' });
    const token = await login(t, 'soon-disabled');
    expect((await client(t, token).call('account.authInfo')).http).toBe(200);
    await t.database.db.update(users).set({ status: 1 }).where(eq(users.uid, uid));
    await settled(t);
    expect(await client(t, token).call('account.authInfo')).toMatchObject({ http: 401, msg: MSG.accountDisabled });
  });

  it('refreshes a token older than 12 hours: same session, new token, later expiry', async () => {
    const fresh = await login(t, 'Alice', 'alice-pass');
    const young = await client(t, fresh).call('account.authInfo');
    expect(young.headers['refresh-token']).toBeUndefined();

    const old = await agedToken(t, fresh, 13 * 3600);
    const before = (
      await t.database.db
        .select()
        .from(authSessions)
        .where(eq(authSessions.id, sessionIdOf(fresh)))
    )[0]!;
    const r = await client(t, old).call('account.authInfo');
    expect(r.status).toBe(200);
    expect(r.headers['refresh-token']).toBe('true');
    const renewed = r.headers.authorization as string;
    expect(renewed).toBeTruthy();
    expect(renewed).not.toBe(old);
    expect(sessionIdOf(renewed)).toBe(sessionIdOf(fresh));
    const after = (
      await t.database.db
        .select()
        .from(authSessions)
        .where(eq(authSessions.id, sessionIdOf(fresh)))
    )[0]!;
    expect(after.expiresAt.getTime()).toBeGreaterThan(before.expiresAt.getTime() + 12 * 3600_000);
    const next = await client(t, renewed).call('account.authInfo');
    expect(next.status).toBe(200);
    expect(next.headers['refresh-token']).toBeUndefined();
    // Logout of the renewed token ends the old one too: it is one session.
    await client(t, renewed).call('account.logout');
    expect((await client(t, old).call('account.authInfo')).http).toBe(401);
  });
});

describe('admin area access', () => {
  it('sends anonymous callers a 401 marked admin', async () => {
    const r = await client(t).call('admin.webConfig', {}, { headers: { 'url-type': 'admin' } });
    expect(r).toMatchObject({ http: 401, msg: MSG.loginFirst });
    expect(r.headers['url-type']).toBe('admin');
    // Without the header the server still knows it is an admin path.
    expect((await client(t).call('admin.sessions')).headers['url-type']).toBe('admin');
  });

  it('forbids normal users whatever Url-Type they claim, and problem admins on root-only calls', async () => {
    const user = await login(t, 'Alice', 'alice-pass');
    for (const headers of [{}, { 'url-type': 'general' }, { 'url-type': 'admin' }] as Record<string, string>[]) {
      const r = await client(t, user).call('admin.webConfig', {}, { headers });
      expect(r).toMatchObject({ http: 403, status: 403, msg: MSG.noPermission });
    }
    expect((await client(t, user).call('admin.logout')).http).toBe(403);
    const pa = await login(t, 'probadmin', 'probadmin-pass');
    expect((await client(t, pa).call('admin.webConfig')).http).toBe(403);
    expect((await client(t, pa).call('admin.sessions')).http).toBe(403);
  });

  it('admin login admits root, admin and problem admin only', async () => {
    const user = await client(t).call('admin.login', { body: { username: 'Alice', password: 'alice-pass' } });
    expect(user).toMatchObject({ http: 200, status: 400, msg: MSG.loginAsAdmin });
    expect(user.headers.authorization).toBeUndefined();
    const pa = await client(t).call('admin.login', { body: { username: 'probadmin', password: 'probadmin-pass' } });
    expect(pa.status).toBe(200);
    expect(pa.data.roleList).toEqual(['problem_admin']);
    const root = await client(t).call('admin.login', { body: { username: 'root', password: ROOT_PASSWORD } });
    expect(root.status).toBe(200);
    expect(root.headers.authorization).toBeTruthy();
    const wrong = await client(t).call('admin.login', { body: { username: 'root', password: 'wrong-password' } }, { ip: '10.9.9.9' });
    expect(wrong).toMatchObject({ status: 400, msg: MSG.loginFailed, data: { failures: 1 } });
    const out = await client(t, root.headers.authorization as string).call('admin.logout');
    expect(out.status).toBe(200);
    expect((await client(t, root.headers.authorization as string).call('admin.webConfig')).http).toBe(401);
  });

  it('lists sessions for root without tokens, filters by user, and revokes one', async () => {
    const root = await rootToken(t);
    const uid = await createUser(t, { username: 'sessionee' });
    const s1 = await login(t, 'sessionee', 'password1', '192.0.2.7');
    await login(t, 'sessionee');
    const all = await client(t, root).call('admin.sessions', { query: { limit: 2 } });
    expect(all.status).toBe(200);
    expect(all.data.records).toHaveLength(2);
    expect(all.data.total).toBeGreaterThan(2);
    const mine = await client(t, root).call('admin.sessions', { query: { uid } });
    expect(mine.data.total).toBe(2);
    expect(mine.data.records.map((r) => r.ip)).toContain('192.0.2.7');
    for (const rec of mine.data.records) {
      expect(rec).toMatchObject({ uid, username: 'sessionee', active: true, revokedAt: null });
      expect(JSON.stringify(rec)).not.toContain(s1);
    }
    const revoked = await client(t, root).call('admin.revokeSession', { query: { id: sessionIdOf(s1) } });
    expect(revoked).toMatchObject({ status: 200, msg: MSG.sessionRevoked });
    expect((await client(t, s1).call('account.authInfo')).http).toBe(401);
    const listed = await client(t, root).call('admin.sessions', { query: { uid } });
    expect(listed.data.records.find((r) => r.id === sessionIdOf(s1))).toMatchObject({ active: false });
    expect((await client(t, root).call('admin.revokeSession', { query: { id: 'nope' } })).status).toBe(404);
    expect((await del(t, '/api/admin/user/revoke-session', { token: root })).http).toBe(400);
    expect((await get(t, '/api/admin/user/get-sessions', { token: root, query: { currentPage: 'x' } })).http).toBe(400);
  });
});

describe('guards for other modules', () => {
  it('site guards follow the permission codes and roles of the policy; optionalUser personalises public calls', async () => {
    const app = await buildApp({ config: t.config, database: t.database });
    app.get('/api/test/rejudge', { preHandler: requireSite('rejudge') }, async (req) => ok(userOf(req).username));
    app.get('/api/test/submit', { preHandler: requireSite('submit') }, async (req) => ok(userOf(req).username));
    app.get('/api/test/admins', { preHandler: requireSite('readAllCode') }, async () => ok(true));
    app.get('/api/test/hello', async (req, reply) => ok((await optionalUser(req, reply))?.username ?? 'stranger'));
    await app.ready();
    try {
      const noSubmit = await createUser(t, { username: 'nosubmit', roles: [Role.NO_SUBMIT] });
      void noSubmit;
      const user = await login(t, 'Alice', 'alice-pass');
      const banned = await login(t, 'nosubmit');
      const root = await rootToken(t);
      const hit = async (url: string, token?: string) => {
        const res = await app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
        return { http: res.statusCode, ...(res.json() as { msg: string; data: unknown }) };
      };
      expect(await hit('/api/test/submit', user)).toMatchObject({ http: 200, data: 'Alice' });
      expect(await hit('/api/test/submit', banned)).toMatchObject({ http: 403, msg: MSG.noPermission });
      expect((await hit('/api/test/submit')).http).toBe(401);
      expect((await hit('/api/test/rejudge', user)).http).toBe(403);
      expect((await hit('/api/test/rejudge', root)).http).toBe(200);
      expect((await hit('/api/test/admins', user)).http).toBe(403);
      expect((await hit('/api/test/admins', root)).http).toBe(200);
      expect((await hit('/api/test/hello')).data).toBe('stranger');
      expect((await hit('/api/test/hello', 'garbage')).data).toBe('stranger');
      expect((await hit('/api/test/hello', user)).data).toBe('Alice');
    } finally {
      await app.close();
    }
  });
});
