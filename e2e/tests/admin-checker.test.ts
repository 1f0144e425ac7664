/** Checkers without code: an admin picks "floats 1e-6" in the problem editor and submissions are judged by it. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp } from '@oj/test-fixtures';
import { launch, newVisitor, shot } from '../lib/browser.js';
import { apiOk, loginToken, registerUser, rootToken, rootUser, signIn, waitVerdict } from '../lib/api.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const stamp = runStamp(6);
const problemId = `FLT${stamp}`.toUpperCase();
const printing = (x: string) => `#include <stdio.h>\nint main(void) { puts("${x}"); return 0; }\n`;
// Two users: the site's submit interval applies per user.
const users = ['a', 'b'].map((k) => ({ username: `flt_${k}_${stamp}`, password: 'float-pass', email: `flt_${k}_${stamp}@example.com` }));

describe('built-in checker chosen in the problem editor', () => {
  let pid: number;
  beforeAll(async () => {
    const created = await apiOk<{ pid: number }>('POST', '/api/admin/problem', {
      token: await rootToken(),
      body: {
        problem: { problemId, title: 'One point zero', description: 'Print 1.', input: 'Nothing.', output: 'The number 1.' },
        samples: [{ input: '', output: '1.0\n' }],
        languages: ['C'],
        tags: [],
      },
    });
    pid = created.pid;
    for (const u of users) await registerUser(u);
  });

  it('saves "floats 1e-6": 1.0000001 for 1.0 is accepted, 1.1 is a wrong answer', async () => {
    const { context, page } = await newVisitor(browser, { width: 1280, height: 900 });
    await signIn(page, rootUser, { admin: true });
    await page.goto(`/admin/problem/edit/${pid}`);
    await expect.poll(() => page.getByTestId('field-title').inputValue(), { timeout: 15_000 }).toBe('One point zero');
    // Standard mode: the checker select, no convention; the precision only for floats.
    expect(await page.getByTestId('field-checkerConvention').count()).toBe(0);
    expect(await page.getByTestId('field-checkerPrecision').count()).toBe(0);
    await page.getByTestId('field-builtinChecker').click();
    await page.locator('.ant-select-dropdown:visible').getByText('Floating-point numbers').click();
    await page.getByText('Numbers within the allowed absolute or relative error').waitFor();
    await page.getByTestId('field-checkerPrecision').click();
    await page.locator('.ant-select-dropdown:visible').getByText('1e-6', { exact: true }).click();
    await page.getByTestId('field-builtinChecker').scrollIntoViewIfNeeded();
    await shot(page, 'admin-checker-floats');
    // A special judge offers the convention instead.
    await page.getByTestId('field-judgeMode').getByText('Special judge').click();
    await page.getByTestId('field-checkerConvention').getByText('testlib report').waitFor();
    expect(await page.getByTestId('field-builtinChecker').count()).toBe(0);
    await shot(page, 'admin-checker-convention');
    await page.getByTestId('field-judgeMode').getByText('Standard').click();
    await page.getByTestId('field-builtinChecker').waitFor();

    // By event: antd's closed dropdowns can stay in the DOM (invisible) over the page with the harness's zero-length animations.
    await page.getByTestId('problem-save').dispatchEvent('click');
    await page.waitForURL('**/admin/problems*').catch(async (e) => {
      await shot(page, 'admin-checker-save-failed');
      throw new Error(`${(e as Error).message}; notices: ${await page.locator('.ant-message-notice, .ant-form-item-explain-error').allInnerTexts()}`);
    });
    await page.getByText('Update Successfully').first().waitFor();
    const stored = await apiOk('GET', `/api/admin/problem?pid=${pid}`, { token: await rootToken() });
    expect(stored.problem).toMatchObject({ builtinChecker: 'floats', checkerPrecision: 6, judgeMode: 'default' });

    // The editor shows what was stored.
    await page.goto(`/admin/problem/edit/${pid}`);
    await expect.poll(() => page.getByTestId('field-builtinChecker').innerText(), { timeout: 15_000 }).toContain('Floating-point numbers');
    expect(await page.getByTestId('field-checkerPrecision').innerText()).toContain('1e-6');
    await context.close();

    const verdicts: number[] = [];
    for (const [i, out] of ['1.0000001', '1.1'].entries()) {
      const token = await loginToken(users[i]!);
      const sub = await apiOk<{ submitId: number }>('POST', '/api/submit-problem-judge', {
        token,
        body: { pid: problemId, language: 'C', code: printing(out) },
      });
      verdicts.push(await waitVerdict(sub.submitId, token));
    }
    expect(verdicts).toEqual([0, -1]); // Accepted, Wrong Answer
  });
});
