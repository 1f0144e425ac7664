/**
 * Contest boards end to end: the in-contest rank of an ACM contest (rows, penalties, first bloods,
 * auto refresh picking up a new AC), the frozen board a participant sees after the seal and the real
 * one root sees, the public outside scoreboard, the scroll board revealing the frozen results after the
 * end, the AC helper's balloons, printing (participant and queue) and rejudge. Two users submit through
 * the API and the in-process judge; every contest is made here and deleted at the end.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEST_LIMITS } from '@oj/shared';
import { runStamp, stampedUser } from '@oj/test-fixtures';
import { launch, newVisitor, shot } from '../lib/browser.js';
import {
  AC_C as AC,
  api,
  apiOk,
  createContest,
  createProblem,
  registerUser,
  rootToken,
  rootUser,
  signIn,
  updateContest,
  waitVerdict,
  WA_C as WA,
} from '../lib/api.js';
import { timed } from '../lib/timing.js';
import { cell, hms, notice } from '../lib/ui.js';

let browser: Browser;
let root: string;
const stamp = runStamp(5);
const tag = `CB${stamp}`;
const ann = stampedUser('cba', stamp, 'board-pass-1');
const ben = stampedUser('cbb', stamp, 'board-pass-2');
let annToken: string;
let benToken: string;
const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

let pA = 0;
let pB = 0;
/** running, open board and printing */
let live = 0;
/** running, sealed since setup, board not public */
let sealed = 0;
/** ended, with results after the seal: for the scroll board */
let done = 0;
const made: number[] = [];

/** A running ACM contest of two hours' length with A and B (balloon colours), deleted at the end. */
async function contest(o: Record<string, unknown>): Promise<number> {
  // On a whole second, so that a contest second (AC times, first bloods) is a wall-clock second and
  // nextSecond() below really separates two accepts.
  const now = Math.floor(Date.now() / 1000) * 1000;
  const body = { description: 'Board test.', startTime: iso(now - 60 * MIN), endTime: iso(now + 120 * MIN), ...o, title: `${tag} ${o.title ?? 'round'}` };
  const id = await createContest(root, body, [
    [pA, 'A', '#e74c3c'],
    [pB, 'B', '#3498db'],
  ]);
  made.push(id);
  return id;
}

/** Submits through the API in C (the quickest compile: the board is not about a language) and waits for the judge's verdict. */
async function submit(token: string, cid: number, displayId: string, code: string, expected: number) {
  const r = await api('POST', '/api/submit-problem-judge', { token, body: { pid: displayId, cid, language: 'C', code } });
  if (r.status !== 200) throw new Error(`submit ${displayId}: ${r.msg}`);
  expect(await waitVerdict(r.data.submitId, token)).toBe(expected);
}

/**
 * ACs in the same second share first blood (HOJ's rule): resolves once the clock (the server's too, on
 * this machine) has entered a later second than the last submission's, however much of this one is left.
 */
const nextSecond = () => timed('fixed sleep', () => new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 20)));

/** Moves a contest's times (the admin form's PUT takes the whole contest). */
const moveTimes = (cid: number, o: Record<string, unknown>) => updateContest(root, cid, o);

async function asRoot(width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const v = await newVisitor(browser, { width, height: 900 });
  await signIn(v.page, rootUser);
  return v;
}

