/**
 * Taking part in contests: the list (filters and paging kept in the URL, lock icons, the login prompt
 * for visitors), the contest shell (header, countdown, progress, tabs that open at the start or after
 * registering), password registration of protected and private contests, the problems tab, the
 * announcement notification and the home card. Every contest is created here through the admin API,
 * with a title stamp of its own so other files' contests do not matter.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp, stampedUser } from '@oj/test-fixtures';
import { launch, newVisitor, shot } from '../lib/browser.js';
import { api, apiOk, createContest, createProblem, loginSession, registerUser, rootToken, signIn, updateContest } from '../lib/api.js';
import { notice, tabDisabled, useSession } from '../lib/ui.js';

let browser: Browser;
let root: string;
const stamp = runStamp(5);
const tag = `CP${stamp}`;
const user = stampedUser('cp', stamp, 'contest-pass1');
/** An ISO time some minutes from `now`; times whose difference is shown take one `now`. */
const iso = (minFromNow: number, now = Date.now()) => new Date(now + minFromNow * 60_000).toISOString();

let pid = 0;
let prot = 0;
let priv = 0;
let sched = 0;
let soon = 0;
let ended = 0;
let homeCard = 0;
/** the IOI filler (the third rule) */
let ioi = 0;
/** every contest made here, deleted at the end */
const made: number[] = [];

/** A contest of root's (running: started 30 minutes ago, ends in two hours) with the problem as A unless told. */
async function contest(o: Record<string, unknown>, withProblem = true): Promise<number> {
  const id = await createContest(
    root,
    { description: `Contest **${o.title as string}** of the participant test.`, startTime: iso(-30), endTime: iso(120), ...o },
    withProblem ? [[pid, 'A', '#e74c3c']] : [],
  );
  made.push(id);
  return id;
}

beforeAll(async () => {
  browser = await launch();
  root = await rootToken();
  pid = await createProblem(
    root,
    { problemId: `${tag}P`.toUpperCase(), title: 'Contest A + B', description: 'Add two numbers.', difficulty: 1 },
    { samples: [{ input: '1 2\n', output: '3\n' }] },
  );
  prot = await contest({ title: `${tag} Protected round`, auth: 2, pwd: 'open-sesame', openRank: true });
  priv = await contest({ title: `${tag} Private round`, auth: 1, pwd: 'members-only', type: 1 }, false);
  const now = Date.now();
  sched = await contest({ title: `${tag} Scheduled round`, startTime: iso(26 * 60, now), endTime: iso(26 * 60 + 300, now), openRank: true });
  ended = await contest({ title: `${tag} Ended round`, type: 1, startTime: iso(-300), endTime: iso(-120) }, false);
  for (let i = 1; i <= 6; i++) await contest({ title: `${tag} Filler ${i}` }, false);
  ioi = await contest({ title: `${tag} Filler 7 IOI`, type: 2, openRank: true }, false);
  // 11 contests carry the stamp: page 2 of the stamped list has one.
  await registerUser(user);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  // Nothing of this file stays in the way of the next one.
  for (const id of made) await api('DELETE', `/api/admin/contest?cid=${id}`, { token: root });
});

