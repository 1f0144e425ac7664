/**
 * One contest from start to finish, through the real screens (the contest issue's scenario): root
 * creates a protected ACM contest in the admin form (password, seal one hour before the end, auto real
 * rank) and adds two public problems as A and B in the "add from public" dialog; two users enter the
 * password on the overview, submit from the contest's problem page and watch the rank tab change (first
 * blood, a penalty try); the seal then freezes the board for them while root still sees the real one;
 * after the end the scroll board starts from the frozen board and reveals the hidden accept, with medals.
 * The contest is moved in time with the admin API's PUT (what the edit form sends). Nothing here changes
 * a site setting; the contest is deleted at the end.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp, stampedUser } from '@oj/test-fixtures';
import { launch, newVisitor } from '../lib/browser.js';
import {
  AC_C as AC,
  api,
  apiOk,
  createProblem,
  loginToken,
  registerUser,
  rootToken,
  rootUser,
  signIn,
  updateContest,
  WA_C as WA,
  type User,
} from '../lib/api.js';
import { cell, chooseLanguage, hms, loadCode, pageShot, setTime, tabDisabled, toast } from '../lib/ui.js';

let browser: Browser;
let root: string;
const stamp = runStamp(5);
const title = `Flow Cup ${stamp}`;
const problemA = `FA${stamp}`.toUpperCase();
const problemB = `FB${stamp}`.toUpperCase();
const password = 'flow-secret';
const u1: User = stampedUser('fl1', stamp, 'flow-pass-1');
const u2: User = stampedUser('fl2', stamp, 'flow-pass-2');

const MIN = 60_000;
const seconds = (text: string) => text.split(':').reduce((acc, part) => acc * 60 + Number(part), 0);

let cid = 0;
/** who is where: each in a browser context of their own, kept for the whole flow */
let admin: { context: BrowserContext; page: Page };
let p1: { context: BrowserContext; page: Page };
let p2: { context: BrowserContext; page: Page };

/** Opens a contest problem from the problems tab, submits `code` in C and waits for `verdict`. */
async function submitInBrowser(page: Page, displayId: string, code: string, verdict: string) {
  if (!page.url().endsWith(`/contest/${cid}/problem/${displayId}`)) {
    await page.goto(`/contest/${cid}/problems`);
    await page.getByTestId(`contest-problem-${displayId}`).click();
    await page.waitForURL(`**/contest/${cid}/problem/${displayId}`);
    await page.getByTestId('problem-title').waitFor();
    await chooseLanguage(page, 'C');
  }
  await loadCode(page, code);
  await page.getByTestId('submit-code').click();
  await expect.poll(async () => (await page.getByTestId('submit-status').innerText()).trim(), { timeout: 60_000, interval: 200 }).toContain(verdict);
}

/**
 * The rank tab read afresh: a reload (the board is cached on the server for a few seconds, so a new
 * result shows within ~15 s), then the kind of one cell once the board has answered.
 */
async function freshKind(page: Page, user: User, displayId: string): Promise<string> {
  await page.reload();
  await page.getByTestId('sb-updated').waitFor();
  const c = cell(page, user.username, displayId);
  return (await c.count()) ? ((await c.getAttribute('data-kind')) ?? '') : 'absent';
}

