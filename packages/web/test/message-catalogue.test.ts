// @vitest-environment jsdom
/**
 * The message catalogue is not part of the first load; it comes with the first answer
 * that carries a message, before the caller (a toast, an error text) sees that message.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '@oj/shared';
import { call } from '../src/api/client';
import { setupI18n, translateMsg } from '../src/app/i18n';

beforeAll(async () => {
  window.history.replaceState(null, '', '/home?l=zh-CN');
  await setupI18n();
});

describe('message catalogue', () => {
  it('is fetched with an answer carrying a message, which the caller gets translated', async () => {
    // Not loaded by the language's setup: the server's English passes through.
    expect(translateMsg(MSG.loginFailed)).toBe(MSG.loginFailed);
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ status: 400, msg: MSG.loginFailed, data: null }), { headers: { 'content-type': 'application/json' } }),
    );
    const error = await call('login', { method: 'POST', body: {}, silent: true }).catch((e: Error) => e);
    expect((error as Error).message).toBe('用户名或密码错误。');
    expect(translateMsg(MSG.loginFailed)).toBe('用户名或密码错误。');
    vi.unstubAllGlobals();
  });
});
