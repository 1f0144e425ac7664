/**
 * The super admin's site screens end to end: root posts an announcement in /admin/announcement (the
 * dialog refuses an empty one) and it appears on /home, hides it and it is gone; root sends a notice in
 * /admin/notice; root changes a website setting in /admin/conf (a bad link is refused first) and sees it
 * on the site, the SMS card says no SMS is sent; the sessions screen lists the current login and a
 * revoked login of another user stops working. Screenshots at 1280 and 768 px. Settings found at the
 * start are put back in afterAll (one server serves every file).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp, stampedUser } from '@oj/test-fixtures';
import { launch, newVisitor } from '../lib/browser.js';
import { adminLoginInBrowser, api, apiOk, loginToken, registerUser, rootToken } from '../lib/api.js';
import { notice, pageShot } from '../lib/ui.js';

let browser: Browser;
let originalWeb: Record<string, unknown>;
const stamp = runStamp(6);
const annTitle = `AS${stamp} Contest season opens`;
const user = stampedUser('as', stamp, 'secret-pass1');

beforeAll(async () => {
  browser = await launch();
  originalWeb = await apiOk('GET', 'admin/config/get-web-config', { token: await rootToken() });
  await registerUser(user);
});

afterAll(async () => {
  if (originalWeb) {
    const { recordName, recordUrl } = originalWeb;
    await apiOk('PUT', 'admin/config/set-web-config', { token: await rootToken(), body: { recordName, recordUrl } });
  }
  await browser?.close();
});

describe('admin site screens', () => {
  it('root posts an announcement that appears on /home, and hides it again', async () => {
    const { context, page } = await newVisitor(browser);
    await adminLoginInBrowser(page);
    await page.getByTestId('admin-menu').getByText('Announcements').click();
    await page.waitForURL('**/admin/announcement');
    await page.getByTestId('admin-announcements').waitFor();
    await page.getByTestId('ann-create').click();
    // Empty: the dialog refuses (title and content required).
    await page.getByTestId('ann-save').click();
    await page.getByText('Title is required').first().waitFor();
    await page.getByText('Content is required').first().waitFor();
    await page.getByTestId('ann-field-title').fill(annTitle);
    await page
      .getByTestId('ann-field-content')
      .locator('textarea')
      .fill('Registration for the **spring** contest is open. <img src=x onerror="window.__xss=1">');
    await pageShot(page, 'admin-announcement-dialog-1280');
    await page.getByTestId('ann-save').click();
    await notice(page, 'Post successfully').waitFor();
    const row = page.locator('.ant-table-row', { hasText: annTitle });
    await row.waitFor();
    await pageShot(page, 'admin-announcement-1280');

    const home = await newVisitor(browser);
    await home.page.goto('/home');
    const item = home.page.getByTestId('announcement-title').filter({ hasText: annTitle });
    await item.click();
    const detail = home.page.getByTestId('announcement-detail');
    await detail.locator('strong', { hasText: 'spring' }).waitFor();
    // Markdown is sanitised on render: the handler never runs.
    expect(await home.page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await pageShot(home.page, 'home-announcement-1280');

    // Hidden with the switch: gone from /home.
    const listed = await apiOk<{ records: { id: number; title: string }[] }>('GET', 'admin/announcement?currentPage=1&limit=10', { token: await rootToken() });
    const id = listed.records.find((r) => r.title === annTitle)!.id;
    await page.getByTestId(`ann-visible-${id}`).click();
    await expect.poll(async () => (await page.getByTestId(`ann-visible-${id}`).getAttribute('aria-checked')) ?? '').toBe('false');
    await home.page.reload();
    await home.page.getByTestId('announcements').waitFor();
    await home.page.waitForLoadState('networkidle');
    expect(await home.page.getByTestId('announcement-title').filter({ hasText: annTitle }).count()).toBe(0);

    // The list at 768 px, then deleted after confirming.
    await page.setViewportSize({ width: 768, height: 900 });
    await pageShot(page, 'admin-announcement-768');
    await page.getByTestId(`ann-delete-${id}`).click();
    await page.getByTestId('ann-delete-ok').click();
    await row.waitFor({ state: 'detached' });
    await home.context.close();
    await context.close();
  });

  it('root sends a notice to every user in /admin/notice', async () => {
    const { context, page } = await newVisitor(browser);
    await adminLoginInBrowser(page);
    await page.getByTestId('admin-menu').getByText('System notices').click();
    await page.getByTestId('admin-notice').waitFor();
    await page.getByTestId('notice-create').click();
    await page.getByTestId('notice-title').fill(`AS${stamp} Judge maintenance`);
    await page.getByTestId('notice-content').locator('textarea').fill('Judging pauses at **noon**.');
    await page.getByTestId('notice-type-All').click();
    await page.getByTestId('notice-save').click();
    await notice(page, 'The notice was saved').waitFor();
    await page.locator('.ant-table-row', { hasText: `AS${stamp} Judge maintenance` }).waitFor();
    await context.close();
  });

  it('root changes a website setting in /admin/conf and sees it on the site; a bad link is refused', async () => {
    const { context, page } = await newVisitor(browser);
    await adminLoginInBrowser(page);
    await page.getByTestId('admin-menu').getByText('Site configuration').click();
    await page.waitForURL('**/admin/conf');
    await page.getByTestId('conf-website-save').waitFor();
    // Every part is there, the SMS card says that no SMS is sent, the data source hides the password.
    for (const card of ['conf-carousel', 'conf-smtp', 'conf-sms', 'switch', 'discussion-config', 'conf-group', 'conf-datasource'])
      await page.getByTestId(card).waitFor();
    expect(await page.getByTestId('conf-sms-note').innerText()).toContain('This site sends no SMS');
    await page.getByTestId('conf-db-version').getByText('PostgreSQL').waitFor();
    expect(await page.getByTestId('conf-db-url').innerText()).not.toContain('oj-embedded');

    await page.getByTestId('conf-recordName').fill(`ICP ${stamp}`);
    await page.getByTestId('conf-recordUrl').fill('javascript:alert(1)');
    await page.getByTestId('conf-website-save').click();
    await page.getByText('Record link must be an http(s) address.').first().waitFor();
    await page.getByTestId('conf-recordUrl').fill('https://beian.example.com/');
    await page.getByTestId('conf-website-save').click();
    await notice(page, 'Update Successfully').waitFor();
    await pageShot(page, 'admin-conf-1280');

    const site = await newVisitor(browser);
    await site.page.goto('/home');
    const link = site.page.getByTestId('footer').getByText(`ICP ${stamp}`);
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('https://beian.example.com/');
    await site.context.close();

    await page.setViewportSize({ width: 768, height: 900 });
    await page.getByTestId('conf-sms').scrollIntoViewIfNeeded();
    await pageShot(page, 'admin-conf-sms-768');
    await page.getByTestId('conf-datasource').scrollIntoViewIfNeeded();
    await pageShot(page, 'admin-conf-datasource-768');
    await context.close();
  });

  it('the sessions screen lists the current login; revoking another user’s login logs it out', async () => {
    const userToken = await loginToken(user);
    expect((await api('GET', 'get-user-auth-info', { token: userToken })).status).toBe(200);
    const { context, page } = await newVisitor(browser);
    await adminLoginInBrowser(page);
    await page.getByTestId('admin-menu').getByText('Sessions').click();
    await page.waitForURL('**/admin/session');
    const own = page.locator('.ant-table-row', { hasText: 'this login' });
    await own.waitFor();
    expect(await own.innerText()).toContain('root');
    expect(await own.innerText()).toMatch(/Chrom(e|ium) \d+ · Linux/);
    expect(await own.innerText()).toContain('Active');
    await pageShot(page, 'admin-session-1280');

    await page.getByTestId('session-filter').locator('input').fill(user.username.toUpperCase());
    await page.getByTestId('session-filter').locator('input').press('Enter');
    const row = page.locator('.ant-table-row', { hasText: user.username });
    await row.first().waitFor();
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(await row.count());
    await row.first().locator('[data-testid^="session-revoke-"]').click();
    await page.getByTestId('session-revoke-ok').click();
    await notice(page, 'The session has been revoked.').waitFor();
    await row.first().getByText('Revoked').waitFor();
    expect((await api('GET', 'get-user-auth-info', { token: userToken })).http).toBe(401);

    await page.setViewportSize({ width: 768, height: 900 });
    await pageShot(page, 'admin-session-768');
    await context.close();
  });
});
