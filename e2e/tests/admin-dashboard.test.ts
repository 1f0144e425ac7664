/**
 * The admin dashboard end to end: root opens it and sees the running built-in judge as
 * healthy, this API node in the registry and the database; a submission is made and the dashboard
 * shows one more submission today by itself (no reload). At 768 px (in Japanese) nothing overflows the page.
 * Without a base URL the dashboard warns that reset mails carry only a path.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp } from '@oj/test-fixtures';
import { AC_C, apiOk, createProblem, rootToken, rootUser, signIn, waitVerdict } from '../lib/api.js';
import { launch, newVisitor, shot } from '../lib/browser.js';

let browser: Browser;
let token: string;
const stamp = runStamp(6).toUpperCase();
const problemId = `DASH${stamp}`;

beforeAll(async () => {
  browser = await launch();
  token = await rootToken();
  await createProblem(token, { problemId, title: 'Dashboard A + B' });
});
afterAll(async () => {
  await browser?.close();
});

/** The number a Statistic card shows. */
const figure = async (page: Page, testId: string) =>
  Number((await page.getByTestId(testId).locator('.ant-statistic-content-value').innerText()).replace(/\D/g, ''));

describe('admin dashboard', () => {
  it('shows the healthy built-in judge and this node, and counts a new submission without a reload', async () => {
    const { judges } = await apiOk<{ judges: { name: string; healthy: boolean }[] }>('GET', 'admin/config/get-judge-service-info', { token });
    const builtIn = judges.find((j) => j.healthy);
    expect(builtIn, 'the built-in judge is registered').toBeTruthy();

    const { context, page } = await newVisitor(browser);
    await signIn(page, rootUser, { admin: true, at: '/admin/dashboard' });
    const judgeTag = page.getByTestId(`judge-health-${builtIn!.name}`);
    await judgeTag.waitFor();
    expect(await judgeTag.innerText()).toBe('Healthy');
    // this API node registered itself and is healthy; the database answers; the e2e server is plain HTTP
    await page.getByTestId('dashboard-nodes').getByText('This node').waitFor();
    expect(await page.getByTestId('dashboard-nodes').locator('.ant-tag-success').count()).toBeGreaterThanOrEqual(1);
    await page.getByTestId('dashboard-database').getByText('Reachable').waitFor();
    expect(await page.getByTestId('dashboard-https-tag').innerText()).toContain('not encrypted');
    await page.getByTestId('dashboard-today-submissions').locator('.ant-statistic-content-value').waitFor();

    const before = await figure(page, 'dashboard-today-submissions');
    // a marker on the window: a reload would lose it
    await page.evaluate(() => {
      (window as unknown as { dashMarker: string }).dashMarker = 'still here';
    });
    const sub = await apiOk<{ submitId: number }>('POST', 'submit-problem-judge', { token, body: { pid: problemId, language: 'C', code: AC_C } });
    // the page refreshes itself within its 10 s interval
    await page.waitForFunction(
      (n) => {
        const el = document.querySelector('[data-testid="dashboard-today-submissions"] .ant-statistic-content-value');
        return el !== null && Number((el.textContent ?? '').replace(/\D/g, '')) === n;
      },
      before + 1,
      { timeout: 20_000 },
    );
    expect(await page.evaluate(() => (window as unknown as { dashMarker?: string }).dashMarker)).toBe('still here');
    expect(await waitVerdict(sub.submitId, token)).toBe(0);
    await shot(page, 'admin-dashboard');
    await page.getByTestId('dashboard-nodes').scrollIntoViewIfNeeded();
    await shot(page, 'admin-dashboard-services');
    await context.close();
  });

  it('is usable at 768 px, here in Japanese: nothing wider than the window', async () => {
    const { context, page } = await newVisitor(browser, { width: 768, height: 1000 });
    await signIn(page, rootUser, { admin: true });
    await page.goto('/admin/dashboard?l=ja-JP');
    await page.getByTestId('dashboard-judges').locator('.ant-tag-success').first().waitFor();
    expect(await page.getByTestId('dashboard-judges').locator('.ant-tag-success').first().innerText()).toBe('正常');
    // the layout picks its narrow form after the first paint: give it that moment
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { timeout: 5000 }).toBeLessThanOrEqual(0);
    await shot(page, 'admin-dashboard-768');
    await page.getByTestId('dashboard-judges').scrollIntoViewIfNeeded();
    await shot(page, 'admin-dashboard-768-judges');
    await context.close();
  });
  it('warns when no base URL is set, with the way to set it (this server has OJ_BASE_URL: no warning)', async () => {
    const { context, page } = await newVisitor(browser);
    await signIn(page, rootUser, { admin: true, at: '/admin/dashboard' });
    await page.getByTestId('dashboard-today-submissions').waitFor();
    const warnings = await apiOk<{ baseUrlMissing: boolean }>('GET', 'admin/dashboard/get-site-warnings', { token });
    expect(warnings).toEqual({ baseUrlMissing: false });
    expect(await page.getByTestId('dashboard-warning-base-url').count()).toBe(0);
    // A site started without OJ_BASE_URL and no base URL in the web config answers this (the API test covers the answer).
    await page.route('**/api/admin/dashboard/get-site-warnings', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ status: 200, msg: 'success', data: { baseUrlMissing: true } }) }),
    );
    await page.reload();
    const card = page.getByTestId('dashboard-warning-base-url');
    await card.waitFor();
    expect(await card.innerText()).toContain('password reset mails carry only a path');
    await shot(page, 'admin-dashboard-base-url-warning');
    await card.getByRole('link', { name: 'Site configuration' }).click();
    await page.waitForURL(/\/admin\/conf$/);
    await context.close();
  });
});
