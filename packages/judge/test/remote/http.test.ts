import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/shared';
import { RemoteHttp } from '../../src/remote/http.js';
import { saltSource } from '../../src/remote/salt.js';
import { RemoteError } from '../../src/remote/types.js';
import { COMMON_VERDICTS, VerdictTable } from '../../src/remote/verdicts.js';
import { startFixture, type FixtureServer } from './fixture-server.js';

let site: FixtureServer;

beforeAll(async () => {
  site = await startFixture({
    'POST /login': (r) => (r.form.get('password') === 'right' ? { location: '/home', cookies: ['sid=abc123; HttpOnly'] } : { body: 'Wrong password' }),
    'GET /home': (r) => ({ body: r.cookies.sid === 'abc123' ? 'Welcome back' : 'Please log in' }),
    'GET /logout': () => ({ location: '/home', cookies: ['sid=; Max-Age=0'] }),
    // 你好 in GBK, the page naming no charset (as HDU's do)
    'GET /gbk': () => ({ body: Buffer.from([0xc4, 0xe3, 0xba, 0xc3]), contentType: 'text/html' }),
    'GET /busy': () => ({ status: 503, body: 'try later' }),
  });
});

afterAll(() => site.close());

describe('remote HTTP session', () => {
  it('keeps the cookies a login sets, sees its redirect, and follows redirects of plain pages', async () => {
    const http = new RemoteHttp({ baseUrl: site.baseUrl });
    const refused = await http.post('/login', { form: { username: 'u', password: 'wrong' }, follow: false });
    expect(refused.text).toBe('Wrong password');
    const login = await http.post('/login', { form: { username: 'u', password: 'right' }, follow: false });
    expect(login.status).toBe(302);
    expect(login.location).toBe(`${site.baseUrl}/home`);
    expect((await http.get('/home')).text).toBe('Welcome back');
    // saved with the account and given back to a new session
    const again = new RemoteHttp({ baseUrl: site.baseUrl, cookies: http.saveCookies() });
    expect((await again.get('/home')).text).toBe('Welcome back');
    // a cookie the site expires leaves the jar
    expect((await again.get('/logout')).text).toBe('Please log in');
    expect(again.cookie('sid')).toBeUndefined();
  });

  it('decodes a page in the site charset when the answer names none', async () => {
    const http = new RemoteHttp({ baseUrl: site.baseUrl, charset: 'gbk' });
    expect((await http.get('/gbk')).text).toBe('你好');
  });

  it('says the site is unreachable on a 5xx answer and on a dropped connection', async () => {
    const http = new RemoteHttp({ baseUrl: site.baseUrl, timeoutMs: 2000 });
    await expect(http.get('/busy')).rejects.toMatchObject({ kind: 'unreachable' });
    expect((await http.get('/busy', { allowServerError: true })).status).toBe(503);
    site.down();
    try {
      const err = await http.get('/home').catch((e) => e);
      expect(err).toBeInstanceOf(RemoteError);
      expect(err.kind).toBe('unreachable');
    } finally {
      site.up();
    }
  });
});

describe('salt and verdicts', () => {
  it('puts our submission id in a comment of the language', () => {
    expect(saltSource('int main(){}', { comment: 'slash' }, 42, 1700000000000)).toBe('// online judge submission 42 @ 1700000000000\nint main(){}');
    expect(saltSource('print(1)', { comment: 'hash' }, 7, 1).startsWith('# online judge submission 7 @ 1\n')).toBe(true);
    expect(saltSource('begin end.', { comment: 'brace' }, 7, 1).startsWith('{ online judge submission 7 @ 1 }\n')).toBe(true);
    expect(saltSource('x', { comment: 'slash' }, 1, 1)).not.toBe(saltSource('x', { comment: 'slash' }, 1, 2));
  });

  it('reads verdict texts whatever their case and separators, keeps OLE apart from RE, and knows no guesses', () => {
    const table = new VerdictTable({ ...COMMON_VERDICTS, OK: JudgeStatus.ACCEPTED });
    expect(table.lookup('WRONG_ANSWER')).toBe(JudgeStatus.WRONG_ANSWER);
    expect(table.lookup('wrong-answer')).toBe(JudgeStatus.WRONG_ANSWER);
    expect(table.lookup('Output Limit Exceeded')).toBe(JudgeStatus.OUTPUT_LIMIT_EXCEEDED);
    expect(table.lookup('ok')).toBe(JudgeStatus.ACCEPTED);
    expect(table.lookup('Queuing')).toBe('pending');
    expect(table.lookup('Happy New Year')).toBeUndefined();
  });
});
