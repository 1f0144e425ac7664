/**
 * The admin area's API reference: every call of the OpenAPI document with the scope an API token needs,
 * searchable, with its parameters and body schema; reached from the side menu.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newVisitor, shot } from '../lib/browser.js';
import { rootUser, signIn } from '../lib/api.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('API reference', () => {
  it('lists the calls with their token scope, finds one by path and shows its body schema', async () => {
    const { context, page } = await newVisitor(browser);
    await signIn(page, rootUser, { admin: true, at: '/admin/dashboard' });
    await page.locator('.oj-admin-sider a[href="/admin/api"]').click();
    const table = page.getByTestId('api-reference-table');
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    const total = Number((await page.getByTestId('api-reference-count').innerText()).match(/\d+/)?.[0]);
    expect(total).toBeGreaterThan(200);
    await page.getByTestId('api-reference-search').locator('input').fill('submit-problem-judge');
    const row = table.locator('tbody tr.ant-table-row', { hasText: '/api/submit-problem-judge' });
    await row.waitFor();
    expect(await row.innerText()).toContain('Submit');
    await row.locator('.ant-table-row-expand-icon').click();
    const schema = page.getByTestId('api-reference-schema');
    await schema.waitFor();
    expect(await schema.innerText()).toContain('"code"');
    await shot(page, 'admin-api-reference');
    // An admin-area call needs the admin scope; the token calls themselves need a login.
    await page.getByTestId('api-reference-search').locator('input').fill('api-token');
    await table.locator('tbody tr.ant-table-row', { hasText: '/api/create-api-token' }).getByText('login only').waitFor();
    await context.close();
  });

  it('fits 768 px wide screens', async () => {
    const { context, page } = await newVisitor(browser, { width: 768, height: 900 });
    await signIn(page, rootUser, { admin: true, at: '/admin/dashboard' });
    await page.goto('/admin/api');
    await page.getByTestId('api-reference-table').locator('tbody tr.ant-table-row').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'admin-api-reference-768');
    await context.close();
  });
});