beforeAll(async () => {
  browser = await launch();
  root = await rootToken();
  pA = await createProblem(root, { problemId: `${tag}A`.toUpperCase(), title: 'Board A', description: 'Add two numbers.', difficulty: 1 });
  pB = await createProblem(root, { problemId: `${tag}B`.toUpperCase(), title: 'Board B', description: 'Add two numbers.', difficulty: 1 });
  annToken = await registerUser(ann);
  benToken = await registerUser(ben);

  live = await contest({ title: 'Live', openRank: true, openPrint: true });
  // ben first solves A (first blood), ann needs two tries on A, then solves B first.
  await submit(benToken, live, 'A', AC, 0);
  await submit(annToken, live, 'A', WA, -1);
  // ann's accept must land in a later second than ben's
  await nextSecond();
  await submit(annToken, live, 'A', AC, 0);
  await submit(annToken, live, 'B', AC, 0);

  // Sealed (used by the rank and the outside-board tests): ben solves A, then the seal falls and ann's
  // accept after it is hidden from participants.
  sealed = await contest({ title: 'Sealed', sealRank: true, sealRankTime: iso(Date.now() + 30 * MIN) });
  await submit(benToken, sealed, 'A', AC, 0);
  await moveTimes(sealed, { sealRankTime: iso(Date.now()) });
  await nextSecond();
  await submit(annToken, sealed, 'A', AC, 0);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  for (const id of made) await api('DELETE', `/api/admin/contest?cid=${id}`, { token: root });
});

describe('in-contest rank', () => {
  it('shows the rows with solved counts, penalties, tries and first bloods, and picks up a new AC by itself', async () => {
    const real = await apiOk('POST', '/api/get-contest-rank', { token: root, body: { cid: live } });
    const annRow = real.records.find((r: any) => r.username === ann.username);
    expect(annRow.totalTime).toBe(annRow.submissionInfo.A.ACTime + 1200 + annRow.submissionInfo.B.ACTime);

    const { context, page } = await newVisitor(browser, { width: 1280, height: 900 });
    // The page's clock runs on as usual, and can be moved on to the board's next auto refresh below.
    await page.clock.install();
    await signIn(page, ann);
    await page.goto(`/contest/${live}/rank`);
    await page.getByTestId(`sb-user-${ben.username}`).waitFor();
    expect(await page.getByTestId(`sb-ac-${ann.username}`).textContent()).toBe('2');
    expect(await page.getByTestId(`sb-ac-${ben.username}`).textContent()).toBe('1');
    expect(await page.getByTestId(`sb-penalty-${ann.username}`).textContent()).toBe(hms(annRow.totalTime));
    expect(await cell(page, ben.username, 'A').getAttribute('data-kind')).toBe('first-ac');
    expect(await cell(page, ann.username, 'A').getAttribute('data-kind')).toBe('ac');
    expect(await cell(page, ann.username, 'A').textContent()).toContain('2 tries');
    expect(await cell(page, ann.username, 'B').getAttribute('data-kind')).toBe('first-ac');
    expect(await cell(page, ben.username, 'B').getAttribute('data-kind')).toBe('none');
    // the viewer's own row is pinned on top, then the full list
    const first = page.locator('.oj-scoreboard tbody tr.ant-table-row').first();
    expect(await first.getAttribute('data-pinned')).toBe('true');
    expect(await first.getAttribute('data-uid')).toBe(annRow.uid);
    // problem headers carry the balloon colours
    expect(await page.getByTestId('sb-head-A').first().locator('svg').getAttribute('data-color')).toBe('#e74c3c');
    expect(await page.getByTestId('sb-auto-refresh').getAttribute('aria-checked')).toBe('true');
    expect(await page.getByTestId('sb-sealed-notice').count()).toBe(0);
    await shot(page, 'contest-rank');

    // search by name; following a user pins it (kept in this browser)
    await page.getByTestId('sb-search').locator('input').fill(ben.username);
    await page.getByTestId('sb-search').locator('input').press('Enter');
    await expect.poll(() => page.getByTestId(`sb-user-${ann.username}`).count()).toBe(0);
    await page.getByTestId(`sb-follow-${ben.username}`).click();
    await expect
      .poll(() => page.locator(`.oj-scoreboard tr[data-pinned="true"][data-uid="${real.records.find((r: any) => r.username === ben.username).uid}"]`).count())
      .toBe(1);
    expect(await page.evaluate((k) => localStorage.getItem(k), `contest_concerned_${live}`)).toContain(
      real.records.find((r: any) => r.username === ben.username).uid,
    );
    await page.getByTestId('sb-search').locator('input').fill('');
    await page.getByTestId('sb-search').locator('input').press('Enter');
    await page.getByTestId(`sb-user-${ann.username}`).waitFor();

    // ben solves B now: the open page shows it at the next auto refresh (every 30 s), without a reload.
    // The page's clock jumps to that refresh instead of the test waiting it out (again while the
    // server's board cache, a second on the e2e site, still answered the old board).
    await submit(benToken, live, 'B', AC, 0);
    await timed('board refresh wait', () =>
      expect
        .poll(
          async () => {
            await page.clock.fastForward(CONTEST_LIMITS.rankRefreshMs);
            return cell(page, ben.username, 'B').getAttribute('data-kind');
          },
          { timeout: 50_000, interval: 1000 },
        )
        .toBe('ac'),
    );
    expect(await page.getByTestId(`sb-ac-${ben.username}`).textContent()).toBe('2');
    await context.close();

    const narrow = await newVisitor(browser, { width: 768, height: 1000 });
    await signIn(narrow.page, ben);
    await narrow.page.goto(`/contest/${live}/rank`);
    await cell(narrow.page, ann.username, 'A').waitFor();
    await shot(narrow.page, 'contest-rank-768');
    await narrow.context.close();
  }, 180_000);

  it('shows a participant the frozen board (tries after the seal pending) and root the real one', async () => {
    const { context, page } = await newVisitor(browser);
    await signIn(page, ben);
    await page.goto(`/contest/${sealed}/rank`);
    await page.getByTestId('sb-sealed-notice').waitFor();
    expect(await cell(page, ann.username, 'A').getAttribute('data-kind')).toBe('try');
    expect(await cell(page, ann.username, 'A').textContent()).toContain('?');
    expect(await cell(page, ben.username, 'A').getAttribute('data-kind')).toBe('first-ac');
    expect(await page.getByTestId(`sb-ac-${ann.username}`).textContent()).toBe('0');
    await shot(page, 'contest-rank-sealed');
    await context.close();

    const admin = await asRoot();
    await admin.page.goto(`/contest/${sealed}/rank`);
    await cell(admin.page, ann.username, 'A').waitFor();
    expect(await cell(admin.page, ann.username, 'A').getAttribute('data-kind')).toBe('ac');
    expect(await admin.page.getByTestId('sb-sealed-notice').count()).toBe(0);
    await admin.page.getByTestId('sb-force-refresh').waitFor();
    await admin.context.close();
  }, 120_000);
});

