/**
 * The message centre and the discussion admin screens end to end: user B comments on user
 * A's discussion, replies to A's comment and likes both (through the API); A sees the red dot, opens the
 * message centre from the user menu, finds each message with its link, and the tab counters and the dot
 * go as the lists are read; A deletes one message and cleans a tab. The super admin writes a notice to A
 * in /admin/notice and sends it now, so it reaches A's "sys" tab; an admin hides A's discussion and handles
 * B's report in /admin/discussion, and each of them finds the site's word in "mine". The discussion
 * config is edited on the switch page. Screens at 1280 and 768 px. Everything carries a stamp of its own.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp, stampedUser } from '@oj/test-fixtures';
import { launch, newVisitor } from '../lib/browser.js';
import { api, apiOk, loginSession, registerUser, rootToken, rootUser, signIn, type User } from '../lib/api.js';
import { notice, pageShot, useSession } from '../lib/ui.js';

let browser: Browser;
let root: string;
const stamp = runStamp(5);
const author: User = stampedUser('ma', stamp, 'message-pass1');
const other: User = stampedUser('mb', stamp, 'message-pass2');
const title = `MC${stamp} Why does my DP time out?`;
const noticeTitle = `MC${stamp} Maintenance tonight`;
/** Shown in a message as text, never run. */
const XSS = '<img src=x onerror="window.__xss=1">';
let tokenA = '';
let tokenB = '';
let did = 0;
/** the discussion of the reader with two pages of messages */
let paged = 0;
let saved: { discussionAcRequired: number; discussionDailyPosts: number } | null = null;

interface Counts {
  comment: number;
  reply: number;
  like: number;
  sys: number;
  mine: number;
}
const unread = (token: string) => apiOk<Counts>('GET', '/api/msg/unread', { token });

/** A tab's counter badge: antd renders no number at all once it is 0. */
const tabCount = (page: Page, tab: string) => page.getByTestId(`message-count-${tab}`).locator('.ant-scroll-number');

beforeAll(async () => {
  browser = await launch();
  root = await rootToken();
  // New accounts have solved nothing: let them post and comment for this file, and put it back after.
  const config = await apiOk('GET', '/api/admin/config/get-web-config', { token: root });
  saved = { discussionAcRequired: config.discussionAcRequired, discussionDailyPosts: config.discussionDailyPosts };
  await apiOk('PUT', '/api/admin/config/set-web-config', { token: root, body: { discussionAcRequired: 0 } });

  tokenA = await registerUser(author);
  tokenB = await registerUser(other);
  const categories = await apiOk<{ id: number }[]>('GET', '/api/discussion-category', { token: tokenA });
  const d = await apiOk<{ id: number }>('POST', '/api/discussion', {
    token: tokenA,
    body: { title, description: 'Memoised, still too slow.', categoryId: categories[0]!.id, content: 'My `dp` is **O(n^2)**.' },
  });
  did = d.id;
  // A's own comment tells A nothing; B's comment, reply and likes each tell A once.
  const mine = await apiOk<{ id: number }>('POST', '/api/comment', { token: tokenA, body: { did, content: 'n is up to 10^5.' } });
  await apiOk('POST', '/api/comment', { token: tokenB, body: { did, content: `Use a monotone queue ${stamp}. ${XSS}` } });
  await apiOk('POST', '/api/reply', { token: tokenB, body: { did, reply: { commentId: mine.id, content: `Then O(n log n) is needed ${stamp}.` } } });
  await apiOk('GET', `/api/discussion-like?did=${did}&toLike=true`, { token: tokenB });
  await apiOk('GET', `/api/comment-like?cid=${mine.id}&toLike=true&sourceId=${did}&sourceType=Discussion`, { token: tokenB });
  await apiOk('POST', '/api/discussion-report', { token: tokenB, body: { did, tags: ['spam'], reason: `Copied from elsewhere ${stamp}` } });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  if (saved) await api('PUT', '/api/admin/config/set-web-config', { token: root, body: saved });
  const ids = [did, paged].filter(Boolean);
  if (ids.length) await api('DELETE', '/api/admin/discussion', { token: root, body: { ids } });
});