/** Usernames of the board's rows in order, without the pinned copies on top. */
const rowOrder = (page: Page) =>
  page
    .locator('.oj-scoreboard tbody tr.ant-table-row:not([data-pinned="true"]) [data-testid^="sb-user-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice('sb-user-'.length)));

/** Moves the contest in time the way the edit form does (the whole contest sent back with new times). */
const moveTimes = (times: { startTime?: Date; endTime?: Date; sealRankTime?: Date }) => updateContest(root, cid, times);

beforeAll(async () => {
  browser = await launch();
  root = await rootToken();
  for (const [problemId, name] of [
    [problemA, `Flow sum ${stamp}`],
    [problemB, `Flow sum again ${stamp}`],
  ] as const) {
    await createProblem(root, { problemId, title: name, type: 0 });
  }
  await registerUser(u1);
  await registerUser(u2);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (cid) await api('DELETE', `/api/admin/contest?cid=${cid}`, { token: root });
});

describe('a contest from the admin form to the scroll board', () => {
  it('root creates the protected, sealed contest in the admin form and adds A and B from the public problems', async () => {
    admin = await newVisitor(browser, { width: 1280, height: 900 });
    const { page } = admin;
    await signIn(page, rootUser, { admin: true, at: '/admin/dashboard' });
    await page.getByTestId('admin-menu').getByText('Create contest').click();
    await page.waitForURL('**/admin/contest/create');
    await page.getByTestId('admin-contest-form').waitFor();

    const start = new Date(Math.floor(Date.now() / 1000) * 1000 - 5 * MIN);
    const end = new Date(start.getTime() + 125 * MIN);
    await page.getByTestId('contest-title').fill(title);
    await page.getByTestId('contest-description').locator('textarea').fill('Two problems, a password, and a **sealed** board.');
    await setTime(page, 'contest-start', start);
    await setTime(page, 'contest-end', end);
    await expect.poll(() => page.getByTestId('contest-duration').innerText()).toBe('2.1 hours');
    await page.getByTestId('contest-auth').getByText('Protected').click();
    await page.getByTestId('contest-pwd').fill(password);
    // Sealing on, for an ACM contest of over an hour: "1 hour before the end" is the choice offered.
    await page.getByTestId('contest-seal').click();
    const option = (n: number) => page.locator(`input[data-testid="seal-option-${n}"], [data-testid="seal-option-${n}"] input`).first();
    await expect.poll(() => option(1).isChecked()).toBe(true);
    expect(await page.getByTestId('contest-auto-real-rank').getAttribute('aria-checked')).toBe('true');
    await page.getByTestId('contest-seal-options').scrollIntoViewIfNeeded();
    await pageShot(page, 'flow-admin-form');
    await page.getByTestId('contest-save').click();
    await page.waitForURL('**/admin/contest');
    await toast(page, 'Add Successfully');

    const list = await apiOk('GET', `/api/admin/contest/get-contest-list?keyword=${encodeURIComponent(title)}`, { token: root });
    expect(list.records).toHaveLength(1);
    const c = list.records[0];
    cid = c.id;
    expect(c).toMatchObject({ type: 0, auth: 2, pwd: password, status: 0, sealRank: true, autoRealRank: true });
    expect(new Date(c.startTime).getTime()).toBe(start.getTime());
    expect(new Date(c.endTime).getTime() - new Date(c.sealRankTime).getTime()).toBe(60 * MIN);

    // Problems: from the list's action to the contest's problems page and its "add from public" dialog.
    await page.getByTestId(`contest-problems-${cid}`).click();
    await page.waitForURL(`**/admin/contest/${cid}/problems`);
    await page.getByTestId('admin-contest-problems').waitFor();
    await page.getByTestId('cp-add-public').click();
    await page.getByTestId('public-problem-dialog').waitFor();
    await page.getByTestId('public-problem-keyword').locator('input').fill(stamp.toUpperCase());
    await page.getByTestId('public-problem-keyword').locator('input').press('Enter');
    await page.getByTestId(`public-add-${problemA}`).waitFor();
    await page.getByTestId(`public-add-${problemB}`).waitFor();
    await page.getByTestId(`public-add-${problemA}`).click();
    await expect.poll(() => page.getByTestId('public-display-id').inputValue()).toBe('A');
    await page.getByTestId('public-add-ok').click();
    await toast(page, 'Added successfully');
    await expect.poll(() => page.getByTestId(`public-add-${problemA}`).count()).toBe(0);
    // With zero-length animations the closed dialog can stay in the DOM over the page: pressed by event.
    // The list refetches after the first add and may replace B's button under the event, so press again
    // until the dialog for B is open.
    await expect
      .poll(async () => {
        await page.getByTestId(`public-add-${problemB}`).dispatchEvent('click');
        return page
          .getByTestId('public-display-id')
          .inputValue({ timeout: 2_000 })
          .catch(() => '');
      })
      .toBe('B');
    await page.getByTestId('public-add-ok').dispatchEvent('click');
    await expect.poll(() => page.getByTestId(`public-add-${problemB}`).count(), { timeout: 10_000 }).toBe(0);
    await page.reload();
    await page.getByTestId('cp-display-id-A').waitFor();
    await page.getByTestId('cp-display-id-B').waitFor();
    await pageShot(page, 'flow-admin-problems');
  });

  it('two users enter the password on the overview and the tabs open', async () => {
    for (const [who, user] of [
      ['p1', u1],
      ['p2', u2],
    ] as const) {
      const v = await newVisitor(browser, { width: 1280, height: 900 });
      if (who === 'p1') p1 = v;
      else p2 = v;
      const { page } = v;
      await signIn(page, user);
      await page.goto(`/contest/${cid}`);
      await page.getByTestId('contest-header-title').getByText(title).waitFor();
      await page.getByTestId('contest-register').waitFor();
      await page.getByTestId('contest-password').fill(password);
      await page.getByTestId('contest-register-submit').click();
      await page.getByTestId('contest-registered').waitFor();
      expect(await page.getByTestId('contest-register').count()).toBe(0);
      for (const tab of ['problems', 'submissions', 'rank', 'announcements']) expect(await tabDisabled(page, tab)).toBe(false);
      await page.getByTestId('contest-tab-problems').click();
      await page.getByTestId('contest-problem-A').waitFor();
      await page.getByTestId('contest-problem-B').waitFor();
    }
    await expect.poll(() => p2.page.getByTestId('contest-header-count').textContent()).toBe('2');
    const u2Token = await loginToken(u2);
    expect((await apiOk('GET', `/api/get-contest-access?cid=${cid}`, { token: u2Token })).access).toBe(true);
  });

  it('both submit from the problem page and the rank tab follows: first blood, then a penalty try', async () => {
    // user 1 first: accepted, and the board shows the first blood
    await submitInBrowser(p1.page, 'A', AC, 'Accepted');
    await p1.page.goto(`/contest/${cid}/rank`);
    await expect.poll(() => freshKind(p1.page, u1, 'A'), { timeout: 30_000, interval: 1000 }).toBe('first-ac');
    expect(await p1.page.getByTestId(`sb-user-${u2.username}`).count()).toBe(0);
    await pageShot(p1.page, 'flow-rank-first-blood');

    // user 2: wrong, then right
    await submitInBrowser(p2.page, 'A', WA, 'Wrong Answer');
    await submitInBrowser(p2.page, 'A', AC, 'Accepted');
    await p2.page.goto(`/contest/${cid}/rank`);
    await expect.poll(() => freshKind(p2.page, u2, 'A'), { timeout: 30_000, interval: 1000 }).toBe('ac');
    // user 1's open rank tab picks it up too
    await expect.poll(() => freshKind(p1.page, u2, 'A'), { timeout: 30_000, interval: 1000 }).toBe('ac');

    for (const page of [p1.page, p2.page]) {
      expect(await rowOrder(page)).toEqual([u1.username, u2.username]);
      expect(await cell(page, u1.username, 'A').getAttribute('data-kind')).toBe('first-ac');
      expect(await cell(page, u2.username, 'A').textContent()).toContain('2 tries');
      expect(await page.getByTestId(`sb-ac-${u1.username}`).textContent()).toBe('1');
      expect(await page.getByTestId(`sb-ac-${u2.username}`).textContent()).toBe('1');
      // penalty: the accept's time plus 20 minutes for the one rejected try
      const acTime = seconds((await cell(page, u2.username, 'A').locator('.oj-sb-time').innerText()).trim());
      expect(await page.getByTestId(`sb-penalty-${u2.username}`).textContent()).toBe(hms(acTime + 20 * 60));
      const u1Time = seconds((await cell(page, u1.username, 'A').locator('.oj-sb-time').innerText()).trim());
      expect(await page.getByTestId(`sb-penalty-${u1.username}`).textContent()).toBe(hms(u1Time));
      expect(await page.getByTestId('sb-sealed-notice').count()).toBe(0);
      expect(await page.getByTestId('sb-auto-refresh').getAttribute('aria-checked')).toBe('true');
    }
    await pageShot(p2.page, 'flow-rank-before-seal');
  }, 150_000);

  it('the seal freezes the board for the users while root sees the real one', async () => {
    // The seal falls now, after the A results and before B: the end one hour on, the seal an hour before
    // it ("1 hour before the end", as the form chose), the start unchanged.
    const sealAt = new Date(Date.now() - 1000);
    const moved = await moveTimes({ endTime: new Date(sealAt.getTime() + 60 * MIN), sealRankTime: sealAt });
    expect(moved.sealRank).toBe(true);
    expect(new Date(moved.sealRankTime).getTime()).toBe(sealAt.getTime());

    await submitInBrowser(p1.page, 'B', AC, 'Accepted');

    // user 2: the frozen board, user 1's B unknown
    await expect.poll(() => freshKind(p2.page, u1, 'B'), { timeout: 30_000, interval: 1000 }).toBe('try');
    await p2.page.getByTestId('sb-sealed-notice').waitFor();
    expect(await cell(p2.page, u1.username, 'B').locator('.oj-sb-time').innerText()).toBe('?');
    expect(await cell(p2.page, u1.username, 'A').getAttribute('data-kind')).toBe('first-ac');
    expect(await cell(p2.page, u2.username, 'A').getAttribute('data-kind')).toBe('ac');
    expect(await p2.page.getByTestId(`sb-ac-${u1.username}`).textContent()).toBe('1');
    await pageShot(p2.page, 'flow-rank-frozen-user');

    // root: the real board, the accept on B counted (and the first blood of B)
    const { page } = admin;
    await page.goto(`/contest/${cid}/rank`);
    await expect.poll(() => freshKind(page, u1, 'B'), { timeout: 30_000, interval: 1000 }).toBe('first-ac');
    expect(await page.getByTestId('sb-sealed-notice').count()).toBe(0);
    expect(await page.getByTestId(`sb-ac-${u1.username}`).textContent()).toBe('2');
    expect(await rowOrder(page)).toEqual([u1.username, u2.username]);
    await pageShot(page, 'flow-rank-real-root');
  }, 120_000);

  it('after the end the scroll board starts frozen and reveals the hidden accept, with medals', async () => {
    const bSubmit = await apiOk('GET', `/api/contest-submissions?contestID=${cid}&currentPage=1&limit=50&problemID=B&completeProblemID=true`, { token: root });
    expect(bSubmit.records).toHaveLength(1);
    const bTime = new Date(bSubmit.records[0].submitTime).getTime();
    // The contest ends now: after B (which counts), the seal inside.
    const endAt = new Date(Math.max(Date.now() - 1000, bTime + 500));
    const moved = await moveTimes({ endTime: endAt });
    expect(new Date(moved.sealRankTime).getTime()).toBeLessThan(bTime);
    await new Promise((r) => setTimeout(r, Math.max(0, endAt.getTime() + 500 - Date.now())));

    const { page, context } = admin;
    await page.goto(`/contest/${cid}`);
    await page.getByTestId('contest-tab-scroll-board').click();
    await page.waitForURL(`**/contest/${cid}/scroll-board`);
    await page.getByTestId('scroll-tab').waitFor();
    expect(await page.getByTestId('scroll-tab-not-ended').count()).toBe(0);
    const medal = (k: string) => page.locator(`input[data-testid="scroll-medal-${k}"], [data-testid="scroll-medal-${k}"] input`).first();
    // two ranked users: the default 10/20/30 % floor to nothing; one gold and one silver instead
    await expect.poll(() => medal('gold').inputValue()).toBe('0');
    await medal('gold').fill('1');
    await medal('silver').fill('1');
    await pageShot(page, 'flow-scroll-tab');
    const [board] = await Promise.all([context.waitForEvent('page'), page.getByTestId('scroll-open').click()]);
    await board.setViewportSize({ width: 1280, height: 800 });
    const sb = board.getByTestId('scroll-board');
    await sb.waitFor();
    expect(board.url()).toContain(`/scrollBoard?cid=${cid}`);
    expect(decodeURIComponent(board.url())).toContain('medals[]=1&medals[]=1&medals[]=0');

    // the frozen board: user 1's B unknown, one step to reveal
    expect(await sb.getAttribute('data-total')).toBe('1');
    expect(await sb.getAttribute('data-step')).toBe('0');
    expect(await board.getByTestId(`rb-row-${u1.username}`).getAttribute('data-index')).toBe('0');
    expect(await board.getByTestId(`rb-row-${u2.username}`).getAttribute('data-index')).toBe('1');
    expect(await board.getByTestId(`rb-cell-${u1.username}-B`).getAttribute('data-kind')).toBe('try');
    expect(await board.getByTestId(`rb-cell-${u1.username}-B`).locator('.oj-rb-cell-main').innerText()).toBe('?');
    expect(await board.getByTestId(`rb-cell-${u1.username}-A`).getAttribute('data-kind')).toBe('first-ac');
    expect(await board.getByTestId(`rb-cell-${u2.username}-A`).getAttribute('data-kind')).toBe('ac');
    expect(await board.getByTestId(`rb-ac-${u1.username}`).textContent()).toBe('1');
    // the row below the one being revealed is final already: its medal shows
    expect(await board.getByTestId(`rb-row-${u2.username}`).getAttribute('data-medal')).toBe('silver');
    expect(await board.getByTestId(`rb-row-${u1.username}`).getAttribute('data-medal')).toBeNull();
    await pageShot(board, 'flow-scroll-board-before');

    await board.getByTestId('rb-next').click();
    await expect.poll(() => sb.getAttribute('data-done')).toBe('true');
    expect(await sb.getAttribute('data-step')).toBe('1');
    expect(await board.getByTestId(`rb-cell-${u1.username}-B`).getAttribute('data-kind')).toBe('first-ac');
    expect(await board.getByTestId(`rb-ac-${u1.username}`).textContent()).toBe('2');
    for (const [user, index, medalName] of [
      [u1, '0', 'gold'],
      [u2, '1', 'silver'],
    ] as const) {
      const row = board.getByTestId(`rb-row-${user.username}`);
      expect(await row.getAttribute('data-index')).toBe(index);
      expect(await row.getAttribute('data-rank')).toBe(String(Number(index) + 1));
      expect(await row.getAttribute('data-medal')).toBe(medalName);
    }
    expect(await board.getByTestId('rb-next').isDisabled()).toBe(true);
    // the pointer leaves the (now disabled) Next button: its tooltip goes with it
    await board.mouse.move(640, 600);
    await expect.poll(() => board.locator('.ant-tooltip:not(.ant-tooltip-hidden)').filter({ hasText: 'Enter or Space' }).count(), { timeout: 3000 }).toBe(0);
    await board.waitForTimeout(600);
    await pageShot(board, 'flow-scroll-board-after');
    await board.close();

    // auto real rank: after the end the users see the real board again
    await expect.poll(() => freshKind(p2.page, u1, 'B'), { timeout: 30_000, interval: 1000 }).toBe('first-ac');
    expect(await p2.page.getByTestId('sb-sealed-notice').count()).toBe(0);

    for (const v of [admin, p1, p2]) await v.context.close();
  }, 120_000);
});
