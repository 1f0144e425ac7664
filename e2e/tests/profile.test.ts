import zlib from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newVisitor, shot } from '../lib/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const stamp = Date.now().toString(36).slice(-6);
const user = { username: `prof_${stamp}`, password: 'profile-pass', email: `prof_${stamp}@example.com` };

/** A tiny valid PNG (1x1, red), built here so the upload is a real image file. */
function png(): Buffer {
  const crc = (buf: Buffer) => {
    let c = ~0;
    for (const b of buf) {
      c ^= b;
      for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  const idat = zlib.deflateSync(Buffer.from([0, 255, 0, 0]));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

async function api(path: string, body: unknown) {
  const res = await fetch(`${baseUrl()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { json: (await res.json()) as { status: number; msg: string }, token: res.headers.get('authorization') };
}

async function loginInBrowser(page: Page) {
  await page.goto('/home');
  await page.getByTestId('btn-login').first().click();
  await page.getByTestId('login-username').fill(user.username);
  await page.getByTestId('login-password').fill(user.password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('user-menu').waitFor();
}

describe('settings and the user home page', () => {
  beforeAll(async () => {
    // The admin turns e-mail verification off, so this user registers without a code.
    const root = await api('/api/admin/login', { username: 'root', password: 'e2e-root-password' });
    const off = await fetch(`${baseUrl()}/api/admin/config/set-web-config`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: root.token!, 'url-type': 'admin' },
      body: JSON.stringify({ emailVerification: false }),
    });
    expect(((await off.json()) as { status: number }).status).toBe(200);
    const reg = await api('/api/register', { username: user.username, password: user.password, email: user.email });
    expect(reg.json.status, reg.json.msg).toBe(200);
    await fetch(`${baseUrl()}/api/admin/config/set-web-config`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: root.token!, 'url-type': 'admin' },
      body: JSON.stringify({ emailVerification: true }),
    });
  });

  it('saves the profile and an avatar, and shows them on the user home page', async () => {
    const { context, page } = await newVisitor(browser);
    await loginInBrowser(page);
    await page.goto('/setting');
    await page.getByTestId('setting').waitFor();
    await page.getByTestId('profile-nickname').fill('Night Owl');
    await page.getByTestId('profile-school').fill('Riverside High');
    await page.getByTestId('profile-submit').click();
    await page.locator('.ant-message-notice').first().waitFor();

    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('avatar-upload-button').click();
    await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: png() });
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').avatar as string | null)).toMatch(/^\/api\/public\/files\/avatar\//);

    // A file that is not an image is refused before anything is sent.
    const chooser2 = page.waitForEvent('filechooser');
    await page.getByTestId('avatar-upload-button').click();
    await (await chooser2).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByText('File type not support').first().waitFor();
    await shot(page, 'setting');

    await page.goto(`/user-home?username=${user.username}`);
    await page.getByTestId('user-profile').waitFor();
    await expect.poll(() => page.getByTestId('user-profile').innerText()).toContain('Night Owl');
    expect(await page.getByTestId('user-profile').innerText()).toContain('Riverside High');
    await page.getByTestId('user-heatmap').waitFor();
    await shot(page, 'user-home');
    await context.close();
  });

  it('shows the 404-like notice for a user that does not exist', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/user-home?username=nobody_here_42');
    await page.getByTestId('user-home-missing').waitFor();
    await context.close();
  });
});
