/**
 * Remote judging through the pages only, against the e2e site's stand-in for Codeforces (its built-in
 * judge serves Codeforces at the stand-in's address): root adds the site's account on the switch page
 * and imports problem 1A from the bank's admin list (the judge fetches it from the site), then finds it
 * with its link to the site. A user solves it on its problem page (no self-test there) and the verdict
 * is the site's. The site then refuses a submission: Submitted Failed with the site's words, and the
 * Resubmit next to it, once the site takes code again, gets the verdict. Root reads the site's run id
 * on the detail page.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp, stampedUser } from '@oj/test-fixtures';
import { AC_CPP, apiOk, registerUser, rootToken, rootUser, signIn } from '../lib/api.js';
import { launch, newVisitor, shot, site } from '../lib/browser.js';
import { loadCode, submitWhenAllowed, toast, watchStatus, pickOption } from '../lib/ui.js';

interface SwitchConfig {
  submitIntervalSec: number;
}
interface AccountRow {
  id: number;
  oj: string;
  username: string;
}

let browser: Browser;
let token: string;
let original: SwitchConfig;
/** the Codeforces account this file added (null: the site had it already) */
let added: number | null = null;
const stamp = runStamp(6);
const user = stampedUser('rj', stamp, 'remote-judge-1');
const PROBLEM = 'CF-1A';

/** Tells the Codeforces stand-in to refuse submissions, or to take them again. */
const codeforces = (what: 'refuse-next' | 'take-again') => fetch(`${site().codeforcesUrl}/__e2e/${what}`, { method: 'POST' });

beforeAll(async () => {
  browser = await launch();
  token = await rootToken();
  await registerUser(user);
  // Two submissions in a row: no interval to wait out (put back in afterAll).
  original = await apiOk<SwitchConfig>('GET', 'admin/switch/info', { token });
  await apiOk('PUT', 'admin/switch/update', { token, body: { submitIntervalSec: 0 } });
  await codeforces('take-again');
});

afterAll(async () => {
  await codeforces('take-again');
  if (original) await apiOk('PUT', 'admin/switch/update', { token, body: { submitIntervalSec: original.submitIntervalSec } });
  if (added) await apiOk('DELETE', `admin/switch/remote-account?id=${added}`, { token });
  await browser?.close();
});

describe('remote judging through the pages', () => {
  it('root adds the Codeforces account and imports problem 1A from the bank list', async () => {
    const { context, page } = await newVisitor(browser);
    await signIn(page, rootUser, { admin: true, at: '/admin/dashboard' });
    const accounts = await apiOk<AccountRow[]>('GET', 'admin/switch/remote-accounts', { token });
    if (!accounts.some((a) => a.oj === 'CF' && a.username === 'tourist')) {
      await page.goto('/admin/switch');
      await page.getByTestId('remote-account-add').click();
      await pickOption(page, 'remote-account-site', 'Codeforces');
      await page.getByTestId('remote-account-username').fill('tourist');
      await page.getByTestId('remote-account-password').fill('right-password');
      await page.getByTestId('remote-account-save').click();
      await toast(page, 'Account added');
      added = (await apiOk<AccountRow[]>('GET', 'admin/switch/remote-accounts', { token })).find((a) => a.oj === 'CF' && a.username === 'tourist')!.id;
    }

    await page.goto('/admin/problems');
    await page.getByTestId('remote-import').click();
    await pickOption(page, 'remote-import-site', 'Codeforces');
    await page.getByTestId('remote-import-problem-id').fill('1A');
    await page.getByTestId('remote-import-ok').click();
    // New, or fetched again when an earlier file of this site imported it.
    await toast(page, new RegExp(`${PROBLEM} Theatre Square`));
    await page.getByTestId('remote-import-dialog').waitFor({ state: 'hidden' });
    await page.getByTestId('problem-keyword').locator('input').fill(PROBLEM);
    await page.getByTestId('problem-keyword').locator('input').press('Enter');
    const title = page.getByTestId(`problem-title-${PROBLEM}`);
    await title.waitFor();
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    expect(await title.locator('xpath=..').innerText()).toContain('Remote');
    // No test data here to download: the site judges it.
    expect(await page.getByTestId(`problem-download-${PROBLEM}`).count()).toBe(0);
    await shot(page, 'remote-judging-bank');

    // On its problem page, root's link to the problem on Codeforces.
    const detail = await apiOk<{ problem: { remoteUrl: string } }>('GET', `get-problem-detail?problemId=${PROBLEM}`, { token });
    await page.goto(`/problem/${PROBLEM}`);
    await page.getByTestId('view-on-site').waitFor();
    expect(await page.getByTestId('view-on-site').innerText()).toBe('View on Codeforces');
    expect(await page.getByTestId('view-on-site').getAttribute('href')).toBe(detail.problem.remoteUrl);
    await context.close();
  });

  it('a user solves it on its problem page; a refused submission is resubmitted from there', async () => {
    const { context, page } = await newVisitor(browser);
    await signIn(page, user, { at: `/problem/${PROBLEM}` });
    await page.getByTestId('problem-title').getByText('Theatre Square').waitFor();
    expect(await page.getByTestId('open-test-run').count()).toBe(0);
    await loadCode(page, AC_CPP, 'main.cpp');
    await submitWhenAllowed(page);
    await watchStatus(page, 'Accepted', 90_000);

    // The site refuses the next one: Submitted Failed at once, with its words on the detail page.
    await codeforces('refuse-next');
    await submitWhenAllowed(page);
    await watchStatus(page, 'Submitted Failed', 90_000);
    const resubmit = page.getByTestId('submit-resubmit');
    await resubmit.waitFor();
    await shot(page, 'remote-judging-submitted-failed');

    // Taken again: the same submission goes back to the site and gets its verdict.
    await codeforces('take-again');
    await resubmit.click();
    await watchStatus(page, 'Accepted', 90_000);
    expect(await resubmit.count()).toBe(0);
    await context.close();
  });

  it('lists the two verdicts in the status list; root reads the site run id on the detail page', async () => {
    const { context, page } = await newVisitor(browser);
    await signIn(page, user, { at: `/status?onlyMine=true&problemID=${PROBLEM}` });
    const rows = page.getByTestId('status-table').locator('.ant-table-row');
    await expect.poll(() => rows.count()).toBe(2);
    for (const text of await rows.allInnerTexts()) expect(text).toContain('Accepted');
    expect(await page.locator('[data-testid^="resubmit-"]').count()).toBe(0);
    const submitId = Number((await rows.first().locator('a[data-testid^="run-"]').innerText()).trim());
    await context.close();

    const admin = await newVisitor(browser);
    await signIn(admin.page, rootUser, { at: `/submission-detail/${submitId}` });
    const runId = admin.page.getByTestId('remote-run-id');
    await runId.waitFor();
    expect(await runId.innerText()).toMatch(/^\d+$/);
    await shot(admin.page, 'remote-judging-detail-root');
    await admin.context.close();
  });
});
