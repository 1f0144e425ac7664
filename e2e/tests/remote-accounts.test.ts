/**
 * The remote judges' account pool in the admin area end to end: root adds an account on the switch
 * page, meets the server's refusal of a second one of the same name, renames it (the password field
 * starts empty, and left empty keeps the stored password), gives it a new password and deletes it.
 * The dashboard counts the accounts per site and state and shows why the failing ones fail (an account
 * is made failing in the database: no remote site is reachable from the e2e site). A plain user is
 * refused the account calls. Both pages fit 768 px.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp, stampedUser } from '@oj/test-fixtures';
import { api, apiOk, loginToken, registerUser, rootToken, rootUser, signIn } from '../lib/api.js';
import { launch, newVisitor, shot } from '../lib/browser.js';
import { siteSql } from '../lib/site-db.js';
import { toast, pickOption } from '../lib/ui.js';

interface AccountRow {
  id: number;
  oj: string;
  username: string;
  state: string;
  lastError: string | null;
}

let browser: Browser;
let token: string;
const stamp = runStamp(6);
const user = stampedUser('ra', stamp, 'remote-pass-1');

const accounts = () => apiOk<AccountRow[]>('GET', 'admin/switch/remote-accounts', { token });
const mine = async () => (await accounts()).filter((a) => a.username.toLowerCase().endsWith(stamp.toLowerCase()));
const sealed = async (id: number) => (await siteSql<{ p: string }>('select password_sealed as p from remote_account where id = $1', [id]))[0]!.p;

beforeAll(async () => {
  browser = await launch();
  token = await rootToken();
  await registerUser(user);
});

afterAll(async () => {
  if (token) for (const a of await mine()) await apiOk('DELETE', `admin/switch/remote-account?id=${a.id}`, { token });
  await browser?.close();
});

describe('remote judge accounts', () => {
  it('root adds, renames and deletes an account; the password is never shown and kept when left empty', async () => {
    const { context, page } = await newVisitor(browser);
    await signIn(page, rootUser, { admin: true, at: '/admin/dashboard' });
    await page.goto('/admin/switch');
    await page.getByTestId('remote-accounts').waitFor();

    const name = `gym_${stamp}`;
    await page.getByTestId('remote-account-add').click();
    await pickOption(page, 'remote-account-site', 'Codeforces Gym');
    await page.getByTestId('remote-account-username').fill(name);
    await page.getByTestId('remote-account-password').fill('site-pass-1');
    await page.getByTestId('remote-account-save').click();
    await toast(page, 'Account added');
    const [added] = await mine();
    expect(added).toMatchObject({ oj: 'GYM', username: name, state: 'free', lastError: null });
    // No answer carries a password or a session.
    expect(Object.keys(added!).sort()).toEqual(['createdAt', 'id', 'lastError', 'lastUsedAt', 'oj', 'state', 'username']);
    await page.getByTestId(`remote-account-name-${added!.id}`).waitFor();
    expect(await page.getByTestId(`remote-account-state-${added!.id}`).innerText()).toBe('Free');

    // The same name again (in other letters): the server's refusal, the dialog stays for a correction.
    await page.getByTestId('remote-account-add').click();
    await pickOption(page, 'remote-account-site', 'Codeforces Gym');
    await page.getByTestId('remote-account-username').fill(name.toUpperCase());
    await page.getByTestId('remote-account-password').fill('site-pass-2');
    await page.getByTestId('remote-account-save').click();
    await toast(page, `GYM already has an account named ${name.toUpperCase()}.`);
    expect(await page.getByTestId('remote-account-save').isVisible()).toBe(true);
    await page.locator('.ant-modal:visible .ant-modal-close').click();
    expect(await mine()).toHaveLength(1);

    // A rename with the password left empty: the stored password stays.
    const before = await sealed(added!.id);
    await page.getByTestId(`remote-account-edit-${added!.id}`).click();
    expect(await page.getByTestId('remote-account-password').inputValue()).toBe('');
    expect(await page.getByTestId('remote-account-username').inputValue()).toBe(name);
    await page.getByTestId('remote-account-username').fill(`gym2_${stamp}`);
    await shot(page, 'remote-account-edit');
    await page.getByTestId('remote-account-save').click();
    await toast(page, 'Settings saved.');
    await expect.poll(() => page.getByTestId(`remote-account-name-${added!.id}`).innerText()).toBe(`gym2_${stamp}`);
    expect((await mine())[0]!.username).toBe(`gym2_${stamp}`);
    expect(await sealed(added!.id)).toBe(before);

    // A new password typed in replaces it.
    await page.getByTestId(`remote-account-edit-${added!.id}`).click();
    expect(await page.getByTestId('remote-account-password').inputValue()).toBe('');
    await page.getByTestId('remote-account-password').fill('site-pass-3');
    await page.getByTestId('remote-account-save').click();
    await expect.poll(() => sealed(added!.id)).not.toBe(before);
    await shot(page, 'remote-accounts');

    await page.getByTestId(`remote-account-delete-${added!.id}`).click();
    await page.getByTestId('remote-account-delete-ok').click();
    await toast(page, 'Delete successfully');
    await page.getByTestId(`remote-account-name-${added!.id}`).waitFor({ state: 'detached' });
    expect(await mine()).toEqual([]);
    await context.close();
  });

  it('the dashboard counts the accounts per site and state and shows why the failing ones fail', async () => {
    const hdu = await apiOk<AccountRow>('POST', 'admin/switch/remote-account', { token, body: { oj: 'HDU', username: `hdu_${stamp}`, password: 'p-1' } });
    const spoj = await apiOk<AccountRow>('POST', 'admin/switch/remote-account', { token, body: { oj: 'SPOJ', username: `spoj_${stamp}`, password: 'p-2' } });
    const why = `Login failed: wrong password (${stamp})`;
    await siteSql(`update remote_account set state = 'failing', last_error = $2, last_used_at = now() where id = $1`, [spoj.id, why]);
    const counts = (all: AccountRow[], oj: string, state: string) => all.filter((a) => a.oj === oj && a.state === state).length;
    const all = await accounts();

    const { context, page } = await newVisitor(browser);
    await signIn(page, rootUser, { admin: true, at: '/admin/dashboard' });
    const card = page.getByTestId('dashboard-remote-accounts');
    await card.waitFor();
    for (const [oj, state] of [
      ['HDU', 'free'],
      ['SPOJ', 'failing'],
    ] as const) {
      expect(Number(await page.getByTestId(`remote-summary-${oj}-${state}`).innerText())).toBe(counts(all, oj, state));
    }
    const failing = page.getByTestId('remote-summary-failing');
    expect(await failing.innerText()).toContain(`spoj_${stamp}`);
    expect(await failing.innerText()).toContain(why);
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'remote-accounts-dashboard');

    // The switch page shows the same state and error; the site filter narrows the table.
    await page.goto('/admin/switch');
    await page.getByTestId(`remote-account-error-${spoj.id}`).waitFor();
    expect(await page.getByTestId(`remote-account-state-${spoj.id}`).innerText()).toBe('Failing');
    expect(await page.getByTestId(`remote-account-state-${hdu.id}`).innerText()).toBe('Free');
    await pickOption(page, 'remote-account-filter', 'SPOJ');
    await page.getByTestId(`remote-account-name-${hdu.id}`).waitFor({ state: 'detached' });
    await page.getByTestId(`remote-account-name-${spoj.id}`).waitFor();
    await context.close();
  });

  it('fits 768 px wide screens (switch page and dashboard, in Japanese)', async () => {
    const { context, page } = await newVisitor(browser, { width: 768, height: 1000, locale: 'ja-JP' });
    await signIn(page, rootUser, { admin: true });
    for (const [path, testId] of [
      ['/admin/switch?l=ja-JP', 'remote-account-table'],
      ['/admin/dashboard?l=ja-JP', 'dashboard-remote-accounts'],
    ] as const) {
      await page.goto(path);
      await page.getByTestId(testId).waitFor();
      await page.getByTestId(testId).scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
      await shot(page, `remote-accounts-768-${testId}`);
    }
    await context.close();
  });

  it('is for the super admin only: a plain user is refused every account call', async () => {
    const userToken = await loginToken(user);
    expect((await api('GET', 'admin/switch/remote-accounts', { token: userToken })).http).toBe(403);
    expect((await api('POST', 'admin/switch/remote-account', { token: userToken, body: { oj: 'HDU', username: 'x', password: 'y' } })).http).toBe(403);
  });
});
