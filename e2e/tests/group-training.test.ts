/**
 * Group trainings end to end: a group admin creates a training in the group's training tab
 * with the site's training form, adds a public problem with the add-from-public dialog and finds it in
 * the admin list; a member opens it from the group's list at phone-ish width (768 px), goes through its
 * tabs to the problem and solves it with the real judge; someone outside the group sees nothing of it.
 * The group itself is written straight into the server's database (the group core's calls are
 * another part of the issue), like the server tests' insertGroup.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp, stampedUser } from '@oj/test-fixtures';
import { launch, newVisitor } from '../lib/browser.js';
import { AC_C, apiOk, createProblem, loginSession, registerUser, rootToken, type Session } from '../lib/api.js';
import { MSG } from '@oj/shared';
import { chooseLanguage, loadCode, notice, pageShot, useSession, watchStatus } from '../lib/ui.js';
import { siteDbUrl } from '../lib/site-db.js';

let browser: Browser;
let root: string;
const stamp = runStamp(5);
const problemId = `GT${stamp}`.toUpperCase();
/** one of the group's own problems (written with the group: the group problem calls are another part) */
const groupProblemId = `C${stamp}-1`.toUpperCase();
const title = `Class drills ${stamp}`;
const category = `GCat ${stamp}`;
const groupCategory = `Class cat ${stamp}`;
const teacher = stampedUser('gtt', stamp, 'group-train-1');
const student = stampedUser('gts', stamp, 'group-train-2');
const outsider = stampedUser('gto', stamp, 'group-train-3');
let gid = 0;
let tid = 0;
const sessions: Record<string, Session> = {};