describe('outside scoreboard', () => {
  it('opens without login, with the contest header; a closed board says so', async () => {
    for (const width of [1280, 768]) {
      const { context, page } = await newVisitor(browser, { width, height: 900 });
      await page.goto(`/contest/acm-scoreboard/${live}`);
      await page.getByTestId('contest-header').waitFor();
      await cell(page, ann.username, 'B').waitFor();
      expect(await page.getByTestId('contest-header-title').textContent()).toContain(`${tag} Live`);
      expect(await cell(page, ann.username, 'B').getAttribute('data-kind')).toBe('first-ac');
      await shot(page, width === 1280 ? 'outside-board' : 'outside-board-768');
      await context.close();
    }
    const { context, page } = await newVisitor(browser);
    await page.goto(`/contest/acm-scoreboard/${sealed}`);
    await page.getByTestId('outside-closed').waitFor();
    expect(await page.getByTestId('outside-closed').textContent()).toContain('The scoreboard of this contest is not public.');
    await context.close();
  });
});

describe('scroll board', () => {
  it('reveals the frozen results after the end, from the bottom row upward, with medals', async () => {
    done = await contest({ title: 'Final', sealRank: true, sealRankTime: iso(Date.now() + 30 * MIN), endTime: iso(Date.now() + 60 * MIN) });
    await submit(benToken, done, 'A', AC, 0);
    await submit(annToken, done, 'A', WA, -1);
    await moveTimes(done, { sealRankTime: iso(Date.now()) });
    await nextSecond();
    await submit(annToken, done, 'A', AC, 0);
    await submit(annToken, done, 'B', AC, 0);
    // the contest ends now (after the submissions above, which count)
    await moveTimes(done, { endTime: iso(Date.now()) });
    // before opening: the calls are the contest admin's only
    expect((await api('GET', `/api/get-contest-scroll-board-submission?cid=${done}`, { token: annToken })).http).toBe(403);

    const { context, page } = await asRoot();
    await page.goto(`/contest/${done}/scroll-board`);
    await page.getByTestId('scroll-tab').waitFor();
    const gold = page.getByTestId('scroll-medal-gold');
    await expect.poll(() => gold.inputValue().catch(() => gold.locator('input').inputValue())).toBe('0');
    const input = async (k: string) =>
      (await page.getByTestId(`scroll-medal-${k}`).evaluate((el) => el.tagName)) === 'INPUT'
        ? page.getByTestId(`scroll-medal-${k}`)
        : page.getByTestId(`scroll-medal-${k}`).locator('input');
    await (await input('gold')).fill('1');
    await (await input('silver')).fill('1');
    await shot(page, 'scroll-board-tab');
    const [board] = await Promise.all([context.waitForEvent('page'), page.getByTestId('scroll-open').click()]);
    await board.getByTestId('scroll-board').waitFor();
    expect(board.url()).toContain(`cid=${done}`);
    expect(decodeURIComponent(board.url())).toContain('medals[]=1&medals[]=1&medals[]=0');
    await board.setViewportSize({ width: 1280, height: 900 });
    const sb = board.getByTestId('scroll-board');
    expect(await sb.getAttribute('data-total')).toBe('2');
    // frozen: ben 1 solved on top, ann with two unknown results
    expect(await board.getByTestId(`rb-row-${ben.username}`).getAttribute('data-index')).toBe('0');
    expect(await board.getByTestId(`rb-row-${ann.username}`).getAttribute('data-index')).toBe('1');
    expect(await board.getByTestId(`rb-cell-${ann.username}-A`).getAttribute('data-kind')).toBe('try');
    expect(await board.getByTestId(`rb-cell-${ann.username}-B`).getAttribute('data-kind')).toBe('try');
    expect(await board.getByTestId(`rb-ac-${ann.username}`).textContent()).toBe('0');
    await shot(board, 'scroll-board-before');

    await board.keyboard.press('Enter');
    await expect.poll(() => sb.getAttribute('data-step')).toBe('1');
    expect(await board.getByTestId(`rb-cell-${ann.username}-A`).getAttribute('data-kind')).toBe('ac');
    expect(await board.getByTestId(`rb-ac-${ann.username}`).textContent()).toBe('1');
    // one solved each, ann with a penalty: still second
    expect(await board.getByTestId(`rb-row-${ann.username}`).getAttribute('data-index')).toBe('1');
    await board.keyboard.press('Space');
    await expect.poll(() => sb.getAttribute('data-done')).toBe('true');
    expect(await board.getByTestId(`rb-row-${ann.username}`).getAttribute('data-index')).toBe('0');
    expect(await board.getByTestId(`rb-row-${ann.username}`).getAttribute('data-rank')).toBe('1');
    expect(await board.getByTestId(`rb-row-${ann.username}`).getAttribute('data-medal')).toBe('gold');
    expect(await board.getByTestId(`rb-row-${ben.username}`).getAttribute('data-medal')).toBe('silver');
    await board.waitForTimeout(1000);
    await shot(board, 'scroll-board-after');
    const url = board.url();
    await context.close();

    const narrow = await asRoot(768);
    await narrow.page.goto(url);
    await narrow.page.getByTestId(`rb-row-${ann.username}`).waitFor();
    await shot(narrow.page, 'scroll-board-before-768');
    await narrow.page.getByTestId('rb-all').click();
    await expect.poll(() => narrow.page.getByTestId('scroll-board').getAttribute('data-done')).toBe('true');
    await narrow.page.waitForTimeout(1000);
    await shot(narrow.page, 'scroll-board-after-768');
    await narrow.context.close();
  }, 180_000);
});

