/**
 * The shell: the dark scheme (following the system, switched in the header, saved per user),
 * the login dialog's focus, and the confetti on Accepted under the site's Content-Security-Policy.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp, stampedUser } from '@oj/test-fixtures';
import { AC_C, api, apiOk, createProblem, loginInBrowser, loginToken, registerUser, rootToken, rootUser } from '../lib/api.js';
import { launch, newVisitor, shot } from '../lib/browser.js';
import { chooseLanguage, holdBack, loadCode, openEditor, watchStatus } from '../lib/ui.js';

let browser: Browser;
const stamp = runStamp(6);
const user = stampedUser('dark', stamp, 'dark-pass-1');
let problemId = 'P1000';

beforeAll(async () => {
  browser = await launch();
  await registerUser(user);
  const root = await rootToken();
  const found = await api('GET', `get-problem-detail?problemId=${problemId}`, { token: root });
  if (found.status !== 200) {
    problemId = `TD${stamp}`.toUpperCase();
    await createProblem(root, { problemId, title: 'A + B' });
  }
});
afterAll(() => browser?.close());

/** Console errors and CSP violations of every page of the context. */
async function watchErrors(context: BrowserContext): Promise<string[]> {
  const errors: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  context.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  return errors;
}

/** The page's background as the browser paints it, and whether the page says it is dark. */
const look = (page: Page) =>
  page.evaluate(() => ({
    theme: document.documentElement.dataset.theme ?? null,
    body: getComputedStyle(document.body).backgroundColor,
    topbar: getComputedStyle(document.querySelector('.oj-topbar, .oj-appbar')!).backgroundColor,
    text: getComputedStyle(document.querySelector('.oj-app')!).color,
  }));
/** Mean of the r, g, b of a CSS rgb()/rgba() colour. */
const lightness = (css: string) => {
  const [r = 0, g = 0, b = 0] = (css.match(/[\d.]+/g) ?? []).map(Number);
  return (r + g + b) / 3;
};

