/**
 * Contest management end to end (admin routes, the contest form and its checks): root makes a
 * protected ACM contest in the admin form, adds public problems, sets a balloon colour, posts an
 * announcement, toggles visibility, downloads the accepted code and deletes a contest; a normal user
 * is refused. Nothing here changes a site setting.
 */
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp, stampedUser } from '@oj/test-fixtures';
import { baseUrl, launch, newVisitor } from '../lib/browser.js';
import { AC_C, api, apiOk, createProblem, loginSession, registerUser, rootToken, rootUser, signIn, waitVerdict, zip } from '../lib/api.js';
import { pageShot, setTime, toast, useSession } from '../lib/ui.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const stamp = runStamp(5);
const title = `E2E Cup ${stamp}`;
const acmA = `CA${stamp}`.toUpperCase();
const acmB = `CB${stamp}`.toUpperCase();
const oiP = `CO${stamp}`.toUpperCase();
const ownP = `CN${stamp}`.toUpperCase();
const player = stampedUser('cp', stamp, 'player-pass');
const password = 'cup-secret';

let root: string;
let playerToken: string;
let contestId: number;

const start = new Date(Math.floor(Date.now() / 1000) * 1000 - 10 * 60_000);
const plus = (min: number) => new Date(start.getTime() + min * 60_000);

/** Presses Save and waits for the toast; the form keeps its values. */
async function saveExpecting(page: Page, text: string) {
  await page.getByTestId('contest-save').click();
  await page.locator('.ant-message').getByText(text, { exact: true }).first().waitFor();
}

