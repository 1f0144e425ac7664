/**
 * API tokens in the settings: a user makes a token with the submit scope, copies it from the dialog,
 * and a script (this process) submits a solution with it and reads the verdict; a read token is refused
 * the submission; revoking the token in the page stops the script.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp, stampedUser } from '@oj/test-fixtures';
import { launch, newVisitor, shot } from '../lib/browser.js';
import { AC_CPP, api, createProblem, rootToken, registerUser, signIn, waitVerdict } from '../lib/api.js';

let browser: Browser;
const stamp = runStamp(6);
const user = stampedUser('tok', stamp, 'token-pass');
const problemId = `TOK${stamp}`;

beforeAll(async () => {
  browser = await launch();
  await registerUser(user);
  await createProblem(await rootToken(), { problemId, title: 'A + B by script' });
});
afterAll(() => browser?.close());

describe('API tokens', () => {
  it('are made in the settings, shown once, used by a script to submit, and revoked there', async () => {
    const { context, page } = await newVisitor(browser);
    await signIn(page, user, { at: '/setting' });
    await page.getByTestId('setting').waitFor();
    // Closed until opened: most users never need it.
    await page.getByTestId('setting-api-tokens').click();
    await page.getByTestId('api-token-new').click();
    await page.getByTestId('api-token-name').fill('grader script');
    await page.locator('.ant-modal input[type="checkbox"][value="submit"]').check();
    await page.getByTestId('api-token-create-ok').click();
    const value = page.getByTestId('api-token-value');
    await value.waitFor();
    const token = (await value.innerText()).trim();
    expect(token.split('.')).toHaveLength(3);
    await shot(page, 'api-token-created');
    await page.getByTestId('api-token-done').click();
    const table = page.getByTestId('api-token-table');
    await table.getByText('grader script').waitFor();
    // The list never shows the token again.
    expect(await table.innerText()).not.toContain(token.slice(-12));

    // The script: a submission with the token, and its verdict read with it.
    const sub = await api('POST', 'submit-problem-judge', { token: `Bearer ${token}`, body: { pid: problemId, language: 'C++', code: AC_CPP } });
    expect(sub.status, sub.msg).toBe(200);
    expect(await waitVerdict(sub.data.submitId, `Bearer ${token}`)).toBe(0);
    // It may not change the account.
    const pw = await api('POST', 'change-password', { token: `Bearer ${token}`, body: { oldPassword: user.password, newPassword: 'another-pass-1' } });
    expect(pw.http).toBe(403);

    // Revoked in the page: the script is refused at once.
    await page.getByTestId('api-token-revoke-grader script').click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await table.getByText('grader script').waitFor({ state: 'detached' });
    const after = await api('POST', 'submit-problem-judge', { token: `Bearer ${token}`, body: { pid: problemId, language: 'C++', code: AC_CPP } });
    expect([after.http, after.msg]).toEqual([401, 'Your login has expired, please login again!']);
    await context.close();
  });

  it('fits 768 px wide screens, in Japanese', async () => {
    const { context, page } = await newVisitor(browser, { width: 768, height: 900, locale: 'ja-JP' });
    await signIn(page, user, { at: '/setting?l=ja-JP' });
    await page.getByTestId('setting-api-tokens').click();
    await page.getByTestId('api-tokens').waitFor();
    await page.getByTestId('api-token-new').click();
    await page.getByTestId('api-token-name').waitFor();
    await page.locator('.ant-modal').getByText('スコープ', { exact: true }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'api-token-dialog-768');
    await context.close();
  });
});
