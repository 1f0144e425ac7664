/**
 * A remote problem in an ACM contest end to end, against the e2e site's stand-in for Codeforces: root
 * imports Codeforces 1A into a running contest under the letter A from the contest's problem admin (the
 * built-in judge fetches it from the stand-in), a participant solves it from the contest's problem page,
 * and the contest board shows the site's verdict as his first blood on A.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp, stampedUser } from '@oj/test-fixtures';
import { AC_CPP, apiOk, createContest, registerUser, rootToken, rootUser, signIn } from '../lib/api.js';
import { launch, newVisitor, shot } from '../lib/browser.js';
import { cell, loadCode, submitWhenAllowed, toast, watchStatus, pickOption } from '../lib/ui.js';

interface AccountRow {
  id: number;
  oj: string;
  username: string;
}

let browser: Browser;
let token: string;
let cid = 0;
/** the Codeforces account this file added (null: the site had it already) */
let added: number | null = null;
const stamp = runStamp(6);
const user = stampedUser('rc', stamp, 'remote-contest-1');

beforeAll(async () => {
  browser = await launch();
  token = await rootToken();
  await registerUser(user);
  const accounts = await apiOk<AccountRow[]>('GET', 'admin/switch/remote-accounts', { token });
  if (!accounts.some((a) => a.oj === 'CF' && a.username === 'tourist')) {
    added = (await apiOk<AccountRow>('POST', 'admin/switch/remote-account', { token, body: { oj: 'CF', username: 'tourist', password: 'right-password' } })).id;
  }
  cid = await createContest(token, { title: `Remote round ${stamp}` });
});

afterAll(async () => {
  if (added) await apiOk('DELETE', `admin/switch/remote-account?id=${added}`, { token });
  await browser?.close();
});

describe('a remote problem in an ACM contest', () => {
  it('is imported under a letter, solved from the contest and shown on the board', async () => {
    const admin = await newVisitor(browser);
    await signIn(admin.page, rootUser, { admin: true, at: '/admin/dashboard' });
    await admin.page.goto(`/admin/contest/${cid}/problems`);
    await admin.page.getByTestId('remote-import').click();
    await admin.page.getByTestId('remote-import-dialog').waitFor();
    await pickOption(admin.page, 'remote-import-site', 'Codeforces');
    await admin.page.getByTestId('remote-import-problem-id').fill('1A');
    await admin.page.getByTestId('remote-import-ok').click();
    await toast(admin.page, /CF-1A Theatre Square/);
    await admin.page.getByTestId('remote-import-dialog').waitFor({ state: 'hidden' });
    await admin.page.getByText('Theatre Square').first().waitFor();
    await shot(admin.page, 'remote-contest-problems');
    await admin.context.close();

    const { context, page } = await newVisitor(browser);
    await signIn(page, user, { at: `/contest/${cid}/problem/A` });
    await page.getByTestId('problem-title').getByText('Theatre Square').waitFor();
    await loadCode(page, AC_CPP, 'main.cpp');
    await submitWhenAllowed(page);
    await watchStatus(page, 'Accepted', 90_000);

    await page.goto(`/contest/${cid}/rank`);
    await page.getByTestId(`sb-user-${user.username}`).waitFor();
    await expect.poll(() => cell(page, user.username, 'A').getAttribute('data-kind')).toBe('first-ac');
    expect(await page.getByTestId(`sb-ac-${user.username}`).textContent()).toBe('1');
    await shot(page, 'remote-contest-board');
    await context.close();
  });
});