describe('contest list', () => {
  it('keeps filters and paging in the URL, shows lock icons, and asks visitors to log in', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto(`/contest?keyword=${tag}`);
    await page.getByTestId(`contest-item-${prot}`).waitFor();
    expect(await page.locator('.oj-contest-item').count()).toBe(10);
    // locks: red for private (1), orange for protected (2), none for public
    expect(await page.getByTestId(`contest-item-${prot}`).getByTestId('contest-lock').getAttribute('data-auth')).toBe('2');
    await page.getByTestId(`contest-item-${sched}`).waitFor();
    expect(await page.getByTestId(`contest-item-${sched}`).getByTestId('contest-lock').count()).toBe(0);
    // the outside scoreboard button is there when openRank is set, disabled while scheduled
    expect(await page.getByTestId(`contest-board-${sched}`).isDisabled()).toBe(true);
    expect(await page.getByTestId(`contest-board-${prot}`).isDisabled()).toBe(false);
    expect(await page.getByTestId(`contest-item-${sched}`).getByTestId('contest-duration').textContent()).toBe('5 hours');
    await shot(page, 'contest-list');

    // paging: page 2 holds the 11th contest, and the URL says so
    await page.getByTestId('contest-pagination').locator('.ant-pagination-item-2').click();
    await page.waitForURL(/currentPage=2/);
    expect(new URL(page.url()).searchParams.get('keyword')).toBe(tag);
    await expect.poll(() => page.locator('.oj-contest-item').count()).toBe(1);

    // status filter: back to page 1, scheduled only
    await page.getByTestId('contest-filter-status').getByText('Scheduled').click();
    await page.waitForURL((u) => u.searchParams.get('status') === '-1' && !u.searchParams.has('currentPage'));
    await expect.poll(() => page.locator('.oj-contest-item').count()).toBe(1);
    await page.getByTestId(`contest-item-${sched}`).waitFor();
    // rule filter: OI and all statuses
    await page.getByTestId('contest-filter-status').getByText('All').click();
    await page.getByTestId('contest-filter-type').getByText('OI', { exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('type') === '1' && !u.searchParams.has('status'));
    await expect.poll(() => page.locator('.oj-contest-item').count()).toBe(2);
    expect(await page.getByTestId(`contest-item-${priv}`).getByTestId('contest-lock').getAttribute('data-auth')).toBe('1');
    await page.getByTestId(`contest-item-${ended}`).waitFor();
    // IOI, the third rule: its own filter and tag, built from the rule table like ACM and OI
    await page.getByTestId('contest-filter-type').getByText('IOI', { exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('type') === '2');
    await expect.poll(() => page.locator('.oj-contest-item').count()).toBe(1);
    const ioiType = page.getByTestId(`contest-item-${ioi}`).getByTestId('contest-type');
    expect(await ioiType.textContent()).toBe('IOI');
    expect(await ioiType.getAttribute('class')).toContain('oj-contest-type-ioi');
    await shot(page, 'contest-list-ioi');
    // its public board lives under the rule's key
    await page.getByTestId(`contest-board-${ioi}`).click();
    await page.waitForURL((u) => u.pathname === `/contest/ioi-scoreboard/${ioi}`);
    await page.getByTestId('scoreboard').waitFor();
    // IOI ranks by score alone: no time column that would read as a tie-break
    const heads = await page.getByTestId('scoreboard-table').locator('thead th').allTextContents();
    expect(heads).toContain('Score');
    expect(heads).not.toContain('Time');
    await page.goBack();
    await page.getByTestId(`contest-item-${ioi}`).waitFor();
    // the rule button of an entry filters by its rule
    await page.getByTestId('contest-filter-type').getByText('All').click();
    await page.waitForURL((u) => !u.searchParams.has('type'));
    await page.getByTestId(`contest-item-${prot}`).getByTestId('contest-type').click();
    await page.waitForURL((u) => u.searchParams.get('type') === '0');
    // a shared link restores the filters
    await page.goto(`/contest?keyword=${tag}&type=1&status=1`);
    await page.getByTestId(`contest-item-${ended}`).waitFor();
    await expect.poll(() => page.locator('.oj-contest-item').count()).toBe(1);

    // a visitor clicking a title: warning and the login dialog, no navigation
    await page.getByTestId(`contest-title-${ended}`).click();
    await notice(page, 'Please login first').waitFor();
    await page.getByTestId('login-username').waitFor();
    expect(new URL(page.url()).pathname).toBe('/contest');
    await context.close();
  });

  it('fits 768 px (in the default language, Chinese)', async () => {
    const { context, page } = await newVisitor(browser, { width: 768, height: 1000, locale: 'zh-CN' });
    await page.goto(`/contest?keyword=${tag}`);
    await page.getByTestId(`contest-item-${prot}`).waitFor();
    await shot(page, 'contest-list-768');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});

describe('contest shell', () => {
  let context: Awaited<ReturnType<typeof newVisitor>>['context'];
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await newVisitor(browser));
    await signIn(page, user);
  });
  afterAll(() => context?.close());

  it('shows the header, a ticking countdown and the progress of a running contest', async () => {
    await page.goto(`/contest/${prot}`);
    await page.getByTestId('contest-header-title').getByText(`${tag} Protected round`).waitFor();
    const countdown = page.getByTestId('contest-countdown');
    expect(await countdown.getAttribute('data-status')).toBe('0');
    const first = await countdown.textContent();
    expect(first).toMatch(/Time left 0?1:\d\d:\d\d/);
    await expect.poll(() => countdown.textContent(), { timeout: 5000 }).not.toBe(first);
    const progress = Number(await page.getByTestId('contest-progress').getAttribute('data-progress'));
    expect(progress).toBeGreaterThanOrEqual(19);
    expect(progress).toBeLessThanOrEqual(22);
    expect(await page.getByTestId('contest-header').getByTestId('contest-auth-tag').textContent()).toBe('Protected');
    // a protected contest may be looked into before registering
    expect(await tabDisabled(page, 'problems')).toBe(false);
    await page.getByTestId('contest-description').getByText('Protected round', { exact: false }).waitFor();
  });

  it('registers for a protected contest with its password', async () => {
    await page.getByTestId('contest-register').waitFor();
    await page.getByTestId('contest-register-submit').click();
    await notice(page, 'Enter the contest password').waitFor();
    await page.getByTestId('contest-password').fill('wrong');
    await page.getByTestId('contest-register-submit').click();
    await notice(page, 'The contest password is wrong.').waitFor();
    await page.getByTestId('contest-password').fill('open-sesame');
    await page.getByTestId('contest-register-submit').click();
    await notice(page, 'Registered for the contest successfully.').waitFor();
    await page.getByTestId('contest-registered').waitFor();
    expect(await page.getByTestId('contest-register').count()).toBe(0);
    expect(await page.getByTestId('contest-header-count').textContent()).toBe('1');
    // the toasts are gone after a reload: the screenshot shows the page
    await page.reload();
    await page.getByTestId('contest-registered').waitFor();
    await shot(page, 'contest-overview');
  });

  it('lists the problems with balloon, counts and links', async () => {
    await page.getByTestId('contest-tab-problems').click();
    await page.waitForURL(`**/contest/${prot}/problems`);
    await page.getByTestId('contest-problem-A').waitFor();
    expect(await page.getByTestId('contest-problem-count-A').textContent()).toBe('0 / 0');
    expect(await page.getByTestId('contest-problem-A').getAttribute('href')).toBe(`/contest/${prot}/problem/A`);
    expect(await page.locator('.ant-tabs-tab-active').textContent()).toContain('Problems');
    await shot(page, 'contest-problems');
  });

  it('keeps a private contest closed until registered, then opens its tabs', async () => {
    await page.goto(`/contest/${priv}`);
    await page.getByTestId('contest-register').waitFor();
    expect(await tabDisabled(page, 'problems')).toBe(true);
    expect(await tabDisabled(page, 'overview')).toBe(false);
    // a direct link into the inside says why it is closed
    await page.goto(`/contest/${priv}/problems`);
    await page.getByTestId('contest-locked').getByText('This contest is private', { exact: false }).waitFor();
    await page.getByTestId('contest-go-overview').click();
    await page.getByTestId('contest-password').fill('members-only');
    await page.getByTestId('contest-password').press('Enter');
    await page.getByTestId('contest-registered').waitFor();
    await expect.poll(() => tabDisabled(page, 'problems')).toBe(false);
    await page.getByTestId('contest-tab-announcements').click();
    await page.getByTestId('contest-announcements').waitFor();
  });

  it('keeps a scheduled contest closed, and opens it when the countdown reaches the start', async () => {
    await page.goto(`/contest/${sched}`);
    await page.getByTestId('contest-countdown').getByText('Starts in 1 day', { exact: false }).waitFor();
    expect(await page.getByTestId('contest-countdown').getAttribute('data-status')).toBe('-1');
    expect(await page.getByTestId('contest-progress').getAttribute('data-progress')).toBe('0');
    expect(await tabDisabled(page, 'problems')).toBe(true);

    // Starts 25 s from now: time enough to see it scheduled however slow the page is. The page's clock
    // runs on as usual, and is moved past that start below instead of the test waiting for it.
    const startsAt = Date.now() + 25_000;
    soon = await contest({ title: `${tag} Starts soon`, startTime: new Date(startsAt).toISOString(), endTime: iso(60) });
    await page.clock.install();
    await page.goto(`/contest/${soon}`);
    const countdown = page.getByTestId('contest-countdown');
    await countdown.getByText('Starts in', { exact: false }).waitFor();
    expect(await countdown.getAttribute('data-status')).toBe('-1');
    expect(await tabDisabled(page, 'problems')).toBe(true);
    // The contest starts now on the server, and the page's clock jumps past the start it shows.
    // No reload: the clock crosses the start, the shell asks the server again and the tabs open.
    await updateContest(root, soon, { startTime: new Date() });
    await page.clock.fastForward(Math.max(0, startsAt - Date.now()) + 1000);
    await expect.poll(() => countdown.getAttribute('data-status'), { timeout: 40_000 }).toBe('0');
    await expect.poll(() => tabDisabled(page, 'problems'), { timeout: 10_000 }).toBe(false);
    await page.getByTestId('contest-tab-problems').click();
    await page.getByTestId('contest-problem-A').waitFor();
  }, 90_000);

  it('notifies a new announcement', async () => {
    await page.goto(`/contest/${prot}/problems`);
    await page.getByTestId('contest-problem-A').waitFor();
    const posted = await apiOk<{ id: number }>('POST', '/api/admin/contest/announcement', {
      token: root,
      body: { cid: prot, announcement: { title: `Clarification ${stamp}`, content: 'Problem A: the numbers fit in **64 bits**.', status: 0 } },
    });
    const announcementId = posted.id;
    // The live stream tells the open shell at once (or its resync does, when the stream came up after the
    // post); no reload: the notice is shown once, and a reload would find it read already.
    const notification = page.locator('.ant-notification-notice', { hasText: `Clarification ${stamp}` });
    await notification.waitFor({ timeout: 15_000 });
    expect(await notification.textContent()).toContain('64 bits');
    // read: the next visit does not show it again, and the tab lists it
    await page.getByTestId('contest-tab-announcements').click();
    await page.getByTestId('contest-announcements').getByText(`Clarification ${stamp}`).waitFor();
    // The shell's poll on entry sends the ids read and gets nothing back: nothing to notify.
    const poll = page.waitForResponse((r) => r.url().includes('/api/get-contest-not-read-announcement') && r.request().method() === 'POST');
    await page.goto(`/contest/${prot}/rank`);
    const answer = await poll;
    expect(JSON.parse(answer.request().postData() ?? '{}').readAnnouncementList).toContain(announcementId);
    const unread = ((await answer.json()) as { data: { id: number }[] }).data;
    expect(unread.map((a) => a.id)).not.toContain(announcementId);
    await page.getByTestId('contest-header').waitFor();
    const again = await page.locator('.ant-notification-notice', { hasText: `Clarification ${stamp}` }).count();
    expect(again).toBe(0);
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('contestReadAnnouncements:')));
    expect(stored.length).toBeGreaterThan(0);
  });

  it('fits 768 px (overview and problems)', async () => {
    const narrow = await newVisitor(browser, { width: 768, height: 1000 });
    await signIn(narrow.page, user);
    await narrow.page.goto(`/contest/${prot}`);
    await narrow.page.getByTestId('contest-registered').waitFor();
    await shot(narrow.page, 'contest-overview-768');
    const overflow = await narrow.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await narrow.page.goto(`/contest/${prot}/problems`);
    await narrow.page.getByTestId('contest-problem-A').waitFor();
    await shot(narrow.page, 'contest-problems-768');
    await narrow.context.close();
    // and a phone, where the site swaps to its app bar
    const phone = await newVisitor(browser, { width: 390, height: 844 });
    // logged in as the app stores it (the phone's login button lives in the app bar)
    await useSession(phone.context, await loginSession(user));
    await phone.page.goto(`/contest/${prot}`);
    await phone.page.getByTestId('contest-registered').waitFor();
    await shot(phone.page, 'contest-overview-390');
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await phone.page.goto(`/contest?keyword=${tag}`);
    await phone.page.getByTestId(`contest-item-${prot}`).waitFor();
    await shot(phone.page, 'contest-list-390');
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await phone.context.close();
  });

  it('shows a clear message for a contest that does not exist or is hidden', async () => {
    await page.goto('/contest/987654321');
    await page.getByTestId('contest-unavailable').getByText('The contest does not exist.').waitFor();
    const hidden = await contest({ title: `${tag} Hidden`, visible: false }, false);
    await page.goto(`/contest/${hidden}`);
    await page.getByTestId('contest-unavailable').getByText('The contest does not exist.').waitFor();
  });

  it('keeps the announcements page in the address bar across a reload', async () => {
    // Ten a page: with eleven or more there is a page 2, which holds the oldest.
    for (let i = 1; i <= 10; i++)
      await apiOk('POST', '/api/admin/contest/announcement', {
        token: root,
        body: { cid: prot, announcement: { title: `Note ${i} ${stamp}`, content: `Note ${i}.`, status: 0 } },
      });
    await page.goto(`/contest/${prot}/announcements`);
    const list = page.getByTestId('contest-announcements');
    await list.getByText(`Note 10 ${stamp}`).waitFor();
    await list.locator('.oj-contest-pagination .ant-pagination-item-2').click();
    await page.waitForURL(/currentPage=2/);
    const oldest = list.locator('[data-testid^="contest-announcement-"]').last();
    await expect.poll(() => list.getByText(`Note 10 ${stamp}`).count()).toBe(0);
    const onPage2 = await oldest.getAttribute('data-testid');
    await page.reload();
    await expect.poll(() => oldest.getAttribute('data-testid')).toBe(onPage2);
    expect(await list.locator('.ant-pagination-item-active').innerText()).toBe('2');
  });
});

describe('home card', () => {
  it('shows a running contest with its tags and links into it', async () => {
    // Ends first among running contests, so it heads the card whatever other files created.
    const now = Date.now();
    homeCard = await contest({ title: `${tag} Home card`, startTime: iso(-1, now), endTime: iso(8, now) }, false);
    const recent = await apiOk<{ id: number }[]>('GET', 'get-recent-contest');
    expect(recent.map((c) => c.id)).toContain(homeCard);
    const { context, page } = await newVisitor(browser);
    await signIn(page, user, { at: '/home' });
    const item = page.getByTestId(`recent-contest-${homeCard}`);
    await item.waitFor();
    expect(await item.getByTestId('contest-status-tag').textContent()).toBe('Running');
    expect(await item.getByTestId('contest-type').textContent()).toBe('ACM');
    expect(await item.getByTestId('contest-auth-tag').textContent()).toBe('Public');
    expect(await item.textContent()).toContain('9 minutes');
    await page.getByTestId('recent-contests').scrollIntoViewIfNeeded();
    await shot(page, 'home-recent-contests');
    await item.getByText(`${tag} Home card`).click();
    await page.waitForURL(`**/contest/${homeCard}`);
    await page.getByTestId('contest-header').waitFor();
    await context.close();
  });
});
