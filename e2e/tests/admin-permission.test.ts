/**
 * Roles and permissions end to end: root gives the admin role the user_admin permission on
 * the tab of /admin/user; an admin, already logged in, gets the Users page on his next visit without a
 * new login; root takes it back and the page is closed to him again.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp } from '@oj/test-fixtures';
import { launch, newVisitor, shot } from '../lib/browser.js';
import { adminLoginInBrowser, api, apiOk, loginToken, registerUser, rootToken, rootUser, signIn } from '../lib/api.js';
import { shownToast } from '../lib/ui.js';

let browser: Browser;
const stamp = runStamp(5);
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('roles and permissions', () => {
  it('a permission given to the admin role opens its page to admins at once, and taking it back closes it', async () => {
    const admin = { username: `padm${stamp}`, password: 'password1' };
    await registerUser(admin);
    const token = await rootToken();
    const [row] = (await apiOk('GET', `admin/user/get-user-list?keyword=${admin.username}`, { token })).records;
    await apiOk('PUT', 'admin/user/edit-user', { token, body: { uid: row.uid, username: admin.username, type: 1001, status: 0, email: row.email } });

    const adminTab = await newVisitor(browser);
    await adminLoginInBrowser(adminTab.page, admin);
    const menu = adminTab.page.getByTestId('admin-menu');
    await menu.getByText('Contests').first().waitFor();
    expect(await menu.getByText('Users', { exact: true }).count()).toBe(0);

    const root = await newVisitor(browser);
    const page = root.page;
    await signIn(page, rootUser, { admin: true });
    await page.goto('/admin/user?tab=permissions');
    const box = page.getByTestId('perm-user_admin-1001');
    await box.waitFor();
    expect(await box.isChecked()).toBe(false);
    await box.click();
    await shownToast(page, 'Update Successfully');
    expect(await box.isChecked()).toBe(true);
    await shot(page, 'admin-permission-granted');

    // The admin's next visit: the entry is there and the list loads (the server lets him through).
    await adminTab.page.goto('/admin/dashboard');
    await menu.getByText('Users', { exact: true }).click();
    await adminTab.page.waitForURL('**/admin/user');
    await adminTab.page.getByTestId('admin-user').locator('.ant-table-row').first().waitFor();
    // The roles and permissions tab stays the super admin's.
    expect(await adminTab.page.getByTestId('admin-user-tab-permissions').count()).toBe(0);

    // The first change's toast may still be on show: wait for the server's answer, not for a toast.
    const answered = page.waitForResponse((r) => r.request().method() !== 'GET' && r.url().includes('/api/admin/'));
    await box.click();
    expect((await answered).ok()).toBe(true);
    await expect.poll(() => box.isChecked()).toBe(false);
    expect((await api('GET', 'admin/user/get-user-list', { token: await loginToken(admin, true) })).http).toBe(403);
    await adminTab.page.goto('/admin/dashboard');
    await menu.getByText('Contests').first().waitFor();
    expect(await menu.getByText('Users', { exact: true }).count()).toBe(0);
    await root.context.close();
    await adminTab.context.close();

    // The matrix at 768 px: the table scrolls sideways inside its card, the page itself does not.
    const narrow = await newVisitor(browser, { width: 768 });
    await signIn(narrow.page, rootUser, { admin: true });
    await narrow.page.goto('/admin/user?tab=permissions');
    await narrow.page.getByTestId('perm-submit-1002').waitFor();
    expect(await narrow.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(narrow.page, 'admin-permission-768');
    await narrow.context.close();
  });
});
