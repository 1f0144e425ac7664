/**
 * Groups, the whole story in Chromium: a teacher creates a private class group, two students apply
 * with the code, the teacher accepts one and refuses the other, creates a group problem and a group
 * contest with it; the accepted student (on a 768 px screen) opens the contest from the group, solves
 * the problem with the real judge and appears on the group rank; the refused student sees nothing of
 * the group's inside; the teacher applies the problem to the public bank and root agrees.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp, stampedUser } from '@oj/test-fixtures';
import { AC_C, api, apiOk, loginToken, registerUser, rootToken, rootUser, signIn, zip } from '../lib/api.js';
import { launch, newVisitor } from '../lib/browser.js';
import { chooseLanguage, loadCode, notice, pageShot, setTime, toast, watchStatus } from '../lib/ui.js';

let browser: Browser;
let root: string;
let saved: Record<string, number>;
const stamp = runStamp(5);
const teacher = stampedUser('cls_t', stamp, 'class-pass-1');
const alice = stampedUser('cls_a', stamp, 'class-pass-2');
const bruno = stampedUser('cls_b', stamp, 'class-pass-3');
const shortName = `k${stamp}`;
const problemId = `${shortName}A`;
const code = `Q${stamp}`.slice(0, 6).toUpperCase().padEnd(6, '7');

beforeAll(async () => {
  browser = await launch();
  root = await rootToken();
  for (const u of [teacher, alice, bruno]) await registerUser(u);
  // New accounts have solved nothing, and the site asks for accepted problems before one creates a group.
  saved = await apiOk('GET', '/api/admin/config/get-group-config', { token: root });
  await apiOk('PUT', '/api/admin/config/set-group-config', { token: root, body: { groupAcRequired: 0 } });
});
afterAll(async () => {
  if (saved) await apiOk('PUT', '/api/admin/config/set-group-config', { token: root, body: saved });
  await browser?.close();
});

async function apply(page: Page, gid: number, reason: string) {
  await page.goto(`/group?keyword=${stamp}`);
  await page.getByTestId(`group-card-${gid}`).click();
  await page.getByTestId('group-join').click();
  await page.getByTestId('group-apply-code').fill(code);
  await page.getByTestId('group-apply-reason').fill(reason);
  await page.getByTestId('group-apply-ok').click();
  await page.getByTestId('group-standing').waitFor();
}

describe('a class group', () => {
  it('from creation to a solved problem on the group rank and a problem moved into the bank', { timeout: 300_000 }, async () => {
    // The teacher creates the private class.
    const t = await newVisitor(browser, { width: 1280, height: 900 });
    t.page.setDefaultTimeout(20_000);
    await signIn(t.page, teacher);
    await t.page.goto('/group');
    await t.page.getByTestId('group-create').click();
    await t.page.getByTestId('group-form-name').fill(`Class ${stamp} of 2026`);
    await t.page.getByTestId('group-form-short-name').fill(shortName);
    await t.page.getByTestId('group-form-brief').fill('Lessons and homework');
    await t.page.getByTestId('group-form-description').fill('The class group: problems, contests and homework.');
    await t.page.getByTestId('group-form-auth-3').click();
    await t.page.getByTestId('group-form-code').fill(code);
    await t.page.getByTestId('group-create-dialog').getByTestId('group-create-ok').click();
    await t.page.waitForURL(/\/group\/\d+$/);
    const gid = Number(/\/group\/(\d+)$/.exec(t.page.url())![1]);

    // Two students apply with the code: Alice on a tablet-sized screen, Bruno on a desktop.
    const a = await newVisitor(browser, { width: 768, height: 1024 });
    a.page.setDefaultTimeout(20_000);
    await signIn(a.page, alice);
    await apply(a.page, gid, 'I am Alice from this class');
    const b = await newVisitor(browser, { width: 1280, height: 900 });
    b.page.setDefaultTimeout(20_000);
    await signIn(b.page, bruno);
    await apply(b.page, gid, 'I am Bruno, let me in please');

    // The teacher accepts Alice and refuses Bruno.
    await t.page.getByTestId('group-tab-member').click();
    await t.page.getByTestId('group-member-admin').click();
    await t.page.getByTestId(`group-accept-${alice.username}`).click();
    await toast(t.page, 'The member has been updated.');
    // The list is read again after the accept: a click while it re-renders can land on the old row.
    await t.page.getByTestId(`group-accept-${alice.username}`).waitFor({ state: 'detached' });
    await t.page.getByTestId(`group-refuse-${bruno.username}`).click();
    const brunoToken = await loginToken(bruno);
    await expect.poll(async () => (await api('GET', `/api/get-group-auth?gid=${gid}`, { token: brunoToken })).data).toBe(2);

    // A group problem with the site's editor (the id shows the short name in front), test cases from a zip.
    await t.page.goto(`/group/${gid}/problem`);
    await t.page.getByTestId('group-problem-admin-toggle').click();
    await t.page.getByTestId('group-problem-create').click();
    await t.page.waitForURL(`**/group/${gid}/problem/admin/create`);
    await t.page.getByTestId('field-problemId').fill('A');
    await t.page.getByTestId('field-title').fill(`Class sum ${stamp}`);
    await t.page.getByTestId('field-description').locator('textarea').fill('Read two integers and print their **sum**.');
    await t.page.getByTestId('field-input').locator('textarea').fill('Two integers a and b.');
    await t.page.getByTestId('field-output').locator('textarea').fill('The value of a + b.');
    await t.page
      .getByTestId('case-upload')
      .locator('input[type=file]')
      .setInputFiles({ name: 'cases.zip', mimeType: 'application/zip', buffer: zip({ '1.in': '1 2\n', '1.out': '3\n', '2.in': '10 20\n', '2.out': '30\n' }) });
    await expect.poll(() => t.page.getByTestId('case-upload-list').innerText(), { timeout: 10_000 }).toContain('2.in');
    await t.page.getByTestId('problem-save').click();
    await t.page.waitForURL(`**/group/${gid}/problem?admin=true`);
    await t.page.locator('.ant-table-row', { hasText: problemId }).waitFor();

    // A group contest running now, with the group's problem as A.
    await t.page.goto(`/group/${gid}/contest`);
    await t.page.getByTestId('group-contest-create').click();
    await t.page.getByTestId('admin-contest-form').waitFor();
    const start = new Date(Math.floor(Date.now() / 1000) * 1000 - 10 * 60_000);
    await t.page.getByTestId('contest-title').fill(`Class quiz ${stamp}`);
    await t.page.getByTestId('contest-description').locator('textarea').fill('One problem for the class.');
    await setTime(t.page, 'contest-start', start);
    await setTime(t.page, 'contest-end', new Date(start.getTime() + 120 * 60_000));
    await t.page.getByTestId('contest-save').click();
    await t.page.waitForURL(`**/group/${gid}/contest/admin`);
    const cid = (await apiOk('GET', `/api/group/get-admin-contest-list?gid=${gid}`, { token: root })).records[0].id as number;
    await t.page.getByTestId(`contest-problems-${cid}`).click();
    await t.page.getByTestId('cp-add-group').click();
    await t.page.getByTestId('group-problem-id').fill(problemId);
    await t.page.getByTestId('group-problem-display-id').fill('A');
    await t.page.getByTestId('group-problem-add-ok').click();
    await t.page.getByTestId('cp-table').getByText(problemId).waitFor();

    // Alice, now a member, opens the quiz from the group's contest tab and reads its problem A.
    await a.page.goto(`/group/${gid}/contest`);
    await a.page.getByTestId(`contest-item-${cid}`).getByText(`Class quiz ${stamp}`).click();
    await a.page.waitForURL(`**/contest/${cid}`);
    await a.page.goto(`/contest/${cid}/problem/A`);
    await a.page.getByText('Read two integers and print their').waitFor();

    // She solves the group's problem in the group (the real judge) and appears on the group rank.
    await a.page.goto(`/group/${gid}/problem/${problemId}`);
    await a.page.getByTestId('problem-detail').waitFor();
    await chooseLanguage(a.page, 'C');
    await loadCode(a.page, AC_C);
    await a.page.getByTestId('submit-code').click();
    await watchStatus(a.page, 'Accepted', 90_000);
    await a.page.goto(`/group/${gid}/rank`);
    await a.page.getByTestId(`group-rank-user-${alice.username}`).waitFor();
    await expect.poll(() => a.page.getByTestId(`group-rank-ac-${alice.username}`).innerText()).toBe('1');
    expect(await a.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    await pageShot(a.page, 'group-class-rank-768');

    // Bruno, refused, sees nothing inside: the tabs are closed and the calls refuse him.
    await b.page.goto(`/group/${gid}/problem`);
    await b.page.getByTestId('group-locked').waitFor();
    await pageShot(b.page, 'group-class-refused');
    for (const url of [`/api/group/get-problem-list?gid=${gid}`, `/api/get-submission-list?gid=${gid}`, `/api/get-group-rank-list?gid=${gid}&type=0`]) {
      expect((await api('GET', url, { token: brunoToken })).status, url).toBe(403);
    }
    expect((await api('GET', `/api/get-contest-info?cid=${cid}`, { token: brunoToken })).status).toBe(403);

    // The teacher applies the problem to the public bank; root agrees in the back office.
    await t.page.goto(`/group/${gid}/problem?admin=true`);
    const row = t.page.locator('.ant-table-row', { hasText: problemId });
    await row.getByText('Apply', { exact: true }).click();
    await t.page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'OK' }).click();
    await row.getByText('Applying').waitFor();
    const r = await newVisitor(browser);
    await signIn(r.page, rootUser, { admin: true });
    await r.page.goto('/admin/group-problem/apply');
    const pending = r.page.locator('.ant-table-row', { hasText: problemId });
    await pending.getByRole('button', { name: 'Agree' }).click();
    await r.page.getByTestId('review-new-id').fill(`KB${stamp}`);
    await r.page.getByTestId('review-agree-ok').click();
    await notice(r.page, 'The problem is now in the public bank.').waitFor();
    expect((await api('GET', `/api/get-problem-detail?problemId=KB${stamp}`, { token: brunoToken })).data.problem.title).toBe(`Class sum ${stamp}`);

    for (const c of [t, a, b, r]) await c.context.close();
  });
});
