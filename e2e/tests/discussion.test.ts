/**
 * Discussions end to end: user A opens a problem, follows its Discussion button and posts a
 * discussion about it through the full-screen dialog; user B comments, replies to the comment and to
 * the reply, and likes the discussion; XSS attempts in the title, description, content and comment
 * render as text (no dialog, no script run, no event handler); a visitor's like asks to log in; the
 * report dialog refuses an empty report; an admin hides the discussion (B gets "not found", A still
 * sees it); public discussion switched off: the nav entry goes and /discussion sends home with "No
 * Access". Screenshots at 1280 and 768 px. The site config is put back afterwards.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp, stampedUser } from '@oj/test-fixtures';
import { launch, newVisitor } from '../lib/browser.js';
import { api, apiOk, createContest, createProblem, loginSession, registerUser, rootToken, rootUser } from '../lib/api.js';
import { notice, pageShot, useSession } from '../lib/ui.js';

let browser: Browser;
let root: string;
const stamp = runStamp(5);
const pid = `DS${stamp}`.toUpperCase();
const userA = stampedUser('dsa', stamp, 'discuss-pass1');
const userB = stampedUser('dsb', stamp, 'discuss-pass2');
const xssTitle = `<img src=x onerror="window.__xss='title'">Overflow ${stamp}`;
const xssDescription = `<script>window.__xss='desc'</script>Why long long`;
const xssContent = [
  `Use **long long** for ${stamp}.`,
  '',
  `<img src=x onerror="window.__xss='content'"> <script>window.__xss='script'</script>`,
  '',
  `[click me](javascript:window.__xss='link')`,
].join('\n');
const xssComment = `Nice <img src=x onerror="window.__xss='comment'"> <svg onload="window.__xss='svg'"></svg> point ${stamp}`;
let did = 0;
let config: { openPublicDiscussion: boolean; discussionAcRequired: number };

/** A page logged in as `u` that fails the test on any dialog (alert/confirm from a payload). */
async function pageAs(u: { username: string; password: string } | null, width = 1280): Promise<{ page: Page; dialogs: string[] }> {
  const { context, page } = await newVisitor(browser, { width, height: 900 });
  if (u) await useSession(context, await loginSession(u));
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return { page, dialogs };
}

/** Nothing of the payloads ran: no global set, no script or event handler attribute in the rendered text. */
async function expectInert(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  const live = await page.evaluate(() => {
    const root = document.querySelector('[data-testid="discussion-detail"]');
    if (!root) return ['no detail'];
    const bad: string[] = [];
    for (const el of root.querySelectorAll('*')) {
      if (el.tagName === 'SCRIPT') bad.push('script');
      for (const a of el.getAttributeNames()) if (a.startsWith('on')) bad.push(`${el.tagName}[${a}]`);
      const href = el.getAttribute('href');
      if (href?.trim().toLowerCase().startsWith('javascript:')) bad.push(`href ${href}`);
    }
    return bad;
  });
  expect(live).toEqual([]);
}

beforeAll(async () => {
  browser = await launch();
  root = await rootToken();
  await createProblem(root, { problemId: pid, title: 'Discussion A + B' });
  await registerUser(userA);
  await registerUser(userB);
  config = await apiOk('GET', '/api/admin/config/get-web-config', { token: root });
  // New users have solved nothing: let them post and comment without the judge (put back in afterAll).
  await apiOk('PUT', '/api/admin/config/set-web-config', { token: root, body: { discussionAcRequired: 0, openPublicDiscussion: true } });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (config) {
    await api('PUT', '/api/admin/config/set-web-config', {
      token: root,
      body: { discussionAcRequired: config.discussionAcRequired, openPublicDiscussion: config.openPublicDiscussion },
    });
  }
});