describe('message centre', () => {
  it('A sees the dot, reads each tab from the user menu, the counters drop, deletes one and cleans a tab', async () => {
    expect(await unread(tokenA)).toMatchObject({ comment: 1, reply: 1, like: 2 });
    const { context, page } = await newVisitor(browser);
    await useSession(context, await loginSession(author));
    await page.goto('/home');
    await page.getByTestId('unread-dot').waitFor();

    // The user menu lists the five tabs with their counts and links to them.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('unread-comment').waitFor();
    expect(await page.getByTestId('unread-like').innerText()).toBe('2');
    await pageShot(page, 'message-user-menu-1280');
    await page.locator('.ant-dropdown a[href="/message/discuss"]').click();
    await page.waitForURL('**/message/discuss');

    const comment = page.getByTestId('message-list-discuss').locator('.oj-message-item').first();
    await comment.waitFor();
    expect(await comment.innerText()).toContain(other.username);
    expect(await comment.innerText()).toContain('commented on your discussion');
    expect(await comment.innerText()).toContain(`Use a monotone queue ${stamp}.`);
    expect(await comment.locator('img').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    expect(await comment.getByTestId('message-source-link').getAttribute('href')).toBe(`/discussion-detail/${did}`);
    expect(await comment.getByTestId('message-source-link').innerText()).toBe(title);
    // Listed = read: the tab's counter goes at once, not at the next poll.
    await tabCount(page, 'discuss').waitFor({ state: 'detached' });
    expect((await unread(tokenA)).comment).toBe(0);
    await tabCount(page, 'reply').waitFor();
    await pageShot(page, 'message-discuss-1280');

    await page.getByTestId('message-tab-reply').click();
    await page.waitForURL('**/message/reply');
    const reply = page.getByTestId('message-list-reply').locator('.oj-message-item').first();
    await reply.waitFor();
    expect(await reply.innerText()).toContain('replied to you');
    expect(await reply.innerText()).toContain(`Then O(n log n) is needed ${stamp}.`);
    // what it answers: A's own comment, quoted
    expect(await reply.locator('.oj-message-quote').innerText()).toContain('n is up to 10^5.');
    await tabCount(page, 'reply').waitFor({ state: 'detached' });
    await pageShot(page, 'message-reply-1280');

    await page.getByTestId('message-tab-like').click();
    const likes = page.getByTestId('message-list-like').locator('.oj-message-item');
    await likes.nth(1).waitFor();
    const likeTexts = (await likes.allInnerTexts()).join('\n');
    expect(likeTexts).toContain('liked your discussion');
    expect(likeTexts).toContain('liked your comment');
    await tabCount(page, 'like').waitFor({ state: 'detached' });
    // Nothing unread is left: the red dot of the top bar is gone.
    await page.getByTestId('unread-dot').waitFor({ state: 'detached' });
    expect(await unread(tokenA)).toMatchObject({ comment: 0, reply: 0, like: 0 });

    // The source link opens the discussion in the site.
    await page.getByTestId('message-tab-discuss').click();
    await page.getByTestId('message-list-discuss').getByTestId('message-source-link').first().click();
    await page.waitForURL(`**/discussion-detail/${did}`);

    // Clean the like tab (asked first): the list is empty, on the server too.
    await page.goto('/message/like');
    await likes.nth(1).waitFor();
    await page.getByTestId('message-clean').click();
    await page.getByTestId('message-clean-ok').click();
    await page.getByTestId('message-list-like').locator('.ant-empty').waitFor();
    expect((await apiOk('GET', '/api/msg/like?currentPage=1&limit=6', { token: tokenA })).total).toBe(0);

    // Delete one message of the reply tab.
    await page.getByTestId('message-tab-reply').click();
    await reply.waitFor();
    await reply.locator('[data-testid^="message-delete-"]').click();
    await page.getByTestId('message-list-reply').locator('.ant-empty').waitFor();
    expect((await apiOk('GET', '/api/msg/reply?currentPage=1&limit=6', { token: tokenA })).total).toBe(0);
    await context.close();
  });

  it('the super admin writes a notice to A in /admin/notice, sends it now, and it is in A\'s "sys" tab', { timeout: 120_000 }, async () => {
    const { context, page } = await newVisitor(browser);
    await signIn(page, rootUser, { admin: true });
    await page.goto('/admin/notice');
    await page.getByTestId('admin-notice').waitFor();
    await page.getByTestId('notice-create').click();
    await page.getByTestId('notice-title').fill(noticeTitle);
    await page.getByTestId('notice-content').locator('textarea').fill('The judge is **down** from 22:00 to 23:00.');
    await page.getByTestId('notice-type-Single').click();
    // Designated users without any: the form refuses.
    await page.getByTestId('notice-save').click();
    await page.getByText('Choose at least one user to send the notice to.').first().waitFor();
    const recipients = page.getByTestId('notice-recipients').locator('input');
    // An unknown username: the server names it and nothing is saved.
    await recipients.fill(`nobody_${stamp}`);
    await recipients.press('Enter');
    await page.getByTestId('notice-save').click();
    await notice(page, `The username nobody_${stamp} does not exist.`).waitFor();
    await page.getByTestId('notice-recipients').locator('.ant-select-selection-item-remove').click();
    await recipients.fill(author.username);
    await recipients.press('Enter');
    await pageShot(page, 'admin-notice-dialog-1280');
    await page.getByTestId('notice-save').click();
    await notice(page, 'The notice was saved').waitFor();
    const row = page.locator('.ant-table-row', { hasText: noticeTitle });
    await row.waitFor();
    expect(await row.innerText()).toContain(author.username);
    await pageShot(page, 'admin-notice-1280');

    const listed = await apiOk<{ records: { id: number; title: string; state: boolean }[] }>('GET', '/api/admin/msg/notice?currentPage=1&limit=30', {
      token: root,
    });
    const created = listed.records.find((n) => n.title === noticeTitle)!;
    expect(created).toBeTruthy();
    // "Send now" instead of the hourly run. The server's own first run (30 s after it starts) may have
    // delivered it already when this file runs first; then there is nothing to send.
    if (!created.state) {
      await page.getByTestId(`notice-send-${created.id}`).click();
      await page.getByText('Deliver this notice to its recipients now instead of at the next hourly run?').waitFor();
      await pageShot(page, 'admin-notice-send-1280');
      await page.getByTestId('notice-send-ok').click();
      await notice(page, 'The notice was delivered.').waitFor();
    }
    await page.getByTestId(`notice-state-${created.id}`).getByText('Delivered').waitFor();
    await expect(page.getByTestId(`notice-send-${created.id}`).count()).resolves.toBe(0);
    await context.close();

    const a = await newVisitor(browser);
    await useSession(a.context, await loginSession(author));
    await a.page.goto('/home');
    await a.page.getByTestId('unread-dot').waitFor();
    await a.page.goto('/message/sys');
    const item = a.page.getByTestId('message-list-sys').locator('.oj-message-item', { hasText: noticeTitle });
    await item.waitFor();
    // Markdown content, rendered (the renderer is fetched when the first Markdown comes near the screen)
    await item.locator('strong', { hasText: 'down' }).waitFor();
    await a.page.getByTestId('unread-dot').waitFor({ state: 'detached' });
    await pageShot(a.page, 'message-sys-1280');
    await a.context.close();
  });

  it('deleting the only message of page 2 shows page 1 with its messages', async () => {
    // A reader of his own, with seven comments of B's on his discussion: two pages of six.
    const reader = stampedUser('mc', stamp, 'message-pass3');
    const token = await registerUser(reader);
    const categories = await apiOk<{ id: number }[]>('GET', '/api/discussion-category', { token });
    const d = await apiOk<{ id: number }>('POST', '/api/discussion', {
      token,
      body: { title: `MC${stamp} Seven answers`, description: 'Counting the answers.', categoryId: categories[0]!.id, content: 'Anyone?' },
    });
    paged = d.id;
    for (let i = 1; i <= 7; i++) await apiOk('POST', '/api/comment', { token: tokenB, body: { did: paged, content: `Answer ${i} ${stamp}` } });
    const { context, page } = await newVisitor(browser);
    await useSession(context, await loginSession(reader));
    await page.goto('/message/discuss?currentPage=2');
    const list = page.getByTestId('message-list-discuss');
    const items = list.locator('.oj-message-item');
    await expect.poll(() => items.count()).toBe(1);
    expect(await items.first().innerText()).toContain(`Answer 1 ${stamp}`);
    await items.first().locator('[data-testid^="message-delete-"]').click();
    await notice(page, 'Message deleted.').waitFor();
    // The empty page gives way to the one before, newest first.
    await page.waitForURL((u) => !u.searchParams.has('currentPage'));
    await expect.poll(() => items.count()).toBe(6);
    expect(await items.first().innerText()).toContain(`Answer 7 ${stamp}`);
    expect(await list.locator('.ant-empty').count()).toBe(0);
    await pageShot(page, 'message-after-delete-1280');
    await context.close();
  });
});

describe('discussion admin', () => {
  it('an admin hides the discussion and handles the report; the author and the reporter are told in "mine"', async () => {
    const { context, page } = await newVisitor(browser);
    await signIn(page, rootUser, { admin: true });
    await page.goto('/admin/discussion');
    await page.getByTestId('admin-discussion').waitFor();
    // Delete selected with nothing selected: the spec's message.
    await page.getByTestId('admin-discussion-delete-selected').click();
    await notice(page, 'The number of discussions selected cannot be empty').waitFor();

    await page.getByTestId('admin-discussion-keyword').locator('input').fill(`MC${stamp}`);
    await page.getByTestId('admin-discussion-keyword').locator('input').press('Enter');
    const row = page.locator('.ant-table-row', { hasText: title });
    await row.waitFor();
    expect(await page.getByTestId(`admin-discussion-title-${did}`).getAttribute('href')).toBe(`/discussion-detail/${did}`);
    expect(await row.innerText()).toContain(author.username);
    await page.getByTestId(`admin-discussion-status-${did}`).click();
    await page.locator('.ant-select-dropdown:visible').getByText('Hidden', { exact: true }).click();
    await notice(page, 'Update Successfully').waitFor();
    await pageShot(page, 'admin-discussion-1280');

    await page.getByTestId('admin-report-tab').click();
    const report = page.locator('.ant-table-row', { hasText: `Copied from elsewhere ${stamp}` });
    await report.waitFor();
    expect(await report.innerText()).toContain(other.username);
    expect(await report.innerText()).toContain('Spam');
    await report.locator('[data-testid^="admin-report-handled-"]').click();
    await expect.poll(() => report.locator('[data-testid^="admin-report-handled-"]').getAttribute('aria-checked')).toBe('true');
    await pageShot(page, 'admin-report-1280');
    // The report list in the address bar under its own keys: its filter survives a reload, and the
    // discussions' tab finds its own list (the keyword above) as it was, and the reports' back again.
    await page.getByTestId('admin-report-filter').click();
    await page.locator('.ant-select-dropdown:visible').getByText('Handled', { exact: true }).click();
    await page.waitForURL(/reportStatus=handled/);
    await page.reload();
    await report.waitFor();
    expect(await page.getByTestId('admin-report-filter').innerText()).toContain('Handled');
    await page.getByTestId('admin-discussion-tab').click();
    await row.waitFor();
    expect(await page.getByTestId('admin-discussion-keyword').locator('input').inputValue()).toBe(`MC${stamp}`);
    expect(new URL(page.url()).searchParams.get('status')).toBeNull();
    await page.getByTestId('admin-report-tab').click();
    await report.waitFor();
    expect(await page.getByTestId('admin-report-filter').innerText()).toContain('Handled');
    await context.close();

    expect((await unread(tokenA)).mine).toBeGreaterThan(0);
    expect((await unread(tokenB)).mine).toBeGreaterThan(0);

    // The author, at tablet width, in Chinese: the site's title is translated like any server message.
    const a = await newVisitor(browser, { width: 768, height: 900 });
    await useSession(a.context, await loginSession(author));
    await a.page.goto('/message/mine?l=zh-cn');
    const hidden = a.page.getByTestId('message-list-mine').locator('.oj-message-item', { hasText: title });
    await hidden.waitFor();
    expect(await hidden.innerText()).toContain('你的讨论已被管理员隐藏。');
    await tabCount(a.page, 'mine').waitFor({ state: 'detached' });
    await pageShot(a.page, 'message-mine-768');
    await a.context.close();

    const b = await newVisitor(browser, { width: 768, height: 900 });
    await useSession(b.context, await loginSession(other));
    await b.page.goto('/message/mine');
    const handled = b.page.getByTestId('message-list-mine').locator('.oj-message-item', { hasText: 'Your report has been handled by an administrator.' });
    await handled.waitFor();
    await b.page.goto('/message/discuss');
    await b.page.getByTestId('message-list-discuss').locator('.ant-empty').waitFor();
    await pageShot(b.page, 'message-empty-768');
    await b.context.close();
  });

  it('the super admin adds and deletes a category; one in use is refused', async () => {
    const { context, page } = await newVisitor(browser);
    await signIn(page, rootUser, { admin: true });
    await page.goto('/admin/discussion?tab=category');
    await page.getByTestId('category-add').waitFor();
    const before = await apiOk<{ id: number; name: string }[]>('GET', '/api/discussion-category');
    await page.getByTestId('category-add').click();
    await page.getByTestId(`category-name-${before.length}`).fill(`Cat ${stamp}`);
    await page.getByTestId('category-save').click();
    await notice(page, 'Update Successfully').waitFor();
    const added = await apiOk<{ id: number; name: string }[]>('GET', '/api/discussion-category');
    expect(added.map((c) => c.name)).toEqual([...before.map((c) => c.name), `Cat ${stamp}`]);
    await pageShot(page, 'admin-categories-1280');

    // The first category holds the discussion of this file: deleting it is refused, nothing changes.
    await page.getByTestId('category-delete-0').click();
    await page.getByTestId('category-save').click();
    await notice(page, `The category ${before[0]!.name} is still used by discussions`).waitFor();
    expect((await apiOk<unknown[]>('GET', '/api/discussion-category')).length).toBe(added.length);
    await page.getByTestId('category-reset').click();
    await page.getByTestId(`category-delete-${added.length - 1}`).click();
    await page.getByTestId('category-save').click();
    await expect.poll(async () => (await apiOk<{ name: string }[]>('GET', '/api/discussion-category')).map((c) => c.name)).toEqual(before.map((c) => c.name));
    await context.close();
  });

  it('the admin list and the discussion config at 768 px', async () => {
    const { context, page } = await newVisitor(browser, { width: 768, height: 900 });
    await signIn(page, rootUser, { admin: true });
    await page.goto('/admin/discussion');
    await page.getByTestId(`admin-discussion-status-${did}`).waitFor();
    await pageShot(page, 'admin-discussion-768');

    // The discussion config: the limits are edited on the switch page and saved into the site config.
    await page.goto('/admin/switch');
    const daily = page.getByTestId('config-discussionDailyPosts');
    await daily.waitFor();
    await daily.fill('7');
    await page.getByTestId('discussion-config-save').click();
    await notice(page, /Settings saved|Update Successfully/).waitFor();
    expect((await apiOk('GET', '/api/admin/config/get-web-config', { token: root })).discussionDailyPosts).toBe(7);
    // Past the spec's 10000 the field keeps 10000.
    await daily.fill('10001');
    await daily.press('Tab');
    expect(await daily.inputValue()).toBe('10000');
    await page.getByTestId('discussion-config').scrollIntoViewIfNeeded();
    await pageShot(page, 'admin-discussion-config-768');
    await context.close();
  });
});
