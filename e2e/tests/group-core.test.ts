/**
 * The group core in Chromium: a teacher creates a private group from the /group list's dialog, a
 * student finds it and applies with the code (a wrong code is refused), the teacher accepts him in
 * the member admin and makes him an admin with the level select (levels above his own closed), the
 * teacher crops and uploads the group's avatar, and the student's view at 768 px shows the group.
 * The owner of another group adds members in bulk from a pasted list.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp, stampedUser } from '@oj/test-fixtures';
import { apiOk, registerUser, rootToken, signIn } from '../lib/api.js';
import { launch, newVisitor } from '../lib/browser.js';
import { pageShot, toast } from '../lib/ui.js';
import { insertGroup } from '../lib/group-db.js';

let browser: Browser;
let root: string;
let saved: Record<string, number>;
const stamp = runStamp(5);
const teacher = stampedUser('gteach', stamp, 'group-pass-1');
const student = stampedUser('gstud', stamp, 'group-pass-2');
const groupName = `Class ${stamp} of 2026`;

beforeAll(async () => {
  browser = await launch();
  root = await rootToken();
  await registerUser(teacher);
  await registerUser(student);
  // New accounts have solved nothing: the site's "AC required" would stop the teacher. Put back after.
  saved = await apiOk('GET', '/api/admin/config/get-group-config', { token: root });
  await apiOk('PUT', '/api/admin/config/set-group-config', { token: root, body: { groupAcRequired: 0 } });
});
afterAll(async () => {
  if (saved) await apiOk('PUT', '/api/admin/config/set-group-config', { token: root, body: saved });
  await browser?.close();
});

/** A PNG of w×h drawn by the page itself (the crop needs more than one pixel). */
async function drawnPng(page: Page, w: number, h: number): Promise<Buffer> {
  const url = await page.evaluate(
    ([width, height]) => {
      const c = document.createElement('canvas');
      c.width = width!;
      c.height = height!;
      const g = c.getContext('2d')!;
      const grad = g.createLinearGradient(0, 0, width!, height!);
      grad.addColorStop(0, '#1677ff');
      grad.addColorStop(1, '#52c41a');
      g.fillStyle = grad;
      g.fillRect(0, 0, width!, height!);
      return c.toDataURL('image/png');
    },
    [w, h],
  );
  return Buffer.from(url.split(',')[1]!, 'base64');
}