describe('dark scheme', () => {
  it('follows the system, is switched in the header and kept in this browser', async () => {
    const { context, page } = await newVisitor(browser);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/home');
    await page.getByTestId('announcements').waitFor();
    await expect.poll(() => look(page).then((l) => l.theme)).toBe('dark');
    const dark = await look(page);
    expect(lightness(dark.body)).toBeLessThan(40);
    expect(lightness(dark.topbar)).toBeLessThan(40);
    expect(lightness(dark.text)).toBeGreaterThan(180);
    await shot(page, 'dark-home-1280');

    // The header: light, whatever the system says, and the choice survives a reload.
    await page.getByTestId('theme-switch').click();
    await page.getByTestId('theme-light').click();
    await expect.poll(() => look(page).then((l) => l.theme)).toBe('light');
    expect(lightness((await look(page)).body)).toBeGreaterThan(200);
    expect(await page.evaluate(() => localStorage.getItem('oj-theme'))).toBe('light');
    await page.reload();
    await page.getByTestId('announcements').waitFor();
    expect((await look(page)).theme).toBe('light');

    // Back to following the system, which now turns light.
    await page.getByTestId('theme-switch').click();
    await page.getByTestId('theme-system').click();
    await expect.poll(() => look(page).then((l) => l.theme)).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => look(page).then((l) => l.theme)).toBe('light');
    await context.close();
  });

  it("is saved with the user's account and follows him to another browser; the pages stay readable", { timeout: 180_000 }, async () => {
    const first = await newVisitor(browser);
    await loginInBrowser(first.page, user);
    await first.page.getByTestId('theme-switch').click();
    await first.page.getByTestId('theme-dark').click();
    await expect.poll(() => look(first.page).then((l) => l.theme)).toBe('dark');
    const token = await loginToken(user);
    await expect.poll(async () => (await apiOk('POST', 'change-userInfo', { token, body: {} })).theme).toBe('dark');
    await first.context.close();

    // Another browser with a light system: the login brings the saved dark scheme.
    const { context, page } = await newVisitor(browser);
    const errors = await watchErrors(context);
    await loginInBrowser(page, user);
    await expect.poll(() => look(page).then((l) => l.theme)).toBe('dark');

    await page.goto(`/problem/${problemId}`);
    await page.getByTestId('problem-title').waitFor();
    await openEditor(page);
    // The editor's default theme turns dark with the page.
    const editorBg = await page.locator('.cm-editor').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(lightness(editorBg)).toBeLessThan(80);
    const statement = await page.getByTestId('problem-description').evaluate((el) => getComputedStyle(el).color);
    expect(lightness(statement)).toBeGreaterThan(150);
    await shot(page, 'dark-problem-1280');

    await page.goto('/status');
    await page.getByTestId('status-table').waitFor();
    await shot(page, 'dark-status-1280');
    expect(errors.filter((e) => /CSP violation|Content Security Policy/i.test(e))).toEqual([]);
    await context.close();

    // The admin area of root (whose account says dark), in dark too.
    const root = await rootToken();
    await apiOk('POST', 'change-userInfo', { token: root, body: { theme: 'dark' } });
    const admin = await newVisitor(browser);
    await admin.page.goto('/admin/login');
    await admin.page.getByTestId('admin-login-username').fill(rootUser.username);
    await admin.page.getByTestId('admin-login-password').fill(rootUser.password);
    await admin.page.getByTestId('admin-login-submit').click();
    await admin.page.waitForURL('**/admin/dashboard');
    await admin.page.getByTestId('admin-dashboard').waitFor();
    await expect.poll(() => admin.page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await shot(admin.page, 'dark-admin-dashboard-1280');
    await admin.context.close();
    await apiOk('POST', 'change-userInfo', { token: root, body: { theme: 'system' } });
  });

  it("keeps a scheme chosen right after the login, before the account's preferences have arrived, and saves it", async () => {
    const quick = stampedUser('darkq', stamp, 'dark-pass-2');
    await registerUser(quick);
    const { context, page } = await newVisitor(browser);
    // The part of the page that keeps a user's preferences comes after the login: hold it back until he has chosen.
    const preferences = await holdBack(page, /\/assets\/PreferenceSync-[\w-]+\.js$/);
    await loginInBrowser(page, quick);
    await page.getByTestId('theme-switch').click();
    await page.getByTestId('theme-dark').click();
    await expect.poll(() => look(page).then((l) => l.theme)).toBe('dark');
    await preferences.release();
    const token = await loginToken(quick);
    await expect.poll(async () => (await apiOk('POST', 'change-userInfo', { token, body: {} })).theme).toBe('dark');
    expect((await look(page)).theme).toBe('dark');
    await context.close();
  });
});

describe('login dialog and the Accepted confetti', () => {
  it('puts the focus in the username field when the login dialog opens', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/home');
    await page.getByTestId('btn-login').first().click();
    await page.getByTestId('login-username').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('login-username');
    // Typing goes straight into it.
    await page.keyboard.type(user.username);
    expect(await page.getByTestId('login-username').inputValue()).toBe(user.username);
    await context.close();
  });

  it('throws the confetti on Accepted without a CSP violation or a console error', { timeout: 180_000 }, async () => {
    const { context, page } = await newVisitor(browser);
    // The visitor of the tests asks for reduced motion, which turns the confetti off: this one does not.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    const errors = await watchErrors(context);
    await loginInBrowser(page, user);
    await page.goto(`/problem/${problemId}`);
    await page.getByTestId('problem-title').waitFor();
    await chooseLanguage(page, 'C');
    await loadCode(page, AC_C);
    await page.getByTestId('submit-code').click();
    await watchStatus(page, 'Accepted', 120_000);
    await page.getByTestId('congrats').waitFor();
    // The confetti's canvas is on the page (drawn on the main thread, no worker from a blob: URL).
    await expect.poll(() => page.locator('canvas').count()).toBeGreaterThan(0);
    await shot(page, 'accepted-confetti-1280');
    await page.getByTestId('congrats').waitFor({ state: 'detached', timeout: 8000 });
    expect(errors).toEqual([]);
    await context.close();
  });
});
