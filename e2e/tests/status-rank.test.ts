import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp, stampedUser } from '@oj/test-fixtures';
import { launch, newVisitor, shot } from '../lib/browser.js';
import { AC_C, AC_CPP, api, registerUser, rootToken as adminToken, signIn, WA_C, waitVerdict as verdict } from '../lib/api.js';
import { timed } from '../lib/timing.js';
import { chooseLanguage, loadCode, watchStatus } from '../lib/ui.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const stamp = runStamp(5);
const solver = stampedUser('ac', stamp, 'solver-pass');
const problemId = `SR${stamp}`.toUpperCase();
const loser = stampedUser('wa', stamp, 'loser-pass');

let rootToken: string;
let solverToken: string;
let loserToken: string;
let acId: number;
let waId: number;

/**
 * Opens `path` again until `target` shows: the server caches rank lists and home cards (a minute on a
 * real site; the e2e site caps cache lifetimes at a second, so new data shows within a few reloads).
 */
async function reloadUntil(page: Page, path: string, target: () => Locator) {
  await timed('reload until shown', () => reloadPoll(page, path, target));
}

async function reloadPoll(page: Page, path: string, target: () => Locator) {
  await expect
    .poll(
      async () => {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        return target().count();
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toBeGreaterThan(0);
}

describe('submissions, status list, detail, ranks and home cards', () => {
  beforeAll(async () => {
    rootToken = await adminToken();
    // An A+B problem with four test cases, created the way an admin does.
    const cases = [
      [1, 2],
      [3, 4],
      [-5, 5],
      [1000000000, 1000000000],
    ].map(([a, b]) => ({ input: `${a} ${b}\n`, output: `${a! + b!}\n` }));
    const created = await api('POST', '/api/admin/problem', {
      token: rootToken,
      body: { problem: { problemId, title: 'Status A + B', description: 'Add.', difficulty: 1 }, samples: cases, languages: [], tags: [] },
    });
    if (created.status !== 200) throw new Error(`create problem: ${created.msg}`);
    solverToken = await registerUser(solver);
    loserToken = await registerUser(loser);
    // A visitor reads the rank lists and the home ranking before anyone here submits: the server now
    // holds them in its caches, which the rank and home tests below must see renewed.
    for (const path of ['get-rank-list?type=0&currentPage=1&limit=30', 'get-rank-list?type=1&currentPage=1&limit=30', 'get-recent-seven-ac-rank']) {
      const read = await api('GET', path);
      expect(read.status, `${path}: ${read.msg}`).toBe(200);
    }
  });

  it('shows a new submission on /status and changes it live to its verdict', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/status');
    await page.getByTestId('status-table').waitFor();

    const sub = await api('POST', '/api/submit-problem-judge', { token: solverToken, body: { pid: problemId, language: 'C++', code: AC_CPP } });
    expect(sub.status, sub.msg).toBe(200);
    acId = sub.data.submitId;
    await page.getByTestId('status-refresh').click();
    const row = page.locator(`tr[data-row-key="${acId}"]`);
    await row.waitFor();
    // Pending/Compiling/Judging first (or already judged on a fast machine), then Accepted without reloading.
    await row.locator('.oj-status-tag[data-status="0"]').waitFor({ timeout: 60_000 });
    await expect(row.textContent()).resolves.toContain(solver.username);
    await shot(page, 'status-list');

    const wa = await api('POST', '/api/submit-problem-judge', { token: loserToken, body: { pid: problemId, language: 'C', code: WA_C } });
    waId = wa.data.submitId;
    expect(await verdict(waId, loserToken)).toBe(-1);

    // filters: the status dropdown has no Cancelled; author filter via the query string
    await page.goto(`/status?username=${loser.username}`);
    await page.locator(`tr[data-row-key="${waId}"]`).waitFor();
    expect(await page.locator(`tr[data-row-key="${acId}"]`).count()).toBe(0);
    await page.getByTestId('status-filter').click();
    await expect(page.locator('.ant-select-item-option', { hasText: 'Cancelled' }).count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    // a visitor sees no admin actions
    expect(await page.getByTestId(`rejudge-${waId}`).count()).toBe(0);
    await context.close();
  });

  it('shows the submission detail with its case grid and code', async () => {
    const { context, page } = await newVisitor(browser);
    await signIn(page, solver);
    await page.goto(`/submission-detail/${acId}`);
    await page.getByTestId('submission-banner').waitFor();
    expect(await page.getByTestId('submission-banner').getAttribute('data-status')).toBe('0');
    await page.getByTestId('case-cell').first().waitFor();
    expect(await page.getByTestId('case-cell').count()).toBe(4);
    await page.getByTestId('submission-code').locator('.cm-content').waitFor();
    expect(await page.getByTestId('submission-code').textContent()).toContain('std::cin');
    // the owner shares the code
    await page.getByTestId(`share-${acId}`).click();
    await expect
      .poll(async () => (await api('GET', `/api/get-submission-detail?submitId=${acId}`, { token: loserToken })).data.submission.code)
      .toContain('std::cin');
    await shot(page, 'submission-detail');
    await context.close();
  });

  it('lists the users on /acm-rank with links to their accepted submissions', async () => {
    const { context, page } = await newVisitor(browser);
    // Rank lists are cached per server (read in beforeAll, before the submissions), like the home ranking.
    await reloadUntil(page, '/acm-rank', () => page.getByTestId(`rank-user-${solver.username}`));
    await page.getByTestId('rank-chart').waitFor();
    expect(await page.getByTestId(`rank-ac-${solver.username}`).textContent()).toBe('1');
    expect(await page.getByTestId(`rank-ac-${loser.username}`).textContent()).toBe('0');
    await shot(page, 'acm-rank');
    await page.getByTestId(`rank-ac-${solver.username}`).click();
    await page.waitForURL(/\/status\?username=.*&status=0/);
    await page.locator(`tr[data-row-key="${acId}"]`).waitFor();
    await reloadUntil(page, '/oi-rank', () => page.getByTestId(`rank-user-${solver.username}`));
    // the user link leads to the user home with the solved problem under its difficulty
    await page.getByTestId(`rank-user-${solver.username}`).click();
    await page.getByTestId('user-solved').getByText(problemId).waitFor();
    expect(await page.getByTestId('user-solved').textContent()).toContain('Easy: 1');
    await page.getByTestId('difficulty-chart').waitFor();
    await shot(page, 'user-home-solved');
    await context.close();
  }, 120_000);

  it('shows a new accept on /acm-rank within seconds, although the list was read just before it', async () => {
    const late = stampedUser('la', stamp, 'late-pass');
    const token = await registerUser(late);
    // A visitor reads the list now: the server keeps it (a minute on a real site) without this user.
    const read = await api('GET', 'get-rank-list?type=0&currentPage=1&limit=30');
    expect(read.status, read.msg).toBe(200);
    // in C, the quickest compile: this test is about the rank list's cache, not a language
    const sub = await api('POST', '/api/submit-problem-judge', { token, body: { pid: problemId, language: 'C', code: AC_C } });
    expect(sub.status, sub.msg).toBe(200);
    expect(await verdict(sub.data.submitId, token)).toBe(0);
    const { context, page } = await newVisitor(browser);
    // Searched by name, as the list may have more users with one accept than fit its first page.
    const row = page.getByTestId(`rank-user-${late.username}`);
    await expect
      .poll(
        async () => {
          await page.goto('/acm-rank');
          await page.getByTestId('rank-search').locator('input').fill(late.username);
          await page.getByTestId('rank-search').locator('input').press('Enter');
          // A list kept while the submission was judged names him with no accept yet: read again until it counts it.
          return row.waitFor({ timeout: 3000 }).then(
            () => page.getByTestId(`rank-ac-${late.username}`).textContent(),
            () => null,
          );
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe('1');
    await context.close();
  }, 120_000);

  it('shows the user on the home cards', async () => {
    const { context, page } = await newVisitor(browser);
    // The 7-day AC ranking is cached per server and was read before this user's AC (beforeAll), so the
    // home page is reloaded until the ranking is renewed.
    await reloadUntil(page, '/home', () => page.getByTestId('recent-ac-rank').getByText(solver.username));
    // The chart is fetched when its card comes on screen (below the fold at 1280 × 800).
    await page.getByTestId('submission-statistics').scrollIntoViewIfNeeded();
    await page.getByTestId('statistics-chart').waitFor();
    await page.getByTestId('recent-problems').getByText(problemId).first().waitFor();
    // only administrators get the force-refresh button
    expect(await page.getByTestId('statistics-refresh').count()).toBe(0);
    await page.getByTestId('recent-ac-rank').scrollIntoViewIfNeeded();
    await shot(page, 'home-widgets');
    await page.getByTestId('submission-statistics').scrollIntoViewIfNeeded();
    await shot(page, 'home-statistics');
    await context.close();
  }, 120_000);

  it('explains languages with A+B templates, verdicts and compile tips on /introduction', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/introduction');
    await page.getByTestId('languages-table').waitFor();
    await page.getByTestId('compile-tips').waitFor();
    expect(await page.getByTestId('compile-tips').locator('li').count()).toBe(4);
    await page.getByTestId('languages-table').locator('.ant-table-row-expand-icon').first().click();
    await page.locator('.oj-ab-code').first().waitFor();
    await page.getByTestId('languages-table').scrollIntoViewIfNeeded();
    await shot(page, 'introduction');
    await context.close();
  });

  it('lets root judge by hand and rejudge; a normal user sees neither', async () => {
    const user = await newVisitor(browser);
    await signIn(user.page, loser);
    await user.page.goto('/status');
    await user.page.locator(`tr[data-row-key="${waId}"]`).waitFor();
    expect(await user.page.getByTestId(`rejudge-${waId}`).count()).toBe(0);
    expect(await user.page.getByTestId(`manual-judge-${waId}`).count()).toBe(0);
    // the owner's share switch is there
    expect(await user.page.getByTestId(`share-${waId}`).count()).toBe(1);
    await user.context.close();

    const { context, page } = await newVisitor(browser);
    await signIn(page, { username: 'root', password: 'e2e-root-password' });
    await page.goto('/status');
    const row = page.locator(`tr[data-row-key="${waId}"]`);
    await row.waitFor();
    await page.getByTestId(`manual-judge-${waId}`).click();
    const form = page.getByTestId('manual-judge-form');
    await form.waitFor();
    await page.getByTestId('manual-judge-status').click();
    await page.locator('.ant-select-item-option', { hasText: 'Accepted' }).first().click();
    await page.getByTestId('manual-judge-score').fill('100');
    await shot(page, 'manual-judge');
    await page.getByTestId('manual-judge-submit').click();
    await row.locator('.oj-status-tag[data-status="0"]').waitFor();
    const after = await api('GET', `/api/get-submission-detail?submitId=${waId}`, { token: rootToken });
    expect(after.data.submission).toMatchObject({ status: 0, isManual: true, judger: 'root', score: 100 });

    // rejudge: back to the queue, then the real verdict (Wrong Answer) arrives live
    await page.getByTestId(`rejudge-${waId}`).click();
    await row.locator('.oj-status-tag[data-status="-1"]').waitFor({ timeout: 60_000 });
    await context.close();
  });

  it('fits a 768 px screen', async () => {
    const { context, page } = await newVisitor(browser, { width: 768, height: 1000 });
    await page.goto('/status');
    await page.locator(`tr[data-row-key="${acId}"]`).waitFor();
    await shot(page, 'status-768');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.goto(`/submission-detail/${acId}`);
    await page.getByTestId('case-cell').first().waitFor();
    await shot(page, 'submission-768');
    await page.goto('/acm-rank');
    await page.getByTestId('rank-chart').waitFor();
    await shot(page, 'rank-768');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('shows an OI partial result with its score on the problem page and in the list; the verdict stays on screen at 390 and 768 px', async () => {
    const oiId = `OI${stamp}`.toUpperCase();
    const created = await api('POST', '/api/admin/problem', {
      token: rootToken,
      body: {
        problem: { problemId: oiId, title: 'OI partial A + B', description: 'Add.', type: 1 },
        samples: [
          { input: '1 2\n', output: '3\n', score: 40 },
          { input: '40 2\n', output: '42\n', score: 60 },
        ],
        languages: [],
        tags: [],
      },
    });
    expect(created.status, created.msg).toBe(200);
    // Right for small numbers only: the first case (40 points) passes, the second fails.
    const partial =
      '#include <stdio.h>\nint main(void) {\n  long long a, b;\n  scanf("%lld %lld", &a, &b);\n  printf("%lld\\n", a < 10 ? a + b : 0);\n  return 0;\n}\n';
    const { context, page } = await newVisitor(browser);
    await signIn(page, solver);
    await page.goto(`/problem/${oiId}`);
    await page.getByTestId('problem-title').waitFor();
    await chooseLanguage(page, 'C');
    await loadCode(page, partial);
    await page.getByTestId('submit-code').click();
    await watchStatus(page, 'Partial Accepted');
    await expect.poll(() => page.getByTestId('submit-status').innerText()).toMatch(/Partial Accepted\s*40/);
    await shot(page, 'problem-oi-partial');

    await page.goto(`/status?username=${solver.username}`);
    const tag = page.locator('.oj-status-tag[data-status="8"]').first();
    await tag.waitFor();
    expect(await tag.innerText()).toMatch(/Partial Accepted\s*40/);
    for (const width of [390, 768]) {
      await page.setViewportSize({ width, height: 900 });
      // The verdict is on screen without scrolling the table sideways, once the table has laid itself
      // out for the new width.
      await expect
        .poll(
          async () => {
            const box = await tag.boundingBox();
            const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
            return box ? { left: box.x >= 0, right: box.x + box.width <= width, overflow: overflow <= 0 } : null;
          },
          { message: `verdict at ${width} px` },
        )
        .toEqual({ left: true, right: true, overflow: true });
      await shot(page, `status-oi-${width}`);
    }
    await context.close();
  });

  it('speaks Chinese by default', async () => {
    const { context, page } = await newVisitor(browser, { locale: 'zh-CN' });
    await page.goto(`/submission-detail/${waId}`);
    await page.getByTestId('submission-banner').waitFor();
    await page.goto('/status');
    await page.locator(`tr[data-row-key="${acId}"]`).waitFor();
    expect(await page.getByTestId('status-page').textContent()).toContain('提交状态');
    await shot(page, 'status-zh');
    await context.close();
  });
});
