/**
 * Site switches end to end: root changes the submission interval and turns the submit captcha on in
 * the admin switch page; a user who already has a problem open gets the captcha the moment the server
 * asks for it, and then has it on every visit: without an answer (or with a wrong one) nothing is
 * submitted. The settings found at the start are put back in afterAll (one server serves every file).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp, stampedUser } from '@oj/test-fixtures';
import { launch, newVisitor, shot } from '../lib/browser.js';
import { AC_C, api, apiOk, loginToken, registerUser, rootToken, rootUser, signIn } from '../lib/api.js';
import { loadCode, shownToast as toast, toastGone } from '../lib/ui.js';

interface SwitchConfig {
  submitIntervalSec: number;
  openPublicJudge: boolean;
  openContestJudge: boolean;
  submitCaptcha: boolean;
}

let browser: Browser;
let original: SwitchConfig;
let problemId: string;
const stamp = runStamp(6);
const user = stampedUser('sw', stamp, 'secret-pass1');
beforeAll(async () => {
  browser = await launch();
  original = await apiOk<SwitchConfig>('GET', 'admin/switch/info', { token: await rootToken() });
  const list = await apiOk<{ records: { problemId: string; title: string }[] }>('GET', 'get-problem-list?limit=50');
  problemId = (list.records.find((r) => /A \+ B/.test(r.title)) ?? list.records[0]!).problemId;
  await registerUser(user);
});

afterAll(async () => {
  if (original) await apiOk('PUT', 'admin/switch/update', { token: await rootToken(), body: original });
  await browser?.close();
});

describe('admin switches', () => {
  it('root sets the interval and the captcha; a user is asked for the captcha and cannot submit without it', async () => {
    // A user with the problem open while the site asks no captcha.
    await apiOk('PUT', 'admin/switch/update', { token: await rootToken(), body: { submitCaptcha: false } });
    const visitor = await newVisitor(browser);
    const page = visitor.page;
    await signIn(page, user);
    await page.goto(`/problem/${problemId}`);
    await page.getByTestId('problem-title').waitFor();
    await loadCode(page, AC_C);
    expect(await page.getByTestId('submit-captcha').count()).toBe(0);

    // Root changes the switches in the admin page.
    const admin = await newVisitor(browser);
    await signIn(admin.page, rootUser, { admin: true, at: '/admin/dashboard' });
    await admin.page.getByTestId('admin-menu').getByText('Switches').click();
    await admin.page.waitForURL('**/admin/switch');
    await admin.page.getByTestId('switch-save').waitFor();
    expect(await admin.page.getByTestId('switch-submitCaptcha').getAttribute('aria-checked')).toBe('false');
    expect(await admin.page.getByTestId('switch-submitIntervalSec').inputValue()).toBe(String(original.submitIntervalSec));
    await admin.page.getByTestId('switch-submitIntervalSec').fill('20');
    await admin.page.getByTestId('switch-submitCaptcha').click();
    await admin.page.getByTestId('switch-save').click();
    await toast(admin.page, 'Update Successfully');
    const stored = await apiOk<SwitchConfig>('GET', 'admin/switch/info', { token: await rootToken() });
    expect(stored).toEqual({ ...original, submitIntervalSec: 20, submitCaptcha: true });
    await shot(admin.page, 'admin-switch');
    // The page shows what is stored after a reload.
    await admin.page.reload();
    await admin.page.getByTestId('switch-save').waitFor();
    expect(await admin.page.getByTestId('switch-submitCaptcha').getAttribute('aria-checked')).toBe('true');
    expect(await admin.page.getByTestId('switch-submitIntervalSec').inputValue()).toBe('20');
    await admin.context.close();

    // The open page learns it from the server's refusal: message, and the captcha appears.
    await page.getByTestId('submit-code').click();
    await toast(page, 'Please enter the captcha before submitting.');
    await page.getByTestId('submit-captcha').waitFor();
    await page.locator('[data-testid="submit-captcha-img"] img').waitFor();

    // Submitting without an answer: the same message, checked before any call.
    await toastGone(page, 'Please enter the captcha before submitting.');
    await page.getByTestId('submit-code').click();
    await toast(page, 'Please enter the captcha before submitting.');

    // A wrong answer: the server's message, a new image and an empty input.
    const firstImg = await page.locator('[data-testid="submit-captcha-img"] img').getAttribute('src');
    await page.getByTestId('submit-captcha-input').fill('zzzz');
    await page.getByTestId('submit-code').click();
    await toast(page, 'The captcha is wrong or has expired.');
    await expect.poll(() => page.locator('[data-testid="submit-captcha-img"] img').getAttribute('src')).not.toBe(firstImg);
    expect(await page.getByTestId('submit-captcha-input').inputValue()).toBe('');
    await page.getByTestId('submit-captcha-input').fill('ab');
    await shot(page, 'problem-captcha');

    // Opened again, the page shows the captcha from the start; nothing was submitted on the way.
    await page.reload();
    await page.getByTestId('problem-title').waitFor();
    await page.locator('[data-testid="submit-captcha-img"] img').waitFor();
    const mine = await apiOk<{ total: number }>('GET', `get-submission-list?onlyMine=true&problemID=${problemId}&completeProblemID=true`, {
      token: await loginToken(user),
    });
    expect(mine.total).toBe(0);
    await visitor.context.close();
  });

  it('fits 768 px wide screens', async () => {
    const { context, page } = await newVisitor(browser, { width: 768, height: 1000 });
    await signIn(page, rootUser, { admin: true });
    await page.goto('/admin/switch');
    await page.getByTestId('switch-save').waitFor();
    await page.getByTestId('switch-openPublicJudge').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await shot(page, 'admin-switch-768');
    await context.close();
  });

  it('is for root only: the admin API refuses a normal user', async () => {
    const token = await loginToken(user);
    expect((await api('GET', 'admin/switch/info', { token })).http).toBe(403);
    expect((await api('PUT', 'admin/switch/update', { token, body: { submitCaptcha: false } })).http).toBe(403);
  });
});