/** Writes a group into the server's database (its embedded PostgreSQL, port in postmaster.pid) with the given member levels. */
const serverSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'packages', 'server', 'src');
async function insertGroup(members: Record<string, number>): Promise<number> {
  const server = (file: string) => import(path.join(serverSrc, file));
  const { connect } = (await server('db/client.ts')) as {
    connect(url: string, max: number): { db: { execute(q: unknown): Promise<{ rows: Record<string, unknown>[] }> }; close(): Promise<void> };
  };
  const { sql } = (await import('drizzle-orm')) as typeof import('drizzle-orm');
  const database = connect(siteDbUrl(), 1);
  try {
    const owner = (await database.db.execute(sql`select uid from user_info where username = 'root'`)).rows[0]!.uid as string;
    const g = await database.db.execute(
      sql`insert into "group" (name, short_name, brief, description, owner_uid, owner, auth, code)
          values (${`Class ${stamp}`}, ${`c${stamp}`}, 'A class for the e2e test', 'The class of the group training test.', ${owner}, 'root', 3, 'ABC123')
          returning id`,
    );
    const id = g.rows[0]!.id as number;
    await database.db.execute(sql`insert into group_member (gid, uid, auth) values (${id}, ${owner}, 5)`);
    await database.db.execute(
      sql`insert into problem (problem_id, title, gid, is_group, author) values (${groupProblemId}, 'Our own A + B', ${id}, true, ${teacher.username})`,
    );
    for (const [username, level] of Object.entries(members)) {
      await database.db.execute(sql`insert into group_member (gid, uid, auth) select ${id}, uid, ${level} from user_info where username = ${username}`);
    }
    return id;
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  browser = await launch();
  root = await rootToken();
  await createProblem(root, { problemId, title: 'Group A + B' });
  await apiOk('POST', '/api/admin/training/category', { token: root, body: { name: category, color: '#2f54eb' } });
  for (const u of [teacher, student, outsider]) await registerUser(u);
  for (const u of [teacher, student, outsider]) sessions[u.username] = await loginSession(u);
  gid = await insertGroup({ [teacher.username]: 4, [student.username]: 3 });
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('group trainings', () => {
  it('a group admin makes a group category and a training with a public problem in the training tab', async () => {
    const { context, page } = await newVisitor(browser);
    await useSession(context, sessions[teacher.username]!);
    await page.goto(`/group/${gid}/training`);
    await page.getByTestId('group-training-view-list').waitFor();
    // the group's own category, through the site's category screen on the group's calls
    await page.getByTestId('group-training-admin').click();
    await page.getByTestId('group-training-categories').click();
    await page.getByTestId('group-training-view-categories').waitFor();
    expect(await page.getByTestId(`category-${category}`).count()).toBe(0);
    await page.getByTestId('category-add').click();
    await page.getByTestId('category-name').fill(groupCategory);
    await page.getByTestId('category-save').click();
    await notice(page, 'Add Successfully').waitFor();
    await page.getByTestId(`category-${groupCategory}`).waitFor();
    await page.getByTestId('group-training-back').click();
    await page.getByTestId('group-training-view-admin').waitFor();
    await page.getByTestId('group-training-create').click();
    await page.getByTestId('group-training-view-create').waitFor();
    await page.getByTestId('training-title').fill(title);
    await page.getByTestId('training-description').locator('textarea').fill('Solve the **A + B** of the class.');
    await page.getByTestId('training-category').click();
    // the site's categories and the group's own are offered
    await page.locator('.ant-select-dropdown:visible').getByText(category, { exact: true }).waitFor();
    await page.locator('.ant-select-dropdown:visible').getByText(groupCategory, { exact: true }).click();
    await page.getByTestId('training-save').click();
    await notice(page, 'Add Successfully').waitFor();
    // back in the admin list, with the new training, visible
    await page.getByTestId('group-training-view-admin').waitFor();
    const row = page.getByTestId('group-admin-training-table').locator('.ant-table-row', { hasText: title });
    await row.waitFor();
    tid = Number(await row.getAttribute('data-row-key'));
    expect(tid).toBeGreaterThan(0);
    expect(await page.getByTestId(`group-training-visible-${tid}`).getAttribute('aria-checked')).toBe('true');

    await page.getByTestId(`group-training-problems-${tid}`).click();
    await page.getByTestId('group-training-view-problems').waitFor();
    await page.getByTestId('training-add-public').click();
    await page.getByTestId('public-problem-dialog').waitFor();
    await page.getByTestId('public-problem-keyword').locator('input').fill(problemId);
    await page.getByTestId('public-problem-keyword').locator('input').press('Enter');
    await page.getByTestId(`public-add-${problemId}`).click();
    await notice(page, 'Add Successfully').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('training-problem-table').locator('.ant-table-row', { hasText: problemId }).waitFor();
    // one of the group's own problems by its id (any case); Enter submits
    await page.getByTestId('group-training-add-group').click();
    await page.getByTestId('group-training-problem-id').fill(groupProblemId.toLowerCase());
    await page.getByTestId('group-training-problem-id').press('Enter');
    await notice(page, 'Add Successfully').waitFor();
    await page.getByTestId('training-problem-table').locator('.ant-table-row', { hasText: groupProblemId }).waitFor();
    // The group's own problem (written by this admin) is managed from here (visibility, test data, deletion);
    // the public one only moves or leaves.
    const disabledSelect = (id: string) => page.getByTestId(`training-problem-auth-${id}`).evaluate((el) => !!el.closest('.ant-select-disabled'));
    expect(await disabledSelect(problemId)).toBe(true);
    expect(await disabledSelect(groupProblemId)).toBe(false);
    // its test data button asks the group's download (the problem was made without cases: the server says so)
    await page.getByTestId(`training-problem-download-${groupProblemId}`).click();
    await notice(page, MSG.noTestData).waitFor();
    expect(await page.getByTestId(`training-problem-download-${problemId}`).count()).toBe(0);
    expect(await page.getByTestId(`training-problem-delete-${problemId}`).count()).toBe(0);
    await page.getByTestId(`training-problem-auth-${groupProblemId}`).click();
    await page.locator('.ant-select-item-option', { hasText: 'Private' }).click();
    await notice(page, 'Update Successfully').waitFor();
    await expect
      .poll(async () => {
        const list = await apiOk<{ records: { problemId: string; auth: number }[] }>(
          'GET',
          `/api/group/get-admin-problem-list?gid=${gid}&currentPage=1&limit=50`,
          {
            token: sessions[teacher.username]!.token,
          },
        );
        return list.records.find((r) => r.problemId === groupProblemId)?.auth;
      })
      .toBe(2);
    await pageShot(page, 'group-training-admin-problems-1280');
    await context.close();

    const mine = await apiOk<{ records: { id: number; problemCount: number; author: string }[] }>('GET', `/api/group/get-training-list?gid=${gid}`, {
      token: sessions[teacher.username]!.token,
    });
    expect(mine.records.find((r) => r.id === tid)).toMatchObject({ problemCount: 2, author: teacher.username });
    // the group problem leaves the training again, for the member's part below (one problem to solve)
    const pids = await apiOk<{ problemList: { records: { id: number; problemId: string }[] } }>('GET', `/api/group/get-training-problem-list?tid=${tid}`, {
      token: sessions[teacher.username]!.token,
    });
    const own = pids.problemList.records.find((r) => r.problemId === groupProblemId)!;
    await apiOk('DELETE', `/api/group/training-problem?tid=${tid}&pid=${own.id}`, { token: sessions[teacher.username]!.token });
  });

  it('a member opens it from the group at 768 px and solves its problem; an outsider sees nothing', async () => {
    const { context, page } = await newVisitor(browser, { width: 768, height: 1024 });
    await useSession(context, sessions[student.username]!);
    await page.goto(`/group/${gid}/training`);
    const table = page.getByTestId('group-training-table');
    await table.locator('.ant-table-row', { hasText: title }).waitFor();
    // no admin buttons for a member
    expect(await page.getByTestId('group-training-create').count()).toBe(0);
    expect(await table.getByTestId(`training-progress-${tid}`).locator('.ant-progress-indicator').innerText()).toBe('0.00%');
    await pageShot(page, 'group-training-list-768');

    await table.getByText(title, { exact: true }).click();
    await page.waitForURL(`**/group/${gid}/training/${tid}`);
    await page.getByTestId('training-shell').waitFor();
    expect(await page.getByTestId('training-title').innerText()).toBe(title);
    await page.getByTestId('training-description').getByText('A + B').waitFor();
    expect(await page.getByTestId('training-admin-edit').count()).toBe(0);
    await page.getByTestId('training-tab-problems').click();
    await page.waitForURL(`**/group/${gid}/training/${tid}/problems`);
    await page.getByTestId(`training-problem-${problemId}`).click();
    await page.waitForURL(`**/group/${gid}/training/${tid}/problem/${problemId}`);
    await page.getByText('Group A + B').first().waitFor();
    await chooseLanguage(page, 'C');
    await loadCode(page, AC_C);
    await page.getByTestId('submit-code').click();
    await watchStatus(page, 'Accepted');
    // In the group's submissions it links back to the training's problem (a public one, not a group problem).
    await page.goto(`/group/${gid}/status`);
    const row = page.getByTestId('group-status-page').locator('.ant-table-row', { hasText: problemId }).first();
    await expect.poll(() => row.locator(`a[href*="/problem/"]`).first().getAttribute('href')).toBe(`/group/${gid}/training/${tid}/problem/${problemId}`);
    await page.goto(`/group/${gid}/training/${tid}`);
    await page.getByTestId('training-header').waitFor();
    await page.getByTestId('training-detail-progress').getByText('100.00%').waitFor();
    await page.getByTestId('training-category').getByText(groupCategory).waitFor();
    await page.getByTestId('training-tab-rank').click();
    await page.getByText(student.username).first().waitFor();
    await pageShot(page, 'group-training-rank-768');
    // the focus mode of the problem, with the context menu back into the group's training
    await page.goto(`/group/${gid}/training/${tid}/problem/${problemId}/full-screen`);
    await page.getByTestId('training-full-screen').waitFor();
    expect(await page.getByTestId('ctx-training').getAttribute('href')).toBe(`/group/${gid}/training/${tid}`);
    await context.close();

    const out = await newVisitor(browser, { width: 768, height: 1024 });
    await useSession(out.context, sessions[outsider.username]!);
    await out.page.goto(`/group/${gid}/training/${tid}`);
    await out.page.getByTestId('group-locked').waitFor();
    expect(await out.page.getByTestId('training-shell').count()).toBe(0);
    await out.context.close();
  });

  it('the admin list: deleting the only row of page 2 shows page 1 with its rows', async () => {
    const session = sessions[teacher.username]!;
    const categories = await apiOk<{ id: number; name: string }[]>('GET', `/api/group/get-training-category?gid=${gid}`, { token: session.token });
    const trainingCategory = { id: categories.find((c) => c.name === groupCategory)!.id };
    // Ten more: eleven trainings in the group make two pages of ten.
    for (let i = 1; i <= 10; i++) {
      const training = { title: `Drill ${i} ${stamp}`, description: 'More drills.', gid };
      await apiOk('POST', '/api/group/training', { token: session.token, body: { training, trainingCategory } });
    }
    const { context, page } = await newVisitor(browser);
    await useSession(context, session);
    await page.goto(`/group/${gid}/training?admin=1&currentPage=2`);
    const table = page.getByTestId('group-admin-training-table');
    const rows = table.locator('.ant-table-row');
    await expect.poll(() => rows.count()).toBe(1);
    const only = Number(await rows.first().getAttribute('data-row-key'));
    await page.getByTestId(`group-training-delete-${only}`).click();
    await page.getByTestId('group-training-delete-ok').click();
    await notice(page, 'Delete successfully').waitFor();
    // The empty page gives way to the last one with rows, and the address says so.
    await page.waitForURL((u) => !u.searchParams.has('currentPage') && u.searchParams.get('admin') === '1');
    await expect.poll(() => rows.count()).toBe(10);
    const pager = page.getByTestId('group-training-view-admin').locator('.ant-pagination');
    expect(await pager.locator('.ant-pagination-item-active').innerText()).toBe('1');
    expect(await table.getByText('No trainings').count()).toBe(0);
    await pager.scrollIntoViewIfNeeded();
    await pageShot(page, 'group-training-admin-after-delete-1280');
    await context.close();
  });
});