describe('contest admin tools', () => {
  it('lists balloons with first bloods and toggles one as delivered', async () => {
    for (const width of [768, 1280]) {
      const { context, page } = await asRoot(width);
      await page.goto(`/contest/${live}/ac-info`);
      const benA = page.getByTestId(`ac-info-row-${ben.username}-A`);
      await benA.waitFor();
      expect(await benA.getByTestId('first-blood').count()).toBe(1);
      expect(await page.getByTestId(`ac-info-row-${ann.username}-A`).getByTestId('first-blood').count()).toBe(0);
      expect(await page.getByTestId(`ac-info-row-${ann.username}-B`).getByTestId('first-blood').count()).toBe(1);
      if (width === 1280) {
        expect(await benA.getAttribute('data-checked')).toBe('false');
        await benA.locator('button.ant-switch').click();
        await expect.poll(() => page.getByTestId(`ac-info-row-${ben.username}-A`).getAttribute('data-checked')).toBe('true');
        const list = await apiOk('GET', `/api/get-contest-ac-info?cid=${live}&currentPage=1&limit=20`, { token: root });
        expect(list.records.find((r: any) => r.username === ben.username && r.displayId === 'A').checked).toBe(true);
        // delivered balloons go to the end
        expect(list.records.at(-1).username).toBe(ben.username);
      }
      await shot(page, width === 1280 ? 'ac-info' : 'ac-info-768');
      await context.close();
    }
  });

  it('prints: checks the text, sends it to the queue, where the admin marks it printed', async () => {
    const { context, page } = await newVisitor(browser);
    await signIn(page, ann);
    await page.goto(`/contest/${live}/print`);
    await page.getByTestId('print-submit').click();
    await notice(page, 'Content cannot be empty').waitFor();
    await page.getByTestId('print-content').fill('int main() {}');
    await page.getByTestId('print-submit').click();
    await notice(page, 'The number of content cannot be less than 50').waitFor();
    const text = '#include <cstdio>\nint main() {\n  puts("print me please, I need this on paper");\n}\n';
    await page.getByTestId('print-content').fill(text);
    await page.getByTestId('print-submit').click();
    await notice(page, 'Please wait for the staff').waitFor();
    // a second one at once: the server's cool-down message
    await page.getByTestId('print-content').fill(text);
    await page.getByTestId('print-submit').click();
    await notice(page, 'Printing too frequently').waitFor();
    await context.close();

    const admin = await asRoot();
    await admin.page.goto(`/contest/${live}/admin-print`);
    const jobs = await apiOk('GET', `/api/get-contest-print?cid=${live}&currentPage=1&limit=15`, { token: root });
    expect(jobs.records).toHaveLength(1);
    const id = jobs.records[0].id;
    const row = admin.page.getByTestId(`print-row-${id}`);
    await row.waitFor();
    expect(await row.textContent()).toContain(ann.username);
    await admin.page.getByTestId(`print-mark-${id}`).click();
    await expect.poll(() => admin.page.getByTestId(`print-row-${id}`).getAttribute('data-status')).toBe('1');
    await shot(admin.page, 'admin-print');
    await admin.context.close();
  });

  it('rejudges a contest problem after a confirmation (super admin)', async () => {
    const { context, page } = await asRoot();
    await page.goto(`/contest/${live}/rejudge`);
    await page.getByTestId('rejudge-B').click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await notice(page, 'Rejudge successfully').waitFor();
    await context.close();
    const { context: c2, page: p2 } = await newVisitor(browser);
    await signIn(p2, ann);
    await p2.goto(`/contest/${live}/rejudge`);
    // the shell does not offer the tab to a participant; the page itself refuses too
    await p2.getByTestId('rejudge-denied').or(p2.getByTestId('contest-not-offered')).waitFor();
    expect(await p2.getByTestId('rejudge-B').count()).toBe(0);
    await c2.close();
  });
});
