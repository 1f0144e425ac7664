/**
 * Group problems end to end: a group admin creates a problem in the group's problems tab
 * with the site's problem editor (the id field shows the group's short name in front, test cases from a
 * zip), a member opens it in the group, solves it with the real sandbox judge, and sees the verdict in
 * the group's submissions tab and its submission detail; a non-member gets nothing of it. Screens at
 * 1280 and 768 px. The group is written straight into the server's database (the group calls that make
 * groups belong to another part of the issue); everything carries a stamp of its own.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp, stampedUser } from '@oj/test-fixtures';
import { launch, newVisitor } from '../lib/browser.js';
import { AC_C, api, loginSession, loginToken, registerUser, rootUser, signIn, zip } from '../lib/api.js';
import { insertGroup } from '../lib/group-db.js';
import { chooseLanguage, loadCode, notice, pageShot, useSession, watchStatus } from '../lib/ui.js';
import { siteSql } from '../lib/site-db.js';

let browser: Browser;
const stamp = runStamp(5);
const shortName = `gp${stamp}`;
const teacher = stampedUser('gpt', stamp, 'group-pass-1');
const student = stampedUser('gps', stamp, 'group-pass-2');
const stranger = stampedUser('gpx', stamp, 'group-pass-3');
const problemId = `${shortName}A`;
let gid = 0;
/** a second group of the teacher's, for the admin table's pages */
let drills = 0;