describe('group core', () => {
  it('a private group: create, apply with the code, accept, level select, avatar crop; 768 px', { timeout: 120_000 }, async () => {
    const t = await newVisitor(browser);
    t.page.setDefaultTimeout(15_000);
    await signIn(t.page, teacher);
    await t.page.goto('/group');
    await t.page.getByTestId('group-list').waitFor();
    await t.page.getByTestId('group-create').click();
    const dialog = t.page.getByTestId('group-create-dialog');
    await t.page.getByTestId('group-form-name').fill(groupName);
    await t.page.getByTestId('group-form-short-name').fill(`c${stamp}`);
    await t.page.getByTestId('group-form-brief').fill('Lessons and homework');
    // checked on blur: a too short description says so before anything is sent
    await t.page.getByTestId('group-form-description').fill('Hi');
    await t.page.getByTestId('group-form-brief').click();
    await t.page.getByText('The description must be 5 to 1000 characters.').waitFor();
    await t.page.getByTestId('group-form-description').fill('The **class** group: problems, contests and homework.');
    await t.page.getByTestId('group-form-auth-3').click();
    await t.page.getByTestId('group-form-code').fill('KEY');
    await t.page.getByTestId('group-form-brief').click();
    await t.page.getByText('The invitation code must be exactly 6 characters.').waitFor();
    await t.page.getByTestId('group-form-code').fill('KEY123');
    await dialog.getByTestId('group-create-ok').click();
    await t.page.waitForURL(/\/group\/\d+$/);
    const gid = Number(/\/group\/(\d+)$/.exec(t.page.url())![1]);
    await t.page.getByTestId('group-title').getByText(groupName).waitFor();
    await t.page.getByTestId('group-info-card').getByText('KEY123').waitFor();

    // The student, on a tablet-sized screen, finds it by keyword and applies.
    const s = await newVisitor(browser, { width: 768, height: 1024 });
    s.page.setDefaultTimeout(15_000);
    await signIn(s.page, student);
    await s.page.goto(`/group?keyword=${stamp}`);
    await s.page.getByTestId(`group-card-${gid}`).waitFor();
    await pageShot(s.page, 'group-core-list-768');
    await s.page.getByTestId(`group-card-${gid}`).click();
    await s.page.getByTestId('group-join').click();
    await s.page.getByTestId('group-apply-code').fill('WRONG1');
    await s.page.getByTestId('group-apply-reason').fill('I am in this class');
    await s.page.getByTestId('group-apply-ok').click();
    await toast(s.page, 'The invitation code is wrong.');
    await s.page.getByTestId('group-apply-code').fill('KEY123');
    await s.page.getByTestId('group-apply-ok').click();
    await s.page.getByTestId('group-standing').getByText('Your application is waiting for review').waitFor();
    // the inside stays closed while applying
    expect(await s.page.getByTestId('group-tab-member').locator('xpath=ancestor::*[@role="tab"]').getAttribute('aria-disabled')).toBe('true');

    // The teacher accepts him in the member admin.
    await t.page.getByTestId('group-tab-member').click();
    await t.page.getByTestId('group-member-admin').click();
    await t.page.getByTestId(`group-reason-${student.username}`).click();
    await t.page.locator('.oj-group-reason', { hasText: 'I am in this class' }).waitFor();
    await t.page.getByTestId(`group-accept-${student.username}`).click();
    await toast(t.page, 'The member has been updated.');
    const memberRow = t.page.getByTestId('group-member-table').locator('tr', { hasText: student.username });
    await memberRow.waitFor();
    await t.page.getByTestId('group-apply-table').locator('tr', { hasText: student.username }).waitFor({ state: 'detached' });

    // Level select: for a member, "Applying" and "Refused" are closed; the owner may give any member level.
    await t.page.getByTestId(`group-level-${student.username}`).click();
    const option = (level: number) => t.page.locator('.ant-select-item-option', { has: t.page.getByTestId(`group-level-option-${level}`) });
    await option(4).waitFor();
    expect(await option(1).getAttribute('aria-disabled')).toBe('true');
    expect(await option(2).getAttribute('aria-disabled')).toBe('true');
    expect(await option(4).getAttribute('aria-disabled')).toBe('false');
    expect(await option(5).getAttribute('aria-disabled')).toBe('false');
    await option(4).click();
    // The accept's toast says the same words and may still be up: wait for the stored level instead.
    const levels = async () => {
      const members = await apiOk('GET', `/api/group/get-member-list?gid=${gid}`, { token: root });
      return members.records.map((r: { username: string; auth: number }) => [r.username, r.auth]);
    };
    await expect.poll(levels).toEqual([
      [teacher.username, 5],
      [student.username, 4],
    ]);
    await toast(t.page, 'The member has been updated.');
    // his own and the owner's rows cannot change
    const disabled = (name: string) =>
      t.page
        .getByTestId(`group-level-${name}`)
        .evaluate((el) => !!el.closest('.ant-select-disabled') || !!el.querySelector('.ant-select-disabled, input[disabled]'));
    expect(await disabled(teacher.username)).toBe(true);
    expect(await disabled(student.username)).toBe(false);

    // Settings: crop the avatar (rotate once), confirm in the upload dialog.
    await t.page.getByTestId('group-tab-setting').click();
    await t.page.getByTestId('group-settings').waitFor();
    const chooser = t.page.waitForEvent('filechooser');
    await t.page.getByTestId('group-avatar-choose').click();
    await (await chooser).setFiles({ name: 'class.png', mimeType: 'image/png', buffer: await drawnPng(t.page, 320, 240) });
    await t.page.locator('.img-crop-modal').waitFor();
    await t.page.locator('.img-crop-control-rotation button').last().click();
    await t.page.getByTestId('group-crop-ok').click();
    await t.page.getByTestId('group-avatar-preview').waitFor();
    expect(
      await t.page.getByTestId('group-avatar-preview').evaluate((img) => [(img as HTMLImageElement).naturalWidth, (img as HTMLImageElement).naturalHeight]),
    ).toEqual([200, 200]);
    await t.page.getByTestId('group-avatar-upload-ok').click();
    await toast(t.page, 'Upload Avatar Successfully');
    await pageShot(t.page, 'group-core-settings');
    const detail = await apiOk('GET', `/api/get-group-detail?gid=${gid}`, { token: root });
    expect(detail.avatar).toMatch(/^\/api\/public\/files\/group-avatar\/[0-9a-f]{64}\.png$/);

    // The student, now an admin there, sees the group with its new avatar and the member tab.
    await s.page.reload();
    await s.page.getByTestId('group-tab-member').click();
    await s.page.getByTestId('group-member-table').getByText(teacher.username).waitFor();
    await s.page.getByTestId('group-add-member').waitFor();
    await expect.poll(() => s.page.getByTestId('group-header').locator('img').getAttribute('src')).toBe(detail.avatar);
    expect(await s.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    await pageShot(s.page, 'group-core-members-768');
    await s.page.goto(`/group/${gid}`);
    await s.page.getByTestId('group-info-card').waitFor();
    await pageShot(s.page, 'group-core-home-768');
    // an admin may leave but not disband
    await s.page.getByTestId('group-exit').waitFor();
    expect(await s.page.getByTestId('group-disband').count()).toBe(0);

    // The owner disbands it: the confirmation says what goes, then the list no longer has it.
    await t.page.goto(`/group/${gid}`);
    await t.page.getByTestId('group-disband').click();
    await t.page.getByText('every submission made in the group are deleted').waitFor();
    await t.page.getByTestId('group-disband-ok').click();
    await t.page.waitForURL(/\/group$/);
    await toast(t.page, 'The group has been disbanded.');
    const gone = await apiOk('GET', `/api/get-group-list?keyword=${stamp}`, { token: root });
    expect(gone.total).toBe(0);
    await t.context.close();
    await s.context.close();
  });

  it('a visitor browses /group: the cards, no "no groups" while loading, creating asks for a login', async () => {
    const listed = `Open class ${stamp}`;
    await apiOk('POST', '/api/group', {
      token: root,
      body: { name: listed, shortName: `oc${stamp}`, brief: 'A public group for visitors to see.', description: 'Open to all.', auth: 1 },
    });
    const { context, page } = await newVisitor(browser, { width: 1280, height: 800 });
    // The list's answer is held until the page has been looked at while it loads.
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/get-group-list**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/group?l=en-US');
    await page.getByTestId('group-list').waitFor();
    await page.getByTestId('group-loading').waitFor();
    expect(await page.locator('.oj-group-empty').count()).toBe(0);
    expect(await page.getByTestId('group-list').innerText()).not.toContain('No groups');
    release();
    await page.getByText(listed).first().waitFor();
    expect(page.url()).toContain('/group');
    await pageShot(page, 'group-list-visitor');
    // Creating a group needs a login: the warning and the login dialog.
    await page.getByTestId('group-create').click();
    await toast(page, 'Please login first');
    await page.getByTestId('login-username').waitFor();
    await context.close();
  });

  it('bulk add: the owner pastes a class list; the dialog says who was added, who already was a member and who does not exist', async () => {
    const pupils = [1, 2].map((i) => ({ username: `gbulk${i}_${stamp}`, password: 'group-pass-3' }));
    for (const p of pupils) await registerUser(p);
    const gid = await insertGroup({ owner: teacher.username, members: { [student.username]: 3 } });
    const t = await newVisitor(browser);
    await signIn(t.page, teacher);
    await t.page.goto(`/group/${gid}`);
    await t.page.getByTestId('group-tab-member').click();
    await t.page.getByTestId('group-add-member').click();
    await t.page.getByTestId('group-bulk-open').click();
    await t.page.getByTestId('group-bulk-text').fill(`${pupils[0]!.username}\n${pupils[1]!.username}, ${student.username.toUpperCase()}\nnobody_${stamp}`);
    await t.page.getByText('4 usernames').waitFor();
    await t.page.getByTestId('group-bulk-submit').click();
    await t.page.getByText('2 added, 1 already members, 1 not found.').waitFor();
    const added = await t.page.getByTestId('group-bulk-added').innerText();
    expect(added).toContain('Added (2)');
    for (const p of pupils) expect(added).toContain(p.username);
    expect(await t.page.getByTestId('group-bulk-already').innerText()).toContain(student.username);
    expect(await t.page.getByTestId('group-bulk-missing').innerText()).toContain(`nobody_${stamp}`);
    await pageShot(t.page, 'group-core-bulk-add-1280');
    await t.page.keyboard.press('Escape');
    for (const p of pupils) await t.page.getByTestId('group-member-table').getByText(p.username).waitFor();
    await t.context.close();
  });

  it('the member list keeps its page in the address bar across a reload; a page past the end shows the last one', async () => {
    // Ten a page: the owner and ten members make two pages.
    const many = Array.from({ length: 10 }, (_, i) => ({ username: `gpage${i}_${stamp}`, password: 'group-pass-4' }));
    for (const p of many) await registerUser(p);
    const gid = await insertGroup({ owner: teacher.username, members: Object.fromEntries(many.map((p) => [p.username, 3])) });
    const t = await newVisitor(browser);
    await signIn(t.page, teacher);
    await t.page.goto(`/group/${gid}/member`);
    const table = t.page.getByTestId('group-members');
    const rows = () => table.locator('a[data-testid^="group-member-"]').allInnerTexts();
    await expect.poll(async () => (await rows()).length).toBeGreaterThan(0);
    const first = await rows();
    await table.locator('.ant-pagination-item-2').click();
    await t.page.waitForURL(/currentPage=2/);
    await expect.poll(async () => (await rows()).join()).not.toBe(first.join());
    const second = await rows();
    await t.page.reload();
    await expect.poll(async () => (await rows()).join()).toBe(second.join());
    expect(await table.locator('.ant-pagination-item-active').innerText()).toBe('2');
    // An old link past the end: the last page, and the address says so.
    await t.page.goto(`/group/${gid}/member?currentPage=9`);
    await t.page.waitForURL(/currentPage=2/);
    await expect.poll(async () => (await rows()).join()).toBe(second.join());
    await t.context.close();
  });

  it('a student with too few solved problems sees "create" disabled with the reason, before any form', async () => {
    await apiOk('PUT', '/api/admin/config/set-group-config', { token: root, body: { groupAcRequired: 3 } });
    try {
      const t = await newVisitor(browser, { width: 1280, height: 800 });
      await signIn(t.page, student);
      await t.page.goto('/group?l=en-US');
      const reason = 'You need to pass at least 3 problems before creating a group.';
      await expect.poll(() => t.page.getByTestId('group-create-reason').innerText()).toBe(reason);
      expect(await t.page.getByTestId('group-create').isDisabled()).toBe(true);
      await pageShot(t.page, 'group-create-refused-1280');
      await t.context.close();
    } finally {
      await apiOk('PUT', '/api/admin/config/set-group-config', { token: root, body: { groupAcRequired: 0 } });
    }
  });
});