describe('admin contest management', () => {
  beforeAll(async () => {
    root = await rootToken();
    const make = (problemId: string, type: number, problemTitle: string) =>
      createProblem(root, { problemId, title: problemTitle, description: 'Add.', type }, { samples: [{ input: '1 2\n', output: '3\n', score: 100 }] });
    await make(acmA, 0, `Sum ${stamp}`);
    await make(acmB, 0, `Product ${stamp}`);
    await make(oiP, 1, `Knapsack ${stamp}`);
    playerToken = await registerUser(player);
  });

  it('refuses a normal user: /admin goes to the admin login', async () => {
    const { context, page } = await newVisitor(browser);
    const login = await loginSession(player);
    await useSession(context, login);
    await page.goto('/admin/contest');
    await page.waitForURL('**/admin/login');
    await page.getByText('Please login again with the administrator account!').first().waitFor();
    expect(await page.getByTestId('admin-contest-list').count()).toBe(0);
    expect((await api('GET', '/api/admin/contest/get-contest-list', { token: login.token })).http).toBe(403);
    await context.close();
  });

  it('creates a protected ACM contest through the form, in the order of the checks', async () => {
    const { context, page } = await newVisitor(browser, { width: 1280, height: 900 });
    await signIn(page, rootUser, { admin: true, at: '/admin/dashboard' });
    await page.getByTestId('admin-menu').getByText('Create contest').click();
    await page.waitForURL('**/admin/contest/create');
    await page.getByTestId('admin-contest-form').waitFor();

    // The form's checks, one message at a time.
    await saveExpecting(page, 'Contest Title is required');
    await page.getByTestId('contest-title').fill(title);
    await saveExpecting(page, 'Contest Description is required');
    await page.getByTestId('contest-description').locator('textarea').fill('Two problems, **two** hours.');
    await saveExpecting(page, 'Contest Start Time is required');
    await setTime(page, 'contest-start', start);
    await saveExpecting(page, 'Contest End Time is required');
    // An end before the start: duration 0 with the error text, and the save refuses.
    await setTime(page, 'contest-end', plus(-5));
    await expect.poll(() => page.getByTestId('contest-duration').innerText()).toBe('0');
    await page.getByTestId('contest-duration-error').getByText('The duration of the contest cannot be less than or equal to zero').waitFor();
    await saveExpecting(page, 'The duration of the contest cannot be less than or equal to zero');

    // Seal options follow the duration: under 30 min both timed options are off, whole contest chosen.
    await setTime(page, 'contest-end', plus(20));
    await expect.poll(() => page.getByTestId('contest-duration').innerText()).toBe('20 minutes');
    await page.getByTestId('contest-seal').click();
    const option = (n: number) => page.locator(`input[data-testid="seal-option-${n}"], [data-testid="seal-option-${n}"] input`).first();
    await expect.poll(() => option(0).isDisabled()).toBe(true);
    await expect.poll(() => option(1).isDisabled()).toBe(true);
    await expect.poll(() => option(2).isChecked()).toBe(true);
    await setTime(page, 'contest-end', plus(45));
    await expect.poll(() => page.getByTestId('contest-duration').innerText()).toBe('45 minutes');
    await expect.poll(() => option(0).isDisabled()).toBe(false);
    await expect.poll(() => option(1).isDisabled()).toBe(true);
    await setTime(page, 'contest-end', plus(130));
    await expect.poll(() => page.getByTestId('contest-duration').innerText()).toBe('2.2 hours');
    await expect.poll(() => option(1).isDisabled()).toBe(false);
    // Turned on again for an ACM contest of over an hour: one hour before the end.
    await page.getByTestId('contest-seal').click();
    await page.getByTestId('contest-seal').click();
    await expect.poll(() => option(1).isChecked()).toBe(true);

    // Protected: the password is required.
    await page.getByTestId('contest-auth').getByText('Protected').click();
    await saveExpecting(page, 'Contest Password is required');
    await page.getByTestId('contest-pwd').fill(password);

    // Account limit: a live preview only while from <= to.
    await page.getByTestId('contest-account-limit').click();
    await page.getByTestId('rule-prefix').fill('team');
    await page.locator('[data-testid="rule-to"] input, input[data-testid="rule-to"]').first().fill('3');
    await page.getByTestId('rule-extra').fill(player.username);
    await expect.poll(() => page.getByTestId('rule-preview').innerText()).toContain('team0');
    expect(await page.getByTestId('rule-preview').innerText()).toContain(player.username);
    await page.locator('[data-testid="rule-from"] input, input[data-testid="rule-from"]').first().fill('5');
    await page.getByTestId('rule-range-warning').waitFor();
    expect(await page.getByTestId('rule-preview').count()).toBe(0);
    await page.locator('[data-testid="rule-from"] input, input[data-testid="rule-from"]').first().fill('1');
    await expect.poll(() => page.getByTestId('rule-preview').innerText()).toContain('team1');

    // Star users: trimmed, a repeat is refused with the spec's warning.
    await page.getByTestId('star-user-input').fill('  star_one ');
    await page.getByTestId('star-user-input').press('Enter');
    await page.getByTestId('star-user-star_one').waitFor();
    await page.getByTestId('star-user-input').fill('STAR_ONE');
    await page.getByTestId('star-user-add').click();
    await toast(page, 'Please do not add existing star user repeatedly');

    // Awards: switching from none fills gold/silver/bronze 10/20/30.
    await page.getByTestId('contest-award-type').getByText('By proportion').click();
    const awards = page.getByTestId('contest-awards');
    await awards.waitFor();
    for (const [p, name, num] of [
      [1, 'Gold', '10'],
      [2, 'Silver', '20'],
      [3, 'Bronze', '30'],
    ] as const) {
      expect(await page.getByTestId(`award-name-${p}`).inputValue()).toBe(name);
      expect(await page.locator(`[data-testid="award-num-${p}"] input, input[data-testid="award-num-${p}"]`).first().inputValue()).toBe(num);
    }
    const gold = await awards
      .locator('.oj-contest-award-tag')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(gold).toBe('rgb(230, 191, 37)');
    // A row added by hand, then removed by its checkbox.
    await page.getByTestId('award-add').click();
    expect(await page.getByTestId('award-name-4').inputValue()).toBe('Award');
    await awards.locator('tbody tr.ant-table-row').nth(3).locator('.ant-checkbox-input').check();
    await page.getByTestId('award-remove').click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => awards.locator('tbody tr.ant-table-row').count()).toBe(3);

    await page.getByTestId('contest-account-rule').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await pageShot(page, 'admin-contest-form-access-1280');
    await page.getByTestId('award-add').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await pageShot(page, 'admin-contest-form-rank-1280');
    await page.evaluate(() => window.scrollTo(0, 0));
    await pageShot(page, 'admin-contest-form-1280');
    await page.getByTestId('contest-save').click();
    await page.waitForURL('**/admin/contest');
    await toast(page, 'Add Successfully');
    await context.close();

    const list = await apiOk('GET', `/api/admin/contest/get-contest-list?keyword=${encodeURIComponent(title)}`, { token: root });
    expect(list.records).toHaveLength(1);
    const c = list.records[0];
    contestId = c.id;
    expect(c).toMatchObject({ type: 0, auth: 2, pwd: password, status: 0, sealRank: true, openAccountLimit: true, starAccount: ['star_one'], awardType: 1 });
    expect(new Date(c.endTime).getTime() - new Date(c.sealRankTime).getTime()).toBe(3600_000);
    expect(c.accountLimitRule).toBe(`<prefix>team</prefix><suffix></suffix><start>1</start><end>3</end><extra>${player.username}</extra>`);
    expect(c.awardConfigList.map((a: any) => [a.name, a.background, a.num])).toEqual([
      ['Gold', '#e6bf25', 10],
      ['Silver', '#b4c0c7', 20],
      ['Bronze', '#CD7F32', 30],
    ]);
  });

  // The contest the form made above, with the player registered (its password, as a participant does):
  // the announcement and download tests need a participant.
  describe('the contest made in the form', () => {
    beforeAll(async () => {
      if (!contestId) throw new Error('the form test did not make the contest');
      await apiOk('POST', '/api/register-contest', { token: playerToken, body: { cid: contestId, password } });
      expect((await apiOk<{ access: boolean }>('GET', `/api/get-contest-access?cid=${contestId}`, { token: playerToken })).access).toBe(true);
    });

    it('lists the contest, edits it with the rule type fixed, toggles visibility', async () => {
      const { context, page } = await newVisitor(browser, { width: 1280, height: 900 });
      await signIn(page, rootUser, { admin: true });
      await page.goto(`/admin/contest?keyword=${encodeURIComponent(title)}`);
      await page.getByTestId(`contest-title-${contestId}`).waitFor();
      const row = page.locator(`tr[data-row-key="${contestId}"]`);
      expect(await row.innerText()).toMatch(/ACM[\s\S]*Protected[\s\S]*Running/);
      await pageShot(page, 'admin-contest-list-1280');

      await page.getByTestId(`contest-visible-${contestId}`).click();
      await toast(page, 'Update Successfully');
      await expect.poll(async () => (await apiOk('GET', `/api/admin/contest?cid=${contestId}`, { token: root })).visible).toBe(false);
      await page.getByTestId(`contest-visible-${contestId}`).click();
      await expect.poll(async () => (await apiOk('GET', `/api/admin/contest?cid=${contestId}`, { token: root })).visible).toBe(true);

      await page.getByTestId(`contest-edit-${contestId}`).click();
      await page.waitForURL(`**/admin/contest/${contestId}/edit`);
      await expect.poll(() => page.getByTestId('contest-title').inputValue()).toBe(title);
      expect(await page.getByTestId('contest-type').locator('input').first().isDisabled()).toBe(true);
      // The stored seal time gives back the "1 hour before the end" choice.
      expect(await page.locator('input[data-testid="seal-option-1"], [data-testid="seal-option-1"] input').first().isChecked()).toBe(true);
      await page.getByTestId('contest-open-print').click();
      await page.getByTestId('contest-save').click();
      await page.waitForURL('**/admin/contest');
      await toast(page, 'Update Successfully');
      expect((await apiOk('GET', `/api/admin/contest?cid=${contestId}`, { token: root })).openPrint).toBe(true);
      await context.close();
    });

    it('adds public problems A and B, colours a balloon and edits a display title', async () => {
      const { context, page } = await newVisitor(browser, { width: 1280, height: 900 });
      await signIn(page, rootUser, { admin: true });
      await page.goto(`/admin/contest?keyword=${encodeURIComponent(title)}`);
      await page.getByTestId(`contest-problems-${contestId}`).click();
      await page.waitForURL(`**/admin/contest/${contestId}/problems`);
      await page.getByTestId('admin-contest-problems').waitFor();

      await page.getByTestId('cp-add-public').click();
      const dialog = page.getByTestId('public-problem-dialog');
      await dialog.waitFor();
      expect(await page.getByTestId('public-problem-tip').innerText()).toContain('ACM problems and remote judge problems');
      await page.getByTestId('public-problem-keyword').locator('input').fill(stamp.toUpperCase());
      await page.getByTestId('public-problem-keyword').locator('input').press('Enter');
      await page.getByTestId(`public-add-${acmA}`).waitFor();
      // The OI problem is not offered to an ACM contest.
      expect(await page.getByTestId(`public-add-${oiP}`).count()).toBe(0);
      await pageShot(page, 'admin-contest-add-public-1280');

      await page.getByTestId(`public-add-${acmA}`).click();
      await expect.poll(() => page.getByTestId('public-display-id').inputValue()).toBe('A');
      await page.getByTestId('public-add-ok').click();
      await toast(page, 'Added successfully');
      await expect.poll(() => page.getByTestId(`public-add-${acmA}`).count()).toBe(0);
      // With the harness's zero-length animations a closed antd dialog can stay in the DOM (invisible)
      // over the page, so buttons under it are pressed by event.
      await page.getByTestId(`public-add-${acmB}`).dispatchEvent('click');
      // The next free letter is offered; an empty one is refused.
      await expect.poll(() => page.getByTestId('public-display-id').inputValue()).toBe('B');
      await page.getByTestId('public-display-id').fill('');
      await page.getByTestId('public-add-ok').dispatchEvent('click');
      await page.getByText('Display ID is required').first().waitFor();
      await page.getByTestId('public-display-id').fill('B');
      await page.getByTestId('public-display-title').fill('Times');
      await page.getByTestId('public-add-ok').dispatchEvent('click');
      await expect.poll(() => page.getByTestId(`public-add-${acmB}`).count(), { timeout: 10_000 }).toBe(0);
      await page.reload();

      await page.getByTestId('cp-display-id-A').waitFor();
      await page.getByTestId('cp-display-id-B').waitFor();
      expect(await page.getByTestId('cp-display-title-B').innerText()).toBe('Times');

      // Balloon colour: picked from the presets, saved at once.
      await page.getByTestId('cp-balloon-A').locator('.ant-color-picker-trigger').click();
      await page.locator('.ant-color-picker-presets-color').first().click();
      await toast(page, 'The balloon colour has been updated');
      await expect
        .poll(async () => (await apiOk('GET', `/api/admin/contest/contest-problem?cid=${contestId}&pid=${await pidOf(acmA)}`, { token: root })).color)
        .toBe('#f5222d');
      await page.keyboard.press('Escape');

      // The display title edited in place.
      await page.getByTestId('cp-display-title-A').locator('.ant-typography-edit').click();
      const editor = page.locator('.ant-typography-edit-content textarea');
      await editor.fill('Sum again');
      await editor.press('Enter');
      await toast(page, 'Update Successfully');
      await expect.poll(() => page.getByTestId('cp-display-title-A').innerText()).toBe('Sum again');

      // A problem made for the contest: the rule fixes its type, it is a contest problem, linked as C.
      await page.getByTestId('cp-create').click();
      await page.waitForURL(`**/admin/contest/${contestId}/problem/create`);
      await expect.poll(() => page.getByTestId('field-contest-display-id').inputValue()).toBe('C');
      expect(await page.getByTestId('field-type').locator('input').first().isDisabled()).toBe(true);
      // The placement says why the type is locked.
      await page
        .locator('.ant-form-item', { has: page.getByTestId('field-type') })
        .locator('.ant-form-item-tooltip')
        .hover();
      await expect.poll(() => page.locator('.ant-tooltip:visible').innerText()).toContain("The type follows the contest's rule (ACM)");
      await page.mouse.move(0, 0);
      await page.getByTestId('field-problemId').fill(ownP);
      await page.getByTestId('field-title').fill(`Own ${stamp}`);
      await page.getByTestId('field-input').locator('textarea').fill('Two integers.');
      await page.getByTestId('field-output').locator('textarea').fill('Their sum.');
      await page
        .getByTestId('case-upload')
        .locator('input[type=file]')
        .setInputFiles({ name: 'cases.zip', mimeType: 'application/zip', buffer: zip({ '1.in': '1 2\n', '1.out': '3\n' }) });
      await expect.poll(() => page.getByTestId('case-upload-list').innerText(), { timeout: 10_000 }).toContain('1.in');
      await page.getByTestId('contest-problem-place').scrollIntoViewIfNeeded();
      await pageShot(page, 'admin-contest-problem-create-1280');
      await page.getByTestId('problem-save').click();
      await page.waitForURL(`**/admin/contest/${contestId}/problems`);
      await page.getByTestId('cp-display-id-C').waitFor();
      expect(await page.getByTestId('cp-display-title-C').innerText()).toBe(`Own ${stamp}`);
      const own = await apiOk('GET', `/api/admin/problem?pid=${await pidOf(ownP)}`, { token: root });
      expect(own.problem).toMatchObject({ auth: 3, type: 0 });

      // Edited from the contest: the place in the contest is saved with the problem.
      await page.getByTestId('cp-edit-C').click();
      await page.waitForURL(`**/admin/contest/${contestId}/problem/*/edit`);
      await expect.poll(() => page.getByTestId('field-contest-display-id').inputValue()).toBe('C');
      await page.getByTestId('field-contest-display-title').fill('Own, renamed');
      await page.getByTestId('problem-save').click();
      await page.waitForURL(`**/admin/contest/${contestId}/problems`);
      await expect.poll(() => page.getByTestId('cp-display-title-C').innerText()).toBe('Own, renamed');
      await pageShot(page, 'admin-contest-problems-1280');

      // The table's page lives in the address: one problem a page, the pager's page 2, and a reload keeps it.
      const shown = () => page.getByTestId('cp-table').locator('[data-testid^="cp-display-id-"]').first().getAttribute('data-testid');
      await page.goto(`/admin/contest/${contestId}/problems?limit=1`);
      await expect.poll(shown).toBeTruthy();
      const first = await shown();
      // (the pager sits beside the table, inside the page's box)
      await page.getByTestId('admin-contest-problems').locator('.ant-pagination-item-2').click();
      await page.waitForURL(/currentPage=2/);
      await expect.poll(shown).not.toBe(first);
      const second = await shown();
      await page.reload();
      await expect.poll(shown).toBe(second);
      expect(await page.getByTestId('admin-contest-problems').locator('.ant-pagination-item-active').innerText()).toBe('2');
      await context.close();
    });

    it('posts an announcement, hides it and edits it', async () => {
      const { context, page } = await newVisitor(browser, { width: 1280, height: 900 });
      await signIn(page, rootUser, { admin: true });
      await page.goto(`/admin/contest/${contestId}/announcement`);
      await page.getByTestId('admin-contest-announcements').waitFor();
      await page.getByTestId('ann-create').click();
      await page.getByTestId('ann-save').click();
      await page.getByText('Title is required').first().waitFor();
      await page.getByTestId('ann-field-title').fill('Clarification');
      await page.getByTestId('ann-field-content').locator('textarea').fill('Problem **A** reads two integers.');
      await page.getByTestId('ann-save').click();
      await toast(page, 'Post successfully');
      const anns = await apiOk('GET', `/api/admin/contest/announcement?cid=${contestId}`, { token: root });
      expect(anns.records.map((a: any) => [a.title, a.status])).toEqual([['Clarification', 0]]);
      const aid = anns.records[0].id as number;
      await page.getByTestId(`ann-visible-${aid}`).click();
      await toast(page, 'Update Successfully');
      await expect.poll(async () => (await apiOk('GET', `/api/admin/contest/announcement?cid=${contestId}`, { token: root })).records[0].status).toBe(1);
      // A participant does not see a hidden announcement.
      expect((await apiOk('GET', `/api/get-contest-announcement?cid=${contestId}`, { token: playerToken })).total).toBe(0);
      await page.getByTestId(`ann-visible-${aid}`).click();
      await expect.poll(async () => (await apiOk('GET', `/api/get-contest-announcement?cid=${contestId}`, { token: playerToken })).total).toBe(1);

      await page.getByTestId(`ann-edit-${aid}`).click();
      await expect.poll(() => page.getByTestId('ann-field-title').inputValue()).toBe('Clarification');
      await page.getByTestId('ann-field-title').fill('Clarification 2');
      await page.getByTestId('ann-save').click();
      await expect.poll(() => page.getByTestId(`ann-title-${aid}`).innerText()).toBe('Clarification 2');
      await pageShot(page, 'admin-contest-announcements-1280');
      await context.close();
    });

    it('downloads the accepted submissions as a zip', async () => {
      const sub = await apiOk('POST', '/api/submit-problem-judge', { token: playerToken, body: { pid: 'A', cid: contestId, language: 'C', code: AC_C } });
      expect(await waitVerdict(sub.submitId, playerToken)).toBe(0);

      const { context, page } = await newVisitor(browser, { width: 1280, height: 900 });
      await signIn(page, rootUser, { admin: true });
      await page.goto(`/admin/contest?keyword=${encodeURIComponent(title)}`);
      await page.getByTestId(`contest-download-${contestId}`).click();
      await page.getByTestId('download-ac-split').getByText('By problem').click();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-ac-ok').click()]);
      expect(download.suggestedFilename()).toBe(`contest_${contestId}_problem.zip`);
      const file = fs.readFileSync((await download.path())!);
      expect(file.subarray(0, 2).toString()).toBe('PK');
      expect(file.includes(Buffer.from(`A/${player.username}.c`))).toBe(true);
      await context.close();
    });

    it('shows the CLICS feed of the ACM contest, which a tool reads with a token, and no package before the end', async () => {
      const { context, page } = await newVisitor(browser, { width: 1280, height: 900 });
      await signIn(page, rootUser, { admin: true });
      await page.goto(`/admin/contest?keyword=${encodeURIComponent(title)}`);
      await page.getByTestId(`contest-clics-${contestId}`).click();
      const feedUrl = (await page.getByTestId('clics-event-feed').innerText()).trim();
      expect(feedUrl).toBe(`${baseUrl()}/api/clics/contests/${contestId}/event-feed`);
      expect(await page.getByTestId('clics-package').isDisabled()).toBe(true);
      const res = await fetch(`${feedUrl}?stream=false`, { headers: { authorization: root } });
      expect(res.status).toBe(200);
      const lines = (await res.text())
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { type: string; data: { judgement_type_id?: string | null } });
      expect(lines.some((n) => n.type === 'judgements' && n.data.judgement_type_id === 'AC')).toBe(true);
      await context.close();
    });

    it('looks right at 768 px (in Chinese, the default language)', async () => {
      const { context, page } = await newVisitor(browser, { width: 768, height: 1000, locale: 'zh-CN' });
      await signIn(page, rootUser, { admin: true });
      await page.goto(`/admin/contest?keyword=${encodeURIComponent(title)}`);
      await page.getByTestId(`contest-title-${contestId}`).waitFor();
      await pageShot(page, 'admin-contest-list-768');
      await page.goto(`/admin/contest/${contestId}/edit`);
      await expect.poll(() => page.getByTestId('contest-title').inputValue()).toBe(title);
      await pageShot(page, 'admin-contest-form-768');
      await page.goto(`/admin/contest/${contestId}/problems`);
      await page.getByTestId('cp-display-id-B').waitFor();
      await pageShot(page, 'admin-contest-problems-768');
      await context.close();
    });
  });

  it('deletes a contest after confirming', async () => {
    const doomed = await apiOk('POST', '/api/admin/contest', {
      token: root,
      body: { title: `Doomed ${stamp}`, description: 'x', startTime: plus(0).toISOString(), endTime: plus(60).toISOString(), type: 0, auth: 0 },
    });
    const { context, page } = await newVisitor(browser, { width: 1280, height: 900 });
    await signIn(page, rootUser, { admin: true });
    await page.goto(`/admin/contest?keyword=${encodeURIComponent(`Doomed ${stamp}`)}`);
    await page.getByTestId(`contest-delete-${doomed.id}`).click();
    await page.getByText('Its submissions, discussions and announcements are deleted with it. This cannot be undone.').waitFor();
    await page.getByTestId('contest-delete-ok').click();
    await toast(page, 'Delete successfully');
    await expect.poll(() => page.getByTestId(`contest-title-${doomed.id}`).count()).toBe(0);
    expect((await api('GET', `/api/admin/contest?cid=${doomed.id}`, { token: root })).msg).toBe('The contest does not exist.');
    await context.close();
  });
});

async function pidOf(problemId: string): Promise<number> {
  const list = await apiOk('GET', `/api/admin/problem/get-problem-list?keyword=${problemId}`, { token: root });
  return list.records.find((r: any) => r.problemId === problemId).id;
}