beforeAll(async () => {
  browser = await launch();
  for (const u of [teacher, student, stranger]) await registerUser(u);
  const uidOf = async (username: string) => (await siteSql<{ uid: string }>(`select uid from user_info where username = $1`, [username]))[0]!.uid;
  const [tUid, sUid] = [await uidOf(teacher.username), await uidOf(student.username)];
  const [g] = await siteSql<{ id: number }>(
    `insert into "group" (name, short_name, brief, description, owner_uid, owner, auth, code)
     values ($1, $2, 'Group problems end to end', 'A class solving its own problems.', $3, $4, 3, 'ABC123') returning id`,
    [`Class ${stamp}`, shortName, tUid, teacher.username],
  );
  gid = g!.id;
  await siteSql(`insert into group_member (gid, uid, auth) values ($1, $2, 5), ($1, $3, 3)`, [gid, tUid, sUid]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  for (const id of [gid, drills]) if (id) await siteSql(`delete from "group" where id = $1`, [id]);
});

describe('group problems', () => {
  it('a group admin creates a problem; a member solves it and sees the verdict in the group status', async () => {
    // The teacher (group owner, no site role) makes the problem in the group's admin table.
    const t = await newVisitor(browser);
    await signIn(t.page, teacher);
    await t.page.goto(`/group/${gid}/problem`);
    await t.page.getByTestId('group-problem-admin-toggle').click();
    await t.page.getByTestId('group-problem-admin-table').waitFor();
    await t.page.getByTestId('group-problem-create').click();
    await t.page.waitForURL(`**/group/${gid}/problem/admin/create`);
    await t.page.getByTestId('group-problem-editor-hint').waitFor();
    // The id field shows the short name the server puts in front.
    expect(await t.page.locator('.ant-input-group-addon', { hasText: shortName }).count()).toBe(1);
    await t.page.getByTestId('field-problemId').fill('A');
    await t.page.getByTestId('field-title').fill(`Class sum ${stamp}`);
    await t.page.getByTestId('field-description').locator('textarea').fill('Read two integers and print their **sum**.');
    await t.page.getByTestId('field-input').locator('textarea').fill('Two integers a and b.');
    await t.page.getByTestId('field-output').locator('textarea').fill('The value of a + b.');
    // Contest-only is shown, never chosen, in a group.
    expect(await t.page.getByText('Contest', { exact: true }).locator('xpath=ancestor::label').first().getAttribute('class')).toContain('disabled');
    await t.page
      .getByTestId('case-upload')
      .locator('input[type=file]')
      .setInputFiles({ name: 'cases.zip', mimeType: 'application/zip', buffer: zip({ '1.in': '1 2\n', '1.out': '3\n', '2.in': '10 20\n', '2.out': '30\n' }) });
    await expect.poll(() => t.page.getByTestId('case-upload-list').innerText(), { timeout: 10_000 }).toContain('2.in');
    await pageShot(t.page, 'group-problem-editor');
    await t.page.getByTestId('problem-save').click();
    await t.page.waitForURL(`**/group/${gid}/problem?admin=true`);
    const row = t.page.locator('.ant-table-row', { hasText: problemId });
    await row.waitFor();
    expect(await row.innerText()).toContain(`Class sum ${stamp}`);
    await pageShot(t.page, 'group-problem-admin');
    await t.context.close();

    // The student opens it from the group's list and solves it: the real judge.
    const s = await newVisitor(browser);
    await signIn(s.page, student);
    await s.page.goto(`/group/${gid}/problem`);
    await s.page.getByTestId('group-problem-table').getByText(problemId).click();
    await s.page.waitForURL(`**/group/${gid}/problem/${problemId}`);
    await s.page.getByTestId('problem-detail').waitFor();
    await chooseLanguage(s.page, 'C');
    await loadCode(s.page, AC_C);
    await s.page.getByTestId('submit-code').click();
    await watchStatus(s.page, 'Accepted', 90_000);
    await pageShot(s.page, 'group-problem-detail-1280');

    // The group's submissions tab lists it with its verdict; the run id opens the group's detail page.
    await s.page.getByTestId('group-tab-status').click();
    await s.page.waitForURL(`**/group/${gid}/status`);
    const sub = s.page.getByTestId('group-status-page').locator('.ant-table-row', { hasText: problemId }).first();
    await sub.waitFor();
    await expect.poll(() => sub.innerText(), { timeout: 30_000 }).toContain('Accepted');
    await pageShot(s.page, 'group-problem-status-1280');
    await sub.locator('a[data-testid^="run-"]').click();
    await s.page.waitForURL(`**/group/${gid}/submission-detail/*`);
    await s.page.getByTestId('submission-banner').getByText('Accepted').waitFor();
    expect(await s.page.getByTestId('submission-info').locator('a', { hasText: problemId }).getAttribute('href')).toBe(`/group/${gid}/problem/${problemId}`);

    // Focus mode: the group's context menu and its problems in the bar, the verdict on it.
    await s.page.goto(`/group/${gid}/problem/${problemId}/full-screen`);
    await s.page.getByTestId('group-full-screen').waitFor();
    await s.page.getByTestId('ctx-group').first().waitFor();
    expect(await s.page.getByTestId('ctx-problems').first().getAttribute('href')).toBe(`/group/${gid}/problem`);
    await s.page.getByTestId(`nav-problem-${problemId}`).waitFor();
    await pageShot(s.page, 'group-problem-full-screen');

    // At phone width the group's status tab still works.
    await s.page.setViewportSize({ width: 768, height: 1000 });
    await s.page.goto(`/group/${gid}/status`);
    await s.page.getByTestId('group-status-page').locator('.ant-table-row', { hasText: problemId }).first().waitFor();
    await pageShot(s.page, 'group-problem-status-768');
    await s.page.goto(`/group/${gid}/problem`);
    await s.page.getByTestId('group-problem-table').getByText(problemId).waitFor();
    await pageShot(s.page, 'group-problem-list-768');
    await s.context.close();

    // Someone outside the group: the problem and the group's submissions are not his to see.
    const x = await newVisitor(browser);
    await signIn(x.page, stranger);
    await x.page.goto(`/group/${gid}/problem/${problemId}`);
    await x.page.locator('[data-testid="group-unavailable"], [data-testid="group-locked"]').first().waitFor();
    const token = await loginToken(stranger);
    const list = await api('GET', `/api/get-submission-list?gid=${gid}`, { token });
    expect(list.status).toBe(403);
    await x.context.close();
  });

  it('the group applies the problem to the public bank; the super admin agrees and it becomes a bank problem', async () => {
    const t = await newVisitor(browser);
    await signIn(t.page, teacher);
    await t.page.goto(`/group/${gid}/problem?admin=true`);
    const row = t.page.locator('.ant-table-row', { hasText: problemId });
    await row.getByText('Apply', { exact: true }).click();
    await t.page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'OK' }).click();
    await row.getByText('Applying').waitFor();
    await t.context.close();

    const r = await newVisitor(browser);
    await signIn(r.page, rootUser, { admin: true });
    await r.page.goto('/admin/group-problem/apply');
    // its entry in the problem menu, open on this page
    await r.page.getByTestId('admin-menu').getByText('Group problems', { exact: true }).waitFor();
    const pending = r.page.locator('.ant-table-row', { hasText: problemId });
    await pending.waitFor();
    await pageShot(r.page, 'group-problem-apply-review');
    await pending.getByRole('button', { name: 'Agree' }).click();
    // The bank id proposed: the id without the group's short name.
    expect(await r.page.getByTestId('review-new-id').inputValue()).toBe('A');
    await r.page.getByTestId('review-new-id').fill(`GP${stamp}A`);
    await r.page.getByTestId('review-agree-ok').click();
    await notice(r.page, 'The problem is now in the public bank.').waitFor();
    await pending.waitFor({ state: 'detached' });
    await r.context.close();

    // Now a bank problem for everyone (here the stranger, who never was in the group).
    const token = await loginToken(stranger);
    const detail = await api('GET', `/api/get-problem-detail?problemId=GP${stamp}A`, { token });
    expect(detail.status).toBe(200);
    expect(detail.data.problem.title).toBe(`Class sum ${stamp}`);
  });

  it('the admin table: deleting the only row of page 2 shows page 1 with its rows', async () => {
    // A group of its own, so the problems the tests above add or move away do not count: eleven
    // problems make two pages of ten.
    drills = await insertGroup({ owner: teacher.username, auth: 3 });
    for (let i = 1; i <= 11; i++) {
      await siteSql(`insert into problem (problem_id, title, gid, is_group, author) values ($1, $2, $3, true, $4)`, [
        `gd${stamp}P${i}`,
        `Drill ${i} ${stamp}`,
        drills,
        teacher.username,
      ]);
    }
    const { context, page } = await newVisitor(browser);
    await useSession(context, await loginSession(teacher));
    await page.goto(`/group/${drills}/problem?admin=true&currentPage=2`);
    const table = page.getByTestId('group-problem-admin-table');
    const rows = table.locator('.ant-table-row');
    await expect.poll(() => rows.count()).toBe(1);
    const only = Number(await rows.first().getAttribute('data-row-key'));
    await page.getByTestId(`group-problem-delete-${only}`).click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'OK' }).click();
    await expect.poll(async () => (await siteSql(`select id from problem where id = $1`, [only])).length).toBe(0);
    // The empty page gives way to the last one with rows, and the address says so.
    await page.waitForURL((u) => !u.searchParams.has('currentPage') && u.searchParams.get('admin') === 'true');
    await expect.poll(() => rows.count()).toBe(10);
    const pager = page.getByTestId('group-problem-page').locator('.ant-pagination');
    expect(await pager.locator('.ant-pagination-item-active').innerText()).toBe('1');
    expect(await pager.innerText()).toContain('10 problems');
    expect(await table.getByText('The group has no problems yet.').count()).toBe(0);
    await notice(page, 'Delete successfully').waitFor();
    await pager.scrollIntoViewIfNeeded();
    await pageShot(page, 'group-problem-admin-after-delete-1280');
    await context.close();
  });
});
