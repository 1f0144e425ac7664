import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp, stampedUser } from '@oj/test-fixtures';
import { launch, newVisitor, shot } from '../lib/browser.js';
import { loginInBrowser as login, png, registerUser } from '../lib/api.js';

const loginInBrowser = (page: Page) => login(page, user);

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const stamp = runStamp(6);
const user = stampedUser('prof', stamp, 'profile-pass');

describe('settings and the user home page', () => {
  beforeAll(async () => {
    await registerUser(user);
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
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').avatar as string | null))
      .toMatch(/^\/api\/public\/files\/avatar\//);

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
