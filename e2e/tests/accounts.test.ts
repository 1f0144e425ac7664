import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp, stampedUser } from '@oj/test-fixtures';
import { launch, newVisitor, shot, waitForMail } from '../lib/browser.js';
import { solvePuzzleUntil } from '../lib/puzzle.js';
import { toast } from '../lib/ui.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const stamp = runStamp(6);
const user = stampedUser('e2e', stamp, 'secret-pass1');

describe('an account from registration to login', () => {
  it('registers with the code mailed to the address, logs out and logs back in', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/home');
    await page.getByTestId('btn-register').click();
    await page.getByTestId('register-username').fill(user.username);
    await page.getByTestId('register-password').fill(user.password);
    await page.getByTestId('register-password-again').fill(user.password);
    await page.getByTestId('register-email').fill(user.email);
    await page.getByTestId('register-send-code').click();

    const mail = await waitForMail(user.email);
    const code = /\b(\d{6})\b/.exec(mail)?.[1];
    expect(code, 'a 6-digit code in the mail').toBeTruthy();
    // The send button counts down and cannot be pressed again for 60 s.
    await expect.poll(() => page.getByTestId('register-send-code').innerText()).toMatch(/\d+\s*s/);
    expect(await page.getByTestId('register-send-code').isDisabled()).toBe(true);

    await page.getByTestId('register-code').fill(code!);
    await shot(page, 'register-filled');
    await page.getByTestId('register-submit').click();
    // After registering the dialog switches to Login.
    await page.getByTestId('login-form').waitFor();

    await page.getByTestId('login-username').fill(user.username);
    await page.getByTestId('login-password').fill(user.password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('user-menu').waitFor();
    expect(await page.getByTestId('btn-login').count()).toBe(0);
    await shot(page, 'logged-in-home');

    await page.goto('/logout');
    await page.waitForURL('**/home');
    await page.getByTestId('btn-login').first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await page.getByTestId('btn-login').first().click();
    await page.getByTestId('login-username').fill(user.username);
    await page.getByTestId('login-password').fill(user.password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('user-menu').waitFor();
    await context.close();
  });

  it('refuses a duplicate username while registering', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/home');
    await page.getByTestId('btn-register').click();
    await page.getByTestId('register-username').fill(user.username);
    await page.getByTestId('register-password').click();
    await page.getByText('The username already exists.').waitFor();
    await context.close();
  });

  it('keeps Login where it is while the site says whether Register is shown', async () => {
    const { context, page } = await newVisitor(browser);
    // The site's configuration is held back until Login has been seen, then let through.
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route(/\/api\/get-website-config/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/home');
    const login = page.getByTestId('btn-login');
    await login.waitFor();
    const before = await login.boundingBox();
    const answered = page.waitForResponse(/\/api\/get-website-config/);
    release();
    await answered;
    await page.getByTestId('btn-register').waitFor();
    await expect.poll(() => page.getByTestId('btn-register').evaluate((el) => getComputedStyle(el).visibility)).toBe('visible');
    expect(await login.boundingBox()).toEqual(before);
    await login.click();
    await page.getByTestId('login-username').waitFor();
    await context.close();
  });

  it('asks for the slide puzzle after 5 failures and logs in once it is solved', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/home');
    await page.getByTestId('btn-login').click();
    await page.getByTestId('login-username').fill(user.username);
    for (let i = 0; i < 5; i++) {
      await page.getByTestId('login-password').fill(`wrong-pass-${i}`);
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/login'));
      await page.getByTestId('login-submit').click();
      const body = (await (await answered).json()) as { status: number; data: { failures: number; needPuzzle: boolean } };
      expect(body.status).toBe(400);
      expect(body.data.failures).toBe(i + 1);
    }
    await page.getByTestId('puzzle-bg').waitFor();
    await shot(page, 'login-puzzle');
    // Without the puzzle even the right password is not accepted.
    await page.getByTestId('login-password').fill(user.password);
    await page.getByTestId('login-submit').click();
    await toast(page, /slide verification/i);
    expect(await page.getByTestId('user-menu').count()).toBe(0);

    await solvePuzzleUntil(page, page.getByTestId('user-menu'));
    await shot(page, 'login-after-puzzle');
    await context.close();
  });

  it('sends a visitor who opens a page needing login back home with the login dialog', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/setting');
    await page.getByTestId('login-form').waitFor();
    expect(new URL(page.url()).pathname).toBe('/home');
    await toast(page, 'Please login first!');
    await shot(page, 'guard-login-dialog');
    await context.close();
  });
});
