/**
 * Group contests end to end: a group admin creates a contest in the
 * group's contest tab with the site's contest form and adds a public problem with its display id; a member
 * opens it from the group's contest cards (768 px) into the site's contest shell and reads the problem;
 * someone outside the group is refused.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp, stampedUser } from '@oj/test-fixtures';
import { launch, newVisitor } from '../lib/browser.js';
import { api, apiOk, createProblem, loginSession, registerUser, rootToken } from '../lib/api.js';
import { insertGroup } from '../lib/group-db.js';
import { pageShot, setTime, toast, useSession } from '../lib/ui.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const stamp = runStamp(5);
const teacher = stampedUser('gt', stamp, 'teacher-pass');
const student = stampedUser('gs', stamp, 'student-pass');
const stranger = stampedUser('gx', stamp, 'stranger-pass');
const owner = stampedUser('go', stamp, 'owner-pass');
const title = `Class Cup ${stamp}`;
const problemId = `GC${stamp}`.toUpperCase();
const problemTitle = `Class sum ${stamp}`;

let gid: number;
let cid: number;

describe('group contests', () => {
  beforeAll(async () => {
    const root = await rootToken();
    await createProblem(root, { problemId, title: problemTitle, type: 0 });
    for (const u of [teacher, student, stranger, owner]) await registerUser(u);
    gid = await insertGroup({ owner: owner.username, members: { [teacher.username]: 4, [student.username]: 3 } });
  });

  it('a group admin creates a contest with a problem from the group contest tab', async () => {
    const { context, page } = await newVisitor(browser, { width: 1280, height: 900 });
    await useSession(context, await loginSession(teacher));
    await page.goto(`/group/${gid}/contest`);
    await page.getByTestId('group-contest-list').waitFor();
    await page.getByTestId('group-contest-create').click();
    await page.waitForURL(`**/group/${gid}/contest/create`);
    await page.getByTestId('admin-contest-form').waitFor();

    const start = new Date(Math.floor(Date.now() / 1000) * 1000 - 10 * 60_000);
    await page.getByTestId('contest-title').fill(title);
    await page.getByTestId('contest-description').locator('textarea').fill('One problem for the class.');
    await setTime(page, 'contest-start', start);
    await setTime(page, 'contest-end', new Date(start.getTime() + 120 * 60_000));
    await page.getByTestId('contest-save').click();
    await page.waitForURL(`**/group/${gid}/contest/admin`);
    await toast(page, 'Add Successfully');

    const made = await apiOk('GET', `/api/group/get-admin-contest-list?gid=${gid}`, { token: (await loginSession(teacher)).token });
    expect(made.records).toHaveLength(1);
    cid = made.records[0].id;
    expect(made.records[0]).toMatchObject({ title, gid, canManage: true });
    await page.setViewportSize({ width: 768, height: 900 });
    await page.getByTestId(`contest-problems-${cid}`).scrollIntoViewIfNeeded();
    await pageShot(page, 'group-contest-admin-768');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Its problems: from the public bank, under the display id offered (A).
    await page.getByTestId(`contest-problems-${cid}`).click();
    await page.waitForURL(`**/group/${gid}/contest/${cid}/problems`);
    await page.getByTestId('cp-add-group').waitFor();
    await page.getByTestId('cp-add-public').click();
    await page.getByTestId('public-problem-dialog').waitFor();
    await page.getByTestId('public-problem-keyword').locator('input').fill(problemId);
    await page.getByTestId('public-problem-keyword').locator('input').press('Enter');
    await page.getByTestId(`public-add-${problemId}`).click();
    await expect.poll(() => page.getByTestId('public-display-id').inputValue()).toBe('A');
    await page.getByTestId('public-add-ok').click();
    await toast(page, 'Added successfully');
    await page.locator('.ant-modal-close').first().click();
    await page.getByTestId('cp-table').getByText(problemId).waitFor();
    await pageShot(page, 'group-contest-problems-1280');
    await context.close();
  });

  it('a member opens it from the group contest tab at 768 px; someone outside is refused', async () => {
    if (!cid) throw new Error('the first test did not make the contest');
    const { context, page } = await newVisitor(browser, { width: 768, height: 1000 });
    await useSession(context, await loginSession(student));
    await page.goto(`/group/${gid}`);
    await page.getByTestId('group-tab-contest').click();
    await page.waitForURL(`**/group/${gid}/contest`);
    const card = page.getByTestId(`contest-item-${cid}`);
    await card.waitFor();
    expect(await card.innerText()).toContain('Running');
    // A public contest's card in a group shows no participant count.
    expect(await card.getByTestId('contest-count').count()).toBe(0);
    expect(await page.getByTestId('group-contest-create').count()).toBe(0);
    await pageShot(page, 'group-contest-list-768');

    await page.getByTestId(`contest-title-${cid}`).click();
    await page.waitForURL(`**/contest/${cid}**`);
    await page.getByText(title).first().waitFor();
    await page.goto(`/contest/${cid}/problems`);
    await page.getByText(problemTitle).first().waitFor();
    await pageShot(page, 'group-contest-shell-768');
    await context.close();

    const outsider = await loginSession(stranger);
    const refused = await api('GET', `/api/get-contest-info?cid=${cid}`, { token: outsider.token });
    expect([refused.http, refused.msg]).toEqual([403, 'Sorry, you are not a member of this group and cannot view it!']);
  });
});
