/**
 * The batch import page in Chromium: a multi-problem FPS file shows the upload and the
 * server's progress through the file, then the report of every problem — imported, imported with
 * warnings (unpaired tests, a checker that does not compile), refused and why — and the imported
 * problems are in the list.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp } from '@oj/test-fixtures';
import { launch, newVisitor, shot } from '../lib/browser.js';
import { chooseLanguage } from '../lib/ui.js';
import { rootUser, signIn } from '../lib/api.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const stamp = runStamp(6);

const item = (title: string, o: { limit?: string; tests?: string; extra?: string } = {}) => `<item>
<title><![CDATA[${title}]]></title>
<time_limit unit="s"><![CDATA[${o.limit ?? '1'}]]></time_limit>
<memory_limit unit="mb"><![CDATA[128]]></memory_limit>
<description><![CDATA[<p>Print a + b.</p>]]></description>
<sample_input><![CDATA[1 2]]></sample_input>
<sample_output><![CDATA[3]]></sample_output>
${o.tests ?? `<test_input><![CDATA[${'4 5\n'.repeat(400)}]]></test_input><test_output><![CDATA[${'9\n'.repeat(400)}]]></test_output>`}
${o.extra ?? ''}
</item>`;

describe('admin batch import', () => {
  it('shows the progress and a per-problem report for a file of many problems', async () => {
    const n = 300;
    const items = [
      item(`Unpaired ${stamp}`, { tests: '<test_input>1 1</test_input><test_input>2 2</test_input><test_output>2</test_output>' }),
      item(`Bad limit ${stamp}`, { limit: 'soon' }),
      item(`Broken checker ${stamp}`, { extra: '<spj language="C"><![CDATA[int main( {]]></spj>' }),
      ...Array.from({ length: n - 3 }, (_, i) => item(`Bulk ${stamp} &#26641; ${i}`)),
    ];
    const fps = `<?xml version="1.0" encoding="UTF-8"?>\n<fps version="1.4">\n${items.join('\n')}\n</fps>`;

    const { context, page } = await newVisitor(browser);
    await signIn(page, rootUser, { admin: true });
    await page.goto('/admin/problem/batch-operation');
    await page.getByTestId('import-format').waitFor();
    // What the bar shows while the server works through the file.
    const seen = new Set<number>();
    const watch = setInterval(() => {
      void page
        .locator('[data-testid=import-progress] .ant-progress')
        .getAttribute('aria-valuenow')
        .then((v) => v !== null && seen.add(Number(v)))
        .catch(() => {});
    }, 50);
    try {
      await page
        .getByTestId('import-file')
        .locator('input[type=file]')
        .setInputFiles({ name: 'many.xml', mimeType: 'text/xml', buffer: Buffer.from(fps) });
      await page.getByTestId('import-progress').waitFor();
      await page
        .getByTestId('import-phase')
        .getByText(/Importing… [1-9]\d* problems? done/)
        .waitFor({ timeout: 30_000 });
      await shot(page, 'admin-import-running');
      await page
        .getByTestId('import-phase')
        .getByText(`FPS XML · ${n - 3} imported, 2 imported with warnings, 1 refused`)
        .waitFor({ timeout: 120_000 });
    } finally {
      clearInterval(watch);
    }
    expect(
      [...seen].some((v) => v > 0 && v < 100),
      `progress values seen: ${[...seen].sort((a, b) => a - b).join(', ')}`,
    ).toBe(true);

    const report = page.getByTestId('import-report');
    const row = (title: string) => report.locator('tr', { hasText: title });
    await row(`Unpaired ${stamp}`).getByText('Imported with warnings').waitFor();
    expect(await row(`Unpaired ${stamp}`).innerText()).toContain('2 × <test_input> and 1 × <test_output>: the first 1 pairs were imported');
    expect(await row(`Bad limit ${stamp}`).innerText()).toContain('Invalid FPS file: item 2 (Bad limit');
    await row(`Bad limit ${stamp}`).getByText('Refused').waitFor();
    expect(await row(`Broken checker ${stamp}`).innerText()).toContain('The checker does not compile, so the problem was imported as private');
    await page.getByTestId('import-progress').scrollIntoViewIfNeeded();
    await shot(page, 'admin-import-report');

    // Only refused problems, with the status filter.
    await report.locator('.ant-table-filter-trigger').click();
    await page.locator('.ant-dropdown .ant-dropdown-menu-item', { hasText: 'Refused' }).click();
    await page.locator('.ant-dropdown').getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => report.locator('tbody tr').count()).toBe(1);

    await page.goto(`/admin/problems?keyword=${encodeURIComponent(`Bulk ${stamp}`)}`);
    await page.getByText(`Bulk ${stamp} 树 ${n - 4}`, { exact: true }).waitFor();
    await context.close();
  }, 240_000);

  it('imports private unless public is chosen, says so per problem, and shows an escaped "0&lt;l&lt;=n" whole', async () => {
    const escaped = (title: string) =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<fps version="1.4">\n${item(title).replace('<p>Print a + b.</p>', '<p>Range: 0&lt;l&lt;=n&lt;=100.</p>')}\n</fps>`;
    const { context, page } = await newVisitor(browser);
    await signIn(page, rootUser, { admin: true });
    await page.goto('/admin/problem/batch-operation');
    const visibility = page.getByTestId('import-visibility');
    await visibility.getByText('Private until published').waitFor();
    expect(await visibility.locator('input[value=private]').isChecked()).toBe(true);
    const importFile = async (name: string, title: string) => {
      await page
        .getByTestId('import-file')
        .locator('input[type=file]')
        .setInputFiles({ name, mimeType: 'text/xml', buffer: Buffer.from(escaped(title)) });
      await page.getByTestId('import-phase').getByText('1 imported, 0 imported with warnings, 0 refused').waitFor({ timeout: 60_000 });
      return page.getByTestId('import-report').locator('tbody tr', { hasText: title });
    };
    const hidden = await importFile('private.xml', `Private ${stamp}`);
    await hidden.getByText('Private until published').waitFor();
    await visibility.getByText('Public', { exact: true }).click();
    const shown = await importFile('public.xml', `Public ${stamp}`);
    await shown.getByText('Public', { exact: true }).waitFor();
    await shot(page, 'admin-import-visibility');
    const problemId = (await shown.locator('td').nth(3).innerText()).trim();
    expect(problemId).toMatch(/^FPS-\d+$/);
    await page.goto(`/problem/${problemId}`);
    await page.getByText('Range: 0<l<=n<=100.', { exact: true }).waitFor();
    await shot(page, 'problem-fps-escaped');
    await context.close();
  }, 180_000);

  it('shows the code an FPS problem judges around the submission, read-only around the editor', async () => {
    const fps = `<?xml version="1.0" encoding="UTF-8"?>\n<fps version="1.4">\n${item(`Wrapped ${stamp}`, {
      extra: `<prepend language="C"><![CDATA[#include <stdio.h>
long long add(long long a, long long b);]]></prepend>
<append language="C"><![CDATA[int main(void) { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", add(a, b)); return 0; }]]></append>`,
    })}\n</fps>`;
    const { context, page } = await newVisitor(browser);
    await signIn(page, rootUser, { admin: true });
    await page.goto('/admin/problem/batch-operation');
    await page
      .getByTestId('import-file')
      .locator('input[type=file]')
      .setInputFiles({ name: 'wrapped.xml', mimeType: 'text/xml', buffer: Buffer.from(fps) });
    await page.getByTestId('import-phase').getByText('1 imported, 0 imported with warnings, 0 refused').waitFor({ timeout: 60_000 });
    const problemId = (await page.getByTestId('import-report').locator('tbody tr td').nth(3).innerText()).trim();
    expect(problemId).toMatch(/^FPS-\d+$/);
    await page.goto(`/problem/${problemId}`);
    await chooseLanguage(page, 'C');
    await page.getByTestId('code-prepend').getByText('long long add(long long a, long long b);').waitFor();
    expect(await page.getByTestId('code-append').innerText()).toContain('printf("%lld\\n", add(a, b));');
    await chooseLanguage(page, 'C++');
    expect(await page.getByTestId('code-prepend').count()).toBe(0);
    await chooseLanguage(page, 'C');
    await page.getByTestId('code-prepend').waitFor();
    await shot(page, 'problem-code-wrappers');
    await context.close();
  }, 120_000);
});