describe('discussion flow', () => {
  it('A posts a discussion about a problem from its Discussion button; the XSS in it is text', async () => {
    const { page, dialogs } = await pageAs(userA);
    await page.goto(`/problem/${pid}`);
    await page.getByRole('button', { name: 'Discussion' }).click();
    await page.waitForURL(`**/discussion/${pid}`);
    await page.getByText(`Discussions of problem ${pid}`).waitFor();
    await page.getByTestId('discussion-post').click();
    await expect(page.getByTestId('discussion-post').innerText()).resolves.toContain('Post problem discussion');

    // Empty fields are refused by the form with the spec's wording.
    await page.getByTestId('discussion-save').click();
    await page.getByText('Title is required').waitFor();

    await page.getByTestId('discussion-title-input').fill(xssTitle);
    await page.getByTestId('discussion-description-input').fill(xssDescription);
    // Not a moderator: no top switch.
    expect(await page.getByTestId('discussion-top-switch').count()).toBe(0);
    await page.getByTestId('discussion-content').locator('textarea').fill(xssContent);
    // The editor's preview renders the Markdown with the same sanitiser.
    await page.getByTestId('discussion-content').getByText('Preview').click();
    await page.getByTestId('discussion-content').locator('strong', { hasText: 'long long' }).waitFor();
    await pageShot(page, 'discussion-editor-1280');
    await page.getByTestId('discussion-save').click();
    await page.waitForURL('**/discussion-detail/*');
    did = Number(new URL(page.url()).pathname.split('/').pop());
    expect(did).toBeGreaterThan(0);

    const title = page.getByTestId('discussion-detail-title');
    await expect.poll(() => title.innerText()).toContain(`[${pid}] ${xssTitle}`);
    await page.getByText(xssDescription).waitFor();
    await page.getByTestId('discussion-content-view').locator('strong', { hasText: 'long long' }).waitFor();
    await expectInert(page);
    // A's own discussion: edit and delete are offered, moderation is not.
    await page.getByTestId('discussion-edit').waitFor();
    expect(await page.getByTestId('discussion-moderation').count()).toBe(0);
    await pageShot(page, 'discussion-detail-1280');

    // The list of the problem shows it with its [pid] title as text.
    await page.goto(`/discussion/${pid}`);
    await expect.poll(() => page.getByTestId(`discussion-title-${did}`).innerText()).toBe(`[${pid}] ${xssTitle}`);
    await expectInertList(page);
    await pageShot(page, 'discussion-list-1280');
    expect(dialogs).toEqual([]);
  }, 90_000);

  it('a visitor is asked to log in before liking', async () => {
    const { page } = await pageAs(null);
    await page.goto(`/discussion-detail/${did}`);
    await page.getByTestId('discussion-like').click();
    await notice(page, 'Please login first').waitFor();
    await page.getByTestId('login-username').waitFor();
  });

  it('B comments, replies to the comment and to the reply, likes; the comment XSS is text', async () => {
    const { page, dialogs } = await pageAs(userB, 768);
    await page.goto(`/discussion-detail/${did}`);
    await page.getByTestId('discussion-detail-title').waitFor();
    // not the author: no edit
    expect(await page.getByTestId('discussion-edit').count()).toBe(0);

    const like = page.getByTestId('discussion-like');
    await expect.poll(() => like.innerText()).toBe('0');
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => like.innerText()).toBe('1');

    // An empty report is refused before it is sent.
    await page.getByTestId('discussion-report').click();
    await page.getByTestId('report-submit').click();
    await notice(page, 'The report label and reason cannot be empty').waitFor();
    await page.getByTestId('report-tag-spam').click();
    await page.getByTestId('report-reason').fill(`Looks like an ad ${stamp}`);
    await page.getByTestId('report-submit').click();
    await notice(page, 'the report was sent').waitFor();

    await page.getByTestId('comment-new-input').fill(xssComment);
    await page.getByTestId('comment-new-send').click();
    const comment = page.locator('[data-testid^="comment-"].oj-comment').first();
    await comment.getByText(`point ${stamp}`).waitFor();
    await expectInert(page);

    const commentId = Number((await comment.getAttribute('data-testid'))!.split('-').pop());
    await page.getByTestId(`comment-reply-${commentId}`).click();
    await page.getByTestId('reply-new-input').fill(`First reply ${stamp}`);
    await page.getByTestId('reply-new-send').click();
    const firstReply = comment.locator('.oj-reply', { hasText: `First reply ${stamp}` });
    await firstReply.waitFor();
    const replyId = Number((await firstReply.getAttribute('data-testid'))!.split('-').pop());

    // Reply to the reply: it quotes its author.
    await page.getByTestId(`reply-reply-${replyId}`).click();
    await expect.poll(() => page.getByTestId('reply-new-input').getAttribute('placeholder')).toBe(`Reply to @${userB.username}`);
    await page.getByTestId('reply-new-input').fill(`Second reply ${stamp}`);
    await page.getByTestId('reply-new-send').click();
    const second = comment.locator('.oj-reply', { hasText: `Second reply ${stamp}` });
    await second.waitFor();
    await expect.poll(() => second.locator('.oj-reply-to').innerText()).toBe(`@${userB.username}`);

    // Like the comment; B's own comment offers delete.
    await page.getByTestId(`comment-like-${commentId}`).click();
    await expect.poll(() => page.getByTestId(`comment-like-${commentId}`).innerText()).toBe('1');
    await page.getByTestId(`comment-delete-${commentId}`).waitFor();
    await expectInert(page);
    await pageShot(page, 'discussion-comments-768');

    // After a reload the counts come from the server.
    await page.reload();
    await expect.poll(() => page.getByTestId('discussion-like').innerText()).toBe('1');
    await expect.poll(() => page.getByTestId(`comment-like-${commentId}`).innerText()).toBe('1');
    await comment.getByText(`Second reply ${stamp}`).waitFor();
    expect(dialogs).toEqual([]);
  }, 90_000);

  it('more than 3 replies: the first 3 show, then "expand" loads them all', async () => {
    const b = await loginSession(userB);
    const comments = await apiOk('GET', `/api/comments?did=${did}&currentPage=1&limit=10`, { token: b.token });
    const commentId = comments.commentList.records[0].id as number;
    for (const n of [3, 4]) {
      await apiOk('POST', '/api/reply', { token: b.token, body: { did, reply: { commentId, content: `Reply number ${n} ${stamp}` } } });
    }
    const { page } = await pageAs(userA);
    await page.goto(`/discussion-detail/${did}`);
    const comment = page.getByTestId(`comment-${commentId}`);
    await comment.getByText(`First reply ${stamp}`).waitFor();
    expect(await comment.locator('.oj-reply').count()).toBe(3);
    await page.getByTestId(`comment-expand-${commentId}`).click();
    await comment.getByText(`Reply number 4 ${stamp}`).waitFor();
    expect(await comment.locator('.oj-reply').count()).toBe(4);
    // A is not the comment's author nor an admin: no delete on it.
    expect(await page.getByTestId(`comment-delete-${commentId}`).count()).toBe(0);
  });

  it('a user with too few solved problems sees the comment box, the reply buttons and Post disabled, with the reason', async () => {
    // userA has solved nothing: with 2 accepted problems required the server would refuse him.
    await apiOk('PUT', '/api/admin/config/set-web-config', { token: root, body: { discussionAcRequired: 2 } });
    try {
      const { page } = await pageAs(userA);
      await page.goto(`/discussion-detail/${did}?l=en-US`);
      const reason = 'You need to pass at least 2 problems before posting or commenting.';
      await expect.poll(() => page.getByTestId('comment-new-refusal').innerText()).toBe(reason);
      expect(await page.getByTestId('comment-new-input').isDisabled()).toBe(true);
      expect(await page.getByTestId('comment-new-send').isDisabled()).toBe(true);
      const replyButton = page.locator('[data-testid^="comment-reply-"]').first();
      expect(await replyButton.isDisabled()).toBe(true);
      // the reply buttons say why on hover (the disabled button sits in a span that takes the pointer)
      await replyButton.locator('xpath=..').hover();
      await page.getByRole('tooltip', { name: reason }).waitFor();
      await pageShot(page, 'discussion-comment-refused-1280');
      // the same page in the default language
      await page.goto(`/discussion-detail/${did}?l=zh-CN`);
      await expect.poll(() => page.getByTestId('comment-new-refusal').innerText()).toBe('发帖或评论前，你需要至少通过 2 道题目。');
      // The list's "Post" button is disabled with the same reason beside it, before any form opens.
      await page.goto('/discussion?l=en-US');
      await expect.poll(() => page.getByTestId('discussion-post-reason').innerText()).toBe(reason);
      expect(await page.getByTestId('discussion-post').isDisabled()).toBe(true);
      await page.setViewportSize({ width: 768, height: 900 });
      await pageShot(page, 'discussion-post-refused-768');
    } finally {
      await apiOk('PUT', '/api/admin/config/set-web-config', { token: root, body: { discussionAcRequired: 0 } });
    }
  });

  it('an admin hides the discussion: B gets "not found", A still sees it marked hidden', async () => {
    const { page } = await pageAs(rootUser);
    await page.goto(`/discussion-detail/${did}`);
    await page.getByTestId('discussion-moderation').waitFor();
    await page.getByTestId('moderate-status').click();
    await page.locator('.ant-select-dropdown:visible').getByText('Hidden', { exact: true }).click();
    await page.getByTestId('discussion-hidden').waitFor();
    // The super admin's comment carries the SPA badge.
    await page.getByTestId('comment-new-input').fill(`Admin note ${stamp}`);
    await page.getByTestId('comment-new-send').click();
    const note = page.locator('.oj-comment', { hasText: `Admin note ${stamp}` });
    await expect.poll(() => note.getByTestId('role-badge').first().innerText()).toBe('SPA');
    await pageShot(page, 'discussion-moderation-1280');

    const asB = await pageAs(userB);
    await asB.page.goto(`/discussion-detail/${did}`);
    await asB.page.getByText('The discussion does not exist').waitFor();
    await asB.page.goto(`/discussion/${pid}`);
    await asB.page.getByText('No discussions yet').waitFor();

    const asA = await pageAs(userA);
    await asA.page.goto(`/discussion-detail/${did}`);
    await asA.page.getByTestId('discussion-hidden').waitFor();
  }, 60_000);

  it("the contest Comment tab uses the same comments: before the end a user sees own and the admins' comments", async () => {
    const cid = await createContest(root, { title: `Comment contest ${stamp}` });
    await apiOk('POST', '/api/comment', { token: root, body: { cid, content: `Admin rules ${stamp}` } });
    const { page } = await pageAs(userA);
    await page.goto(`/contest/${cid}`);
    await page.getByTestId('contest-tab-comment').click();
    await page.waitForURL(`**/contest/${cid}/comment`);
    const adminNote = page.locator('.oj-comment', { hasText: `Admin rules ${stamp}` });
    await expect.poll(() => adminNote.getByTestId('role-badge').innerText()).toBe('SPA');
    await page.getByTestId('comment-new-input').fill(`Question from A ${stamp}`);
    await page.getByTestId('comment-new-send').click();
    await page.locator('.oj-comment', { hasText: `Question from A ${stamp}` }).waitFor();
    await pageShot(page, 'contest-comment-1280');

    // B sees the admin's comment but not A's while the contest runs.
    const asB = await pageAs(userB);
    await asB.page.goto(`/contest/${cid}/comment`);
    await asB.page.locator('.oj-comment', { hasText: `Admin rules ${stamp}` }).waitFor();
    expect(await asB.page.locator('.oj-comment', { hasText: `Question from A ${stamp}` }).count()).toBe(0);
  }, 60_000);

  it('public discussion off: no nav entry, /discussion goes home with "No Access"', async () => {
    await apiOk('PUT', '/api/admin/config/set-web-config', { token: root, body: { openPublicDiscussion: false } });
    try {
      const { page } = await pageAs(userA);
      await page.goto('/home');
      await page.getByTestId('user-menu').waitFor();
      expect(await page.locator('a[href="/discussion"]').count()).toBe(0);
      await page.goto('/discussion');
      await page.waitForURL('**/home');
      await notice(page, 'No Access').waitFor();
      await page.goto(`/discussion-detail/${did}`);
      await page.waitForURL('**/home');
      // the problem page offers no Discussion button either
      await page.goto(`/problem/${pid}`);
      await page.getByText('Discussion A + B').first().waitFor();
      expect(await page.getByRole('button', { name: 'Discussion' }).count()).toBe(0);
    } finally {
      await apiOk('PUT', '/api/admin/config/set-web-config', { token: root, body: { openPublicDiscussion: true } });
    }
    const { page } = await pageAs(userA);
    await page.goto('/home');
    await page.locator('a[href="/discussion"]').first().waitFor();
  }, 60_000);
});

/** The list page: no live payload either. */
async function expectInertList(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  const live = await page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="discussion-list"] *')].flatMap((el) => el.getAttributeNames().filter((a) => a.startsWith('on'))),
  );
  expect(live).toEqual([]);
}
