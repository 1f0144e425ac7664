/**
 * The Users screen end to end: root imports a CSV of 3 users (after a file with problems is
 * shown row by row and refused), generates 10 users and downloads their list; one generated user logs
 * in in a second browser context; root disables him in the edit dialog, and the user's open tab is
 * logged out on its next call. The screen at 768 px is captured too.
 */
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp } from '@oj/test-fixtures';
import { launch, newVisitor, shot } from '../lib/browser.js';
import { api, apiOk, loginInBrowser, rootToken, rootUser, signIn } from '../lib/api.js';
import { shownToast as toast } from '../lib/ui.js';

let browser: Browser;
const stamp = runStamp(5);
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const csvOf = (rows: string[]) => ({ name: 'users.csv', mimeType: 'text/csv', buffer: Buffer.from(`${rows.join('\n')}\n`) });

describe('admin users', () => {
  it('imports, generates and downloads; a generated user logs in and is logged out when disabled', async () => {
    const admin = await newVisitor(browser);
    const page = admin.page;
    await signIn(page, rootUser, { admin: true, at: '/admin/dashboard' });
    await page.getByTestId('admin-menu').getByText('Users').click();
    await page.waitForURL('**/admin/user');
    await page.getByTestId('admin-user').locator('.ant-table-row').first().waitFor();

    // A file with problems: every bad row is named, the import button stays off, nothing is created.
    await page.getByTestId('admin-user-tab-import').click();
    const input = page.getByTestId('admin-user-import').locator('input[type=file]');
    await input.setInputFiles(
      csvOf([`im${stamp}a,password1,,,,,`, `im${stamp}a,password2,,,,,`, 'root,password3,,,,,', `im${stamp}b,123,,,,,`, ',password1,,,,,']),
    );
    await page.getByTestId('admin-user-import-summary').waitFor();
    expect(await page.getByTestId('admin-user-import-problem-2').textContent()).toContain('Same username as row 1');
    expect(await page.getByTestId('admin-user-import-problem-3').textContent()).toContain('The username already exists');
    expect(await page.getByTestId('admin-user-import-problem-4').textContent()).toContain('6 to 20');
    expect(await page.getByTestId('admin-user-import-preview').getByText('Skipped').count()).toBe(1);
    expect(await page.getByTestId('admin-user-import-run').isDisabled()).toBe(true);
    await shot(page, 'admin-user-import-problems');

    // Three good users: previewed, imported.
    const imported = ['a', 'b', 'c'].map((x) => `im${stamp}${x}`);
    await input.setInputFiles(
      csvOf([
        `${imported[0]},password1,${imported[0]}@example.com,Ann,female,annie,North School`,
        `${imported[1]},password2,,Bob,0,,`,
        `${imported[2]},password3,,,,,`,
      ]),
    );
    await page.getByTestId('admin-user-import-summary').getByText('to import: 3,', { exact: false }).waitFor();
    await page.getByTestId('admin-user-import-run').click();
    await toast(page, '3 users imported.');
    const token = await rootToken();
    const listed = await apiOk('GET', `admin/user/get-user-list?keyword=im${stamp}`, { token });
    expect(listed.records.map((r: { username: string }) => r.username).sort()).toEqual(imported);

    // Ten generated users: created message, the list downloads at once.
    await page.getByTestId('admin-user-tab-generate').click();
    await page.getByTestId('admin-user-gen-prefix').fill(`g${stamp}_`);
    await page.getByTestId('admin-user-gen-from').fill('1');
    await page.getByTestId('admin-user-gen-to').fill('10');
    await page.getByTestId('admin-user-gen-length').fill('12');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('admin-user-gen-submit').click()]);
    await toast(page, '10 users generated.');
    await page.getByTestId('admin-user-gen-done').waitFor();
    await shot(page, 'admin-user-generated');
    const file = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = file.trim().split(/\r?\n/);
    expect(lines[0]).toBe('username,password');
    expect(lines).toHaveLength(11);
    const [username, password] = lines[3]!.split(',') as [string, string];
    expect(username).toBe(`g${stamp}_3`);
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/);

    // The generated user logs in in another browser context.
    const other = await newVisitor(browser);
    await loginInBrowser(other.page, { username, password });
    await shot(other.page, 'admin-user-generated-login');

    // Root disables him from the list.
    await page.getByTestId('admin-user-tab-users').click();
    await page.getByTestId('admin-user-keyword').locator('input').fill(username);
    await page.getByTestId('admin-user-keyword').locator('input').press('Enter');
    await page.getByTestId(`admin-user-edit-${username}`).click();
    await page.getByTestId('admin-user-status-disabled').click();
    await page.getByText('Saving logs this user out of every device at once.').waitFor();
    await shot(page, 'admin-user-edit-disable');
    await page.getByTestId('admin-user-save').click();
    await toast(page, 'Update Successfully');
    await page.getByTestId(`admin-user-status-${username}`).getByText('Disabled').waitFor();

    // His open tab is told why and logged out: at once when its live stream ends (the polling that takes
    // over is refused), or else by the next call that needs the login.
    const told = toast(other.page, 'This account has been disabled.');
    await other.page
      .getByTestId('user-menu')
      .click({ timeout: 3000 })
      .then(() => other.page.getByText('System notices').click({ timeout: 3000 }))
      .catch(() => {});
    await told;
    await other.page.getByTestId('btn-login').first().waitFor();
    expect(await other.page.getByTestId('user-menu').count()).toBe(0);
    await shot(other.page, 'admin-user-disabled-logged-out');
    // and he cannot log in again
    const again = await api('POST', 'login', { body: { username, password } });
    expect(again.msg).toBe('This account has been disabled.');

    // The screen at 768 px.
    await page.setViewportSize({ width: 768, height: 900 });
    await page.getByTestId('admin-user-keyword').locator('input').fill('');
    await page.getByTestId('admin-user-keyword').locator('input').press('Enter');
    // newest first: the generated users lead the list
    await page.getByTestId(`admin-user-name-g${stamp}_10`).waitFor();
    await shot(page, 'admin-user-768');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await other.context.close();
    await admin.context.close();
  }, 180_000);

  it('the user list keeps its page in the address bar across a reload and a tab switch', async () => {
    const { context, page } = await newVisitor(browser);
    await signIn(page, rootUser, { admin: true, at: '/admin/dashboard' });
    await page.goto('/admin/user');
    const list = page.getByTestId('admin-user');
    const names = () => list.locator('[data-testid^="admin-user-name-"]').allInnerTexts();
    // The users of the test above make more than one page of ten.
    await expect.poll(async () => (await names()).length).toBe(10);
    const first = (await names()).join();
    await list.locator('.ant-pagination-item-2').click();
    await page.waitForURL(/currentPage=2/);
    await expect.poll(async () => (await names()).join()).not.toBe(first);
    const second = (await names()).join();
    await page.reload();
    await expect.poll(async () => (await names()).join()).toBe(second);
    expect(await list.locator('.ant-pagination-item-active').innerText()).toBe('2');
    await page.getByTestId('admin-user-tab-import').click();
    await page.getByTestId('admin-user-tab-users').click();
    await expect.poll(async () => (await names()).join()).toBe(second);
    await shot(page, 'admin-user-page-2-after-reload');
    await context.close();
  });
});
