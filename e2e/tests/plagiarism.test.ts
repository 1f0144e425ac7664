/**
 * The plagiarism check from the contest admin page at a tablet's width (768 px): three participants
 * submit, two of them near-copies (identifiers renamed, functions reordered); the staff open the check
 * from the contest list, run it over every final submission, follow it until the site's judge has done
 * it, find the pair of copies and not the unique one, open them side by side with matching fragments
 * marked on both sides, and mark the pair reviewed.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nearCopy, runStamp, stampedUser, uniqueProgram } from '@oj/test-fixtures';
import { api, apiOk, createContest, createProblem, registerUser, rootToken, rootUser, signIn } from '../lib/api.js';
import { launch, newVisitor } from '../lib/browser.js';
import { pageShot, pickOption } from '../lib/ui.js';

let browser: Browser;
let root: string;
let cid = 0;
const stamp = runStamp(5);
const tag = `PL${stamp}`;
const users = ['orig', 'copy', 'solo'].map((n) => stampedUser(`pl${n}`, stamp, 'plagiarism-pass1'));
const BASE = uniqueProgram(31, 80);

beforeAll(async () => {
  browser = await launch();
  root = await rootToken();
  const pid = await createProblem(root, { problemId: `${tag}P`, title: 'Similar sums' });
  cid = await createContest(root, { title: `${tag} Round` }, [[pid, 'A']]);
  const codes = [BASE, nearCopy(BASE, 7), uniqueProgram(32, 80)];
  for (const [k, u] of users.entries()) {
    const token = await registerUser(u);
    await apiOk('POST', 'submit-problem-judge', { token, body: { pid: 'A', cid, language: 'C++', code: codes[k] } });
  }
}, 180_000);

afterAll(async () => {
  await browser?.close();
  if (cid) await api('DELETE', `/api/admin/contest?cid=${cid}`, { token: root });
});

describe('plagiarism check', () => {
  it('staff run it from the contest list, see the pair of copies and open it side by side', async () => {
    const { context, page } = await newVisitor(browser, { width: 768, height: 1000 });
    await signIn(page, rootUser, { at: '/admin', admin: true });
    await page.goto(`/admin/contest?keyword=${tag}`);
    await page.getByTestId(`contest-plagiarism-${cid}`).click();
    await page.waitForURL(new RegExp(`/plagiarism\\?cid=${cid}`));
    await pickOption(page, 'plagiarism-mode', "Each user's latest one");
    await page.getByTestId('plagiarism-start').click();
    // the site's judge runs it: progress until the summary of a finished check
    const summary = page.getByTestId('plagiarism-summary');
    await summary.waitFor({ timeout: 60_000 });
    expect(await summary.textContent()).toContain('Submissions compared: 3; similar pairs: 1.');
    const table = page.getByTestId('plagiarism-pairs');
    const rows = table.locator('tbody tr.ant-table-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    const row = await rows.first().textContent();
    expect(row).toContain(users[0]!.username);
    expect(row).toContain(users[1]!.username);
    expect(row).not.toContain(users[2]!.username);
    const similarity = Number(/([\d.]+)%/.exec(row ?? '')?.[1]);
    expect(similarity).toBeGreaterThan(80);
    await pageShot(page, 'plagiarism-pairs-768');

    await table.getByRole('button', { name: 'Side by side' }).click();
    await page.waitForURL(/\/plagiarism\/pair\/\d+/);
    const left = page.getByTestId('plagiarism-code-left');
    const right = page.getByTestId('plagiarism-code-right');
    await left.locator('mark').first().waitFor();
    // the same fragments marked on both sides
    const fragments = async (side: typeof left) => new Set(await side.locator('mark').evaluateAll((ms) => ms.map((m) => m.getAttribute('data-fragment'))));
    const [l, r] = [await fragments(left), await fragments(right)];
    expect(l.size).toBeGreaterThan(0);
    expect([...l].sort()).toEqual([...r].sort());
    expect(await left.textContent()).toContain('long long f0(');
    // a fragment's tag brings its first line into view on both sides
    const last = (await page.locator('[data-testid^="plagiarism-fragment-"]').count()) - 1;
    const fragmentTag = page.getByTestId(`plagiarism-fragment-${last}`);
    const [leftLine, rightLine] = (/(\d+)–\d+ ↔ (\d+)–/.exec((await fragmentTag.textContent()) ?? '') ?? []).slice(1).map(Number);
    await fragmentTag.click();
    for (const [pane, line] of [
      [left, leftLine!],
      [right, rightLine!],
    ] as const) {
      const top = await pane.evaluate((el, row) => (el.querySelector(`[data-line="${row - 1}"]`) as HTMLElement).offsetTop - el.scrollTop, line);
      expect(top).toBeGreaterThanOrEqual(-1);
      expect(top).toBeLessThan(await pane.evaluate((el) => el.clientHeight));
    }
    await page.getByTestId('plagiarism-pair-reviewed').click();
    await page
      .getByTestId('plagiarism-pair-reviewed')
      .filter({ hasText: /^Reviewed$/ })
      .waitFor();
    await pageShot(page, 'plagiarism-side-by-side-768');

    // back on the list the pair shows as reviewed
    await page.goBack();
    await page.getByTestId('plagiarism-pairs').locator('tr.oj-plagiarism-reviewed').waitFor();
    await context.close();
  }, 120_000);
});
