import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp, stampedUser } from '@oj/test-fixtures';
import { baseUrl, launch, newVisitor, shot } from '../lib/browser.js';
import { adminLoginInBrowser as adminLogin, apiOk, createProblem, loginSession, png, registerUser, rootToken, rootUser, signIn, zip } from '../lib/api.js';
import { notice, useSession } from '../lib/ui.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const stamp = runStamp(6);
const problemId = `E2E${stamp}`.toUpperCase();
const normal = stampedUser('plain', stamp, 'plain-pass');

describe('admin problem management', () => {
  beforeAll(async () => {
    await registerUser(normal);
  });

  it('sends a visitor without a login to the admin login page', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/admin/problems');
    await page.waitForURL('**/admin/login');
    await page.getByText('Please login first!').waitFor();
    await page.getByTestId('admin-login-page').waitFor();
    // The admin area has no public top bar and no footer.
    expect(await page.getByTestId('topbar').count()).toBe(0);
    await page.getByTestId('admin-login-submit').click();
    await page.getByText('Please enter username').waitFor();
    await page.getByText('Please enter password').waitFor();
    await shot(page, 'admin-login');
    await context.close();
  });

  it('refuses a normal user, at the admin login and when opening /admin', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/admin/login');
    await page.getByTestId('admin-login-username').fill(normal.username);
    await page.getByTestId('admin-login-password').fill(normal.password);
    await page.getByTestId('admin-login-submit').click();
    await page.getByText('Please login again with the administrator account!').first().waitFor();
    expect(page.url()).toContain('/admin/login');

    // Logged in on the site as a normal user, the admin area still refuses.
    const session = await loginSession(normal);
    await useSession(context, session);
    await page.goto('/admin');
    await page.waitForURL('**/admin/login');
    await page.getByText('Please login again with the administrator account!').first().waitFor();
    expect(await page.getByTestId('admin-layout').count()).toBe(0);
    // The API refuses too, whatever the page does.
    const res = await fetch(`${baseUrl()}/api/admin/problem/get-problem-list`, { headers: { authorization: session.token, 'url-type': 'admin' } });
    expect(res.status).toBe(403);
    await context.close();
  });

  it('lets root create a problem with a zip of test cases, find it in the list and edit it', async () => {
    const { context, page } = await newVisitor(browser, { width: 1280, height: 900 });
    await adminLogin(page);
    await page.getByText('Dear administrator, welcome back~').waitFor();
    await shot(page, 'admin-dashboard');

    await page.getByTestId('admin-menu').getByText('Create problem').click();
    await page.waitForURL('**/admin/problem/create');
    await page.getByTestId('field-problemId').fill(problemId);
    await page.getByTestId('field-title').fill('A plus B (e2e)');
    await page.getByTestId('field-description').locator('textarea').fill('Read two integers and print their **sum**.');
    // An image uploaded from the Markdown editor is inserted as a link to the stored file.
    await page.getByTestId('field-description').locator('input[type=file]').first().setInputFiles({ name: 'figure.png', mimeType: 'image/png', buffer: png() });
    await expect
      .poll(() => page.getByTestId('field-description').locator('textarea').inputValue(), { timeout: 10_000 })
      .toMatch(/!\[figure\.png\]\(\/api\/public\/files\/[^)]+\)/);
    await page.getByTestId('field-description').getByText('Preview').click();
    await page.getByTestId('field-description').locator('img').waitFor();
    await page.getByTestId('field-description').getByText('Write').click();
    await page.getByTestId('field-input').locator('textarea').fill('Two integers a and b.');
    await page.getByTestId('field-output').locator('textarea').fill('The value of a + b.');
    await page.getByTestId('example-input-0').fill('1 2');
    await page.getByTestId('example-output-0').fill('3');

    // Test cases from a zip: the server parses it and the page lists the pairs.
    await page
      .getByTestId('case-upload')
      .locator('input[type=file]')
      .setInputFiles({
        name: 'cases.zip',
        mimeType: 'application/zip',
        buffer: zip({ '1.in': '1 2\n', '1.out': '3\n', '2.in': '10 20\n', '2.out': '30\n' }),
      });
    const list = page.getByTestId('case-upload-list');
    await list.waitFor();
    await expect.poll(() => list.innerText(), { timeout: 10_000 }).toContain('2.in');
    await list.scrollIntoViewIfNeeded();
    await shot(page, 'admin-problem-create');

    await page.getByTestId('problem-save').click();
    await page.waitForURL('**/admin/problems');
    const title = page.getByTestId(`problem-title-${problemId}`);
    await title.waitFor();
    expect(await title.innerText()).toBe('A plus B (e2e)');

    // Keyword search finds it; the private filter does not.
    await page.getByTestId('problem-keyword').locator('input').fill(problemId);
    await page.getByTestId('problem-keyword').locator('input').press('Enter');
    await expect.poll(() => page.locator('.ant-table-tbody .ant-table-row').count()).toBe(1);
    await title.waitFor();
    await shot(page, 'admin-problem-list');
    await page.getByTestId('problem-auth-filter').getByText('Private').click();
    await expect.poll(() => page.getByTestId(`problem-title-${problemId}`).count(), { timeout: 10_000 }).toBe(0);
    await page.getByTestId('problem-auth-filter').getByText('All').click();
    await title.waitFor();

    // The visibility switch of a row: made private, the private filter finds it.
    await page.getByTestId(`problem-auth-${problemId}`).click();
    await page.locator('.ant-select-dropdown:visible').getByText('Private').click();
    await page.getByText('Update Successfully').first().waitFor();
    await page.getByTestId('problem-auth-filter').getByText('Private').click();
    await title.waitFor();
    await page.getByTestId(`problem-auth-${problemId}`).click();
    await page.locator('.ant-select-dropdown:visible').getByText('Public').click();
    await page.getByTestId('problem-auth-filter').getByText('Public').click();
    await title.waitFor();
    await page.getByTestId('problem-auth-filter').getByText('All').click();

    // The zip's cases come back as a download of the problem's test data.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`problem-download-${problemId}`).click()]);
    expect(download.suggestedFilename()).toMatch(/^problem_\d+_testcase.*\.zip$/);
    await notice(page, 'The test data download has started').waitFor();

    // Edit: the stored cases are kept; change the title and the time limit.
    await page.getByTestId(`problem-edit-${problemId}`).click();
    await page.waitForURL('**/admin/problem/edit/*');
    await expect.poll(() => page.getByTestId('field-title').inputValue(), { timeout: 10_000 }).toBe('A plus B (e2e)');
    await expect.poll(() => page.getByTestId('case-editor').innerText(), { timeout: 10_000 }).toContain('1.in');
    await page.getByTestId('field-title').fill('A plus B, edited');
    await page.getByTestId('problem-save').click();
    await page.waitForURL('**/admin/problems*');
    await expect.poll(() => page.getByTestId(`problem-title-${problemId}`).innerText(), { timeout: 10_000 }).toBe('A plus B, edited');
    await context.close();
  });

  it('saves a special judge only after its checker compiled', async () => {
    const { context, page } = await newVisitor(browser, { width: 1280, height: 900 });
    await signIn(page, rootUser, { admin: true });
    await page.goto(`/admin/problems?keyword=${problemId}`);
    await page.getByTestId(`problem-edit-${problemId}`).click();
    await page.getByTestId('field-title').waitFor();
    await page.getByTestId('field-judgeMode').getByText('Special judge').click();
    await page.getByText('Changing the judge mode changes how submissions are evaluated.').waitFor();
    await page.getByTestId('problem-save').click();
    await page.getByText('The special judge or interactive code is required').first().waitFor();

    const code = page.getByTestId('spj-code').locator('.cm-content');
    await code.fill('int main(void) { return undeclared; }');
    await page.getByTestId('problem-save').click();
    await page.getByText('Spj Or Interactive Code was not compiled successfully, please compile again').first().waitFor();
    await page.getByTestId('spj-compile').click();
    const dialog = page.getByTestId('compile-error');
    await dialog.waitFor();
    await expect.poll(() => dialog.innerText(), { timeout: 10_000 }).toContain('undeclared');
    await shot(page, 'admin-spj-compile-error');
    await page.getByTestId('compile-error-close').click();
    // With the harness's zero-length animations antd's closing dialog can stay in the DOM (invisible)
    // over the page, so the next buttons are pressed by event rather than by pointer; and as it closes it
    // hands the focus back to the Compile button, which can take the typing away from the editor.
    await expect
      .poll(async () => {
        await code.fill('#include <stdio.h>\nint main(void) { puts("ok"); return 0; }');
        return code.innerText();
      })
      .toContain('puts("ok")');
    await page.getByTestId('spj-compile').dispatchEvent('click');
    await expect.poll(() => page.getByTestId('spj-compile').innerText(), { timeout: 30_000 }).toBe('Compiled');
    // A new tag made from the form is attached to the problem; the same name twice is refused.
    const tagName = `graphs-${stamp}`;
    await page.getByTestId('problem-tag-new').dispatchEvent('click');
    await page.getByTestId('new-tag-name').fill(tagName);
    await page.locator('.ant-modal:visible').getByRole('button', { name: 'OK' }).dispatchEvent('click');
    await expect.poll(() => page.getByTestId('problem-tags').innerText(), { timeout: 10_000 }).toContain(tagName);
    await page.getByTestId('problem-tag-new').dispatchEvent('click');
    await page.getByTestId('new-tag-name').fill(tagName.toUpperCase());
    await page.locator('.ant-modal:visible').getByRole('button', { name: 'OK' }).dispatchEvent('click');
    await page.getByText('The tag has been added, please do not add it repeatedly').first().waitFor();
    await page.locator('.ant-modal:visible').getByRole('button', { name: 'Cancel' }).dispatchEvent('click');

    await page.getByTestId('problem-save').dispatchEvent('click');
    await page.waitForURL('**/admin/problems*');
    await page.getByText('Update Successfully').first().waitFor();
    await page.getByTestId(`problem-edit-${problemId}`).click();
    await expect.poll(() => page.getByTestId('problem-tags').innerText(), { timeout: 10_000 }).toContain(tagName);
    expect(await page.getByTestId('spj-compile').innerText()).toBe('Compiled');
    await context.close();
  });

  it('manages tag classifications and tags', async () => {
    const { context, page } = await newVisitor(browser, { width: 1280, height: 900 });
    await signIn(page, rootUser, { admin: true });
    await page.goto('/admin/problem/tag');
    await page.getByTestId('admin-tags').waitFor();
    const klass = `Basics ${stamp}`;
    const tag = `e2e-tag-${stamp}`;
    await page.getByTestId('classification-add').click();
    await page.getByTestId('classification-name').fill(klass);
    await page.locator('.ant-modal').getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.getByTestId('classification-table').innerText(), { timeout: 10_000 }).toContain(klass);

    await page.getByTestId('tag-add').click();
    await page.getByTestId('tag-name').fill(tag);
    await page.locator('.ant-modal .ant-select').click();
    await page.locator('.ant-select-dropdown').getByText(klass).click();
    await page.locator('.ant-modal').getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.getByTestId('tag-table').innerText(), { timeout: 10_000 }).toContain(tag);
    expect(await page.getByTestId('tag-table').innerText()).toContain(klass);
    await shot(page, 'admin-tags');

    // Deleting the classification leaves the tag, unclassified.
    await page.getByTestId('classification-table').getByRole('button', { name: 'Delete' }).last().click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.getByTestId('classification-table').innerText(), { timeout: 10_000 }).not.toContain(klass);
    await expect.poll(() => page.getByTestId('tag-table').innerText(), { timeout: 10_000 }).toContain('Unclassified');
    await context.close();
  });

  it('exports a problem as a zip and imports it back', async () => {
    const { context, page } = await newVisitor(browser, { width: 1280, height: 900 });
    await signIn(page, rootUser, { admin: true });
    await page.goto('/admin/problem/batch-operation');
    const table = page.getByTestId('export-table');
    await table.getByText(problemId).waitFor();
    await page.getByTestId('export-selected').click();
    await page.getByText('Please select at least one problem to export').waitFor();
    await table.locator('tr', { hasText: problemId }).locator('input[type=checkbox]').check();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-selected').click()]);
    const file = await download.path();
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const exported = fs.readFileSync(file!);
    expect(exported.subarray(0, 2).toString()).toBe('PK');
    await shot(page, 'admin-batch');

    // Delete the problem, then import the exported zip: it comes back.
    await page.goto(`/admin/problems?keyword=${problemId}`);
    await page.getByTestId(`problem-delete-${problemId}`).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.getByTestId(`problem-title-${problemId}`).count(), { timeout: 10_000 }).toBe(0);
    await page.goto('/admin/problem/batch-operation');
    await page.getByTestId('import-file').locator('input[type=file]').setInputFiles({ name: 'export.zip', mimeType: 'application/zip', buffer: exported });
    await page.getByTestId('import-phase').getByText('1 imported, 0 imported with warnings, 0 refused').waitFor();
    expect(await page.getByTestId('import-report').innerText()).toContain(problemId);

    // An FPS XML file with one problem.
    const fps = `<?xml version="1.0" encoding="UTF-8"?>
<fps version="1.2"><item>
<title><![CDATA[FPS sum ${stamp}]]></title>
<time_limit unit="s"><![CDATA[1]]></time_limit>
<memory_limit unit="mb"><![CDATA[128]]></memory_limit>
<description><![CDATA[<p>Print a + b.</p>]]></description>
<input><![CDATA[Two integers.]]></input>
<output><![CDATA[Their sum.]]></output>
<sample_input><![CDATA[1 2]]></sample_input>
<sample_output><![CDATA[3]]></sample_output>
<test_input><![CDATA[4 5]]></test_input>
<test_output><![CDATA[9]]></test_output>
</item></fps>`;
    await page
      .getByTestId('import-file')
      .locator('input[type=file]')
      .setInputFiles({ name: 'fps.xml', mimeType: 'text/xml', buffer: Buffer.from(fps) });
    await page.getByTestId('import-phase').getByText('FPS XML · 1 imported, 0 imported with warnings, 0 refused').waitFor();
    await shot(page, 'admin-batch-imported');
    await page.goto(`/admin/problems?keyword=${encodeURIComponent(`FPS sum ${stamp}`)}`);
    await page.getByText(`FPS sum ${stamp}`).waitFor();
    await page.goto(`/admin/problems?keyword=${problemId}`);
    await page.getByTestId(`problem-title-${problemId}`).waitFor();
    await context.close();
  });

  it('sets which subtasks a subtask depends on, in the editor of a subtask problem', async () => {
    const root = await rootToken();
    const samples = [
      { input: '1 2\n', output: '3\n', score: 40, groupNum: 1 },
      { input: '2 3\n', output: '5\n', score: 60, groupNum: 2 },
    ];
    // Made through the API with no language list (= every language, as imports make them): the editor
    // shows every language ticked and saves (before: none ticked, the save refused).
    const pid = await createProblem(root, { problemId: `${problemId}S`, title: 'Subtasks (e2e)', type: 1, judgeCaseMode: 'subtask_lowest' }, { samples });
    const { context, page } = await newVisitor(browser, { width: 1280, height: 900 });
    await useSession(context, await loginSession(rootUser));
    await page.goto(`/admin/problem/edit/${pid}`);
    const deps = page.getByTestId('subtask-dependencies');
    await deps.waitFor();
    await page.getByTestId('subtask-needs-2').click();
    await page.locator('.ant-select-dropdown:visible').getByText('Subtask 1', { exact: true }).click();
    await page.keyboard.press('Escape');
    await deps.scrollIntoViewIfNeeded();
    await shot(page, 'admin-problem-subtask-dependencies');
    await page.getByTestId('problem-save').click();
    await page.waitForURL('**/admin/problems*');
    const saved = await apiOk<{ problem: { subtaskDependencies: Record<string, number[]> } }>('GET', `/api/admin/problem?pid=${pid}`, { token: root });
    expect(saved.problem.subtaskDependencies).toEqual({ '2': [1] });
    await context.close();
  });

  it('lays the admin area out at 768 px', async () => {
    const { context, page } = await newVisitor(browser, { width: 768, height: 1000 });
    await signIn(page, rootUser, { admin: true, at: '/admin/dashboard' });
    await shot(page, 'admin-dashboard-768');
    await page.goto('/admin/problems');
    await page.getByTestId(`problem-title-${problemId}`).waitFor();
    await shot(page, 'admin-problem-list-768');
    await page.goto('/admin/problem/create');
    await page.getByTestId('field-problemId').waitFor();
    await shot(page, 'admin-problem-create-768');
    await context.close();
  });
});
