import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp } from '@oj/test-fixtures';
import { launch, newVisitor, shot } from '../lib/browser.js';
import { createProblem, rootToken, rootUser, signIn } from '../lib/api.js';

/**
 * The address bar of list pages (the web kit's `useListState`): bad values fall back instead of
 * breaking the list, the page is `currentPage` everywhere (an old `page` still opens the same page), and
 * a filter change starts again at page 1.
 */
let browser: Browser;
const stamp = runStamp(6).toUpperCase();
const tag = `LS${stamp}`;

beforeAll(async () => {
  browser = await launch();
  const token = await rootToken();
  for (const n of [1, 2, 3]) await createProblem(token, { problemId: `${tag}${n}`, title: `List state ${tag} ${n}` });
});
afterAll(() => browser?.close());

const activePage = (page: Page) => page.locator('.ant-pagination-item-active').first().innerText();
/** The pager shows page `n` as the current one (the table renders after the address changes). */
async function expectActive(page: Page, n: number) {
  await page.locator(`.ant-pagination-item-${n}.ant-pagination-item-active`).first().waitFor();
  expect(await activePage(page)).toBe(String(n));
}
const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

describe('list state in the address bar', () => {
  it('shows the problem list when the address holds values the list does not accept', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto(`/problem?keyword=${tag}&currentPage=abc&difficulty=99&limit=7&auth=x`);
    await page.getByTestId(`problem-link-${tag}1`).waitFor();
    expect(await page.locator(`[data-testid^="problem-link-${tag}"]`).count()).toBe(3);
    await expectActive(page, 1);
    await shot(page, 'list-state-bad-values');
    await context.close();
  });

  it('opens an admin table on currentPage (and on an old page link), and a new keyword goes back to page 1', async () => {
    const { context, page } = await newVisitor(browser);
    await signIn(page, rootUser, { admin: true });
    await page.goto(`/admin/problems?keyword=${tag}&currentPage=2&limit=1`);
    await page.getByTestId('admin-problem-list').waitFor();
    await page.locator(`[data-testid^="problem-title-${tag}"]`).first().waitFor();
    await expectActive(page, 2);

    await page.locator('.ant-pagination-item-3').click();
    await page.waitForURL(/currentPage=3/);
    await expectActive(page, 3);
    await shot(page, 'list-state-admin-page-3');

    await page.goto(`/admin/problems?keyword=${tag}&page=2&limit=1`);
    await page.locator(`[data-testid^="problem-title-${tag}"]`).first().waitFor();
    await expectActive(page, 2);
    // The next move writes the spec's name and drops the old one.
    await page.locator('.ant-pagination-item-3').click();
    await page.waitForURL(/currentPage=3/);
    expect(param(page, 'page')).toBeNull();

    const search = page.getByTestId('problem-keyword').locator('input');
    await search.fill(`${tag}1`);
    await search.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('keyword') === `${tag}1`);
    expect(param(page, 'currentPage')).toBeNull();
    expect(param(page, 'limit')).toBe('1');
    await page.getByTestId(`problem-title-${tag}1`).waitFor();
    await expectActive(page, 1);
    await context.close();
  });
});
