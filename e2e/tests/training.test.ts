/**
 * Trainings end to end: an admin makes a category and a private training with two bank
 * problems through the admin screens; a user finds it on /training, unlocks it with its password (an
 * empty and a wrong one first), solves one problem inside it with the real judge, and sees the
 * progress and the training rank change; the focus mode has the training's context menu and problem
 * bar. One run is at phone width. Everything carries a stamp of its own so other files do not matter.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp, stampedUser } from '@oj/test-fixtures';
import { launch, newVisitor } from '../lib/browser.js';
import { AC_C, api, apiOk, createProblem, loginSession, loginToken, registerUser, rootToken, rootUser, signIn, WA_C } from '../lib/api.js';
import { chooseLanguage, loadCode, notice, pageShot, shownToast, submitWhenAllowed, useSession, watchStatus } from '../lib/ui.js';

let browser: Browser;
let root: string;
const stamp = runStamp(5);
const tag = `TR${stamp}`.toUpperCase();
const category = `Cat ${stamp}`;
const title = `${tag} Private drills`;
const password = `pw-${stamp}`;
const user = stampedUser('tr', stamp, 'training-pass1');
const phoneUser = stampedUser('trm', stamp, 'training-pass2');
const p1 = `${tag}A`;
const p2 = `${tag}B`;
let tid = 0;

const tabDisabled = (page: Page, key: string) =>
  page.getByTestId(`training-tab-${key}`).evaluate((el) => !!el.closest('.ant-tabs-tab')?.classList.contains('ant-tabs-tab-disabled'));
const progressText = (page: Page, testId: string) => page.getByTestId(testId).locator('.ant-progress-indicator').innerText();

beforeAll(async () => {
  browser = await launch();
  root = await rootToken();
  await createProblem(root, { problemId: p1, title: 'Training A + B', difficulty: 1 });
  await createProblem(root, { problemId: p2, title: 'Training A + B again', difficulty: 2 });
  await registerUser(user);
  await registerUser(phoneUser);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (tid) await api('DELETE', `/api/admin/training?tid=${tid}`, { token: root });
});

describe('training admin screens', () => {
  it('make a category and a private training with two problems', async () => {
    const { context, page } = await newVisitor(browser);
    await signIn(page, rootUser, { admin: true });

    // Without any category a training cannot be made: the form says so and goes to the category page.
    const categories = await apiOk<unknown[]>('GET', '/api/get-training-category', { token: root });
    if (categories.length === 0) {
      await page.goto('/admin/training/create');
      await notice(page, 'The category list of current training is empty, go to create a category first').waitFor();
      await page.waitForURL('**/admin/training/category');
    } else {
      await page.goto('/admin/training/category');
    }

    await page.getByTestId('category-add').click();
    await page.getByTestId('category-name').fill(category);
    await page.getByTestId('category-save').click();
    await page.getByTestId(`category-${category}`).waitFor();

    await page.goto('/admin/training/create');
    await page.getByTestId('training-title').waitFor();
    // rank starts at the spec's default 1000
    expect(await page.locator('input[data-testid="training-rank"], [data-testid="training-rank"] input').first().inputValue()).toBe('1000');
    await page.getByTestId('training-title').fill(title);
    await page.getByTestId('training-description').locator('textarea').fill(`Two **A + B** problems. Category ${category}.`);
    await page.getByTestId('training-category').click();
    await page.locator('.ant-select-dropdown:visible').getByText(category, { exact: true }).click();
    await page.getByTestId('training-auth').getByText('Private').click();
    // Private needs its password: saving without one is refused by the form.
    await page.getByTestId('training-save').click();
    await page.getByText('Training password is required').waitFor();
    await page.getByTestId('training-password').fill(password);
    await page.getByTestId('training-save').click();
    await notice(page, 'Add Successfully').waitFor();
    await page.waitForURL('**/admin/training');

    await page.getByTestId('training-keyword').locator('input').fill(tag);
    await page.getByTestId('training-keyword').locator('input').press('Enter');
    const link = page.locator('[data-testid^="training-title-"]', { hasText: title });
    await link.waitFor();
    tid = Number((await link.getAttribute('data-testid'))!.replace('training-title-', ''));
    expect(tid).toBeGreaterThan(0);

    await page.getByTestId(`training-problems-${tid}`).click();
    await page.waitForURL(`**/admin/training/${tid}/problems`);
    await page.getByTestId('training-add-public').click();
    await page.getByTestId('public-problem-keyword').locator('input').fill(tag);
    await page.getByTestId('public-problem-keyword').locator('input').press('Enter');
    await page.getByTestId(`public-add-${p1}`).click();
    await notice(page, 'Add Successfully').waitFor();
    await page.getByTestId(`public-add-${p2}`).click();
    // Added problems leave the dialog's list (it offers only those not in the training yet).
    await page.getByTestId(`public-add-${p2}`).waitFor({ state: 'detached' });
    await page.locator('.ant-modal:visible .ant-modal-close').click();
    await page.getByTestId(`training-problem-rank-${p1}`).waitFor();
    await page.getByTestId(`training-problem-rank-${p2}`).waitFor();
    await pageShot(page, 'training-admin-problems');
    // The table's page lives in the address: one problem a page, the pager's page 2, and a reload keeps it.
    const table = page.getByTestId('training-problem-table');
    const shown = () => table.locator('[data-testid^="training-problem-rank-"]').first().getAttribute('data-testid');
    // (the pager sits beside the table, inside the page's box)
    const pager = page.getByTestId('admin-training-problems').locator('.ant-pagination');
    await page.goto(`/admin/training/${tid}/problems?limit=1`);
    await expect.poll(shown).toBeTruthy();
    const first = await shown();
    await pager.locator('.ant-pagination-item-2').click();
    await page.waitForURL(/currentPage=2/);
    await expect.poll(shown).not.toBe(first);
    const second = await shown();
    await page.reload();
    await expect.poll(shown).toBe(second);
    expect(await pager.locator('.ant-pagination-item-active').innerText()).toBe('2');

    // The list shows the training with its category and its two problems.
    await page.goto(`/admin/training?keyword=${tag}`);
    await page.getByTestId(`training-title-${tid}`).waitFor();
    const row = page.locator('tr', { has: page.getByTestId(`training-title-${tid}`) });
    expect(await row.innerText()).toContain(category);
    expect(await row.innerText()).toContain('Private');
    await pageShot(page, 'training-admin-list');

    // The super admin sees the training's admin buttons (new tabs) and, as a training admin, the
    // real-name column of its rank; no password asked.
    await page.goto(`/training/${tid}`);
    expect(await page.getByTestId('training-admin-edit').getAttribute('href')).toBe(`/admin/training/${tid}/edit`);
    expect(await page.getByTestId('training-admin-edit').getAttribute('target')).toBe('_blank');
    expect(await page.getByTestId('training-admin-problems').getAttribute('href')).toBe(`/admin/training/${tid}/problems`);
    expect(await page.getByTestId('training-password-card').count()).toBe(0);
    await page.getByTestId('training-tab-rank').click();
    await page.getByTestId('training-rank').getByText('Real name').first().waitFor();
    await pageShot(page, 'training-detail-root');

    // A category trainings use cannot be deleted: the server says why, as a toast.
    await page.goto('/admin/training/category');
    await page.getByTestId(`category-delete-${category}`).click();
    await page.getByTestId('category-delete-ok').click();
    await notice(page, 'This category is still used by trainings').waitFor();
    await page.getByTestId(`category-${category}`).waitFor();
    await pageShot(page, 'training-admin-categories');
    await context.close();
  });
});

describe('taking part in a private training', () => {
  it('asks visitors to log in before opening a training', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto(`/training?keyword=${tag}`);
    await page.getByTestId(`training-title-${tid}`).click();
    await notice(page, 'Please login first').waitFor();
    await page.getByTestId('login-username').waitFor();
    expect(new URL(page.url()).pathname).toBe('/training');
    await context.close();
  });

  it('unlocks with the password, solves a problem inside it, and shows the progress and the rank', async () => {
    const { context, page } = await newVisitor(browser);
    await signIn(page, user, { at: `/training?keyword=${tag}` });
    await page.getByTestId(`training-title-${tid}`).waitFor();
    expect(await progressText(page, `training-progress-${tid}`)).toBe('0.00%');
    const row = page.locator('tr', { has: page.getByTestId(`training-title-${tid}`) });
    expect(await row.innerText()).toContain(category);
    await pageShot(page, 'training-list');

    await page.getByTestId(`training-title-${tid}`).click();
    await page.getByTestId('training-password-card').waitFor();
    expect(await tabDisabled(page, 'problems')).toBe(true);
    expect(await tabDisabled(page, 'rank')).toBe(true);
    // the problem route is locked too
    await page.goto(`/training/${tid}/problems`);
    await page.getByTestId('training-locked').waitFor();
    await page.getByTestId('training-go-introduction').click();

    await page.getByTestId('training-password-submit').click();
    await shownToast(page, 'Enter the training password');
    await page.getByTestId('training-password').fill('not-it');
    await page.getByTestId('training-password-submit').click();
    await shownToast(page, 'The training password is wrong.');
    expect(await tabDisabled(page, 'problems')).toBe(true);
    await page.getByTestId('training-password').fill(password);
    await page.getByTestId('training-password-submit').click();
    // registering unlocks the tabs in place, without a reload
    await page.getByTestId('training-unlocked').waitFor();
    expect(await tabDisabled(page, 'problems')).toBe(false);
    expect(await tabDisabled(page, 'rank')).toBe(false);
    expect(await page.getByTestId('training-description').innerText()).toContain('Two A + B problems');
    await pageShot(page, 'training-introduction');

    await page.getByTestId('training-tab-rank').click();
    await page.getByTestId('training-rank').waitFor();
    expect(await page.getByTestId(`tr-cell-${user.username}-${p1}`).count()).toBe(0);

    await page.getByTestId('training-tab-problems').click();
    await page.getByTestId(`training-problem-${p1}`).click();
    await page.waitForURL(`**/training/${tid}/problem/${p1}`);
    await page.getByTestId('problem-detail').waitFor();
    await chooseLanguage(page, 'C');
    await loadCode(page, WA_C);
    await page.getByTestId('submit-code').click();
    await watchStatus(page, 'Wrong Answer');
    await loadCode(page, AC_C);
    // the practice interval between two submissions outside contests (8 s) may not be over yet
    await submitWhenAllowed(page);
    await watchStatus(page, 'Accepted');
    await page.getByTestId('congrats').waitFor({ state: 'detached' });
    await pageShot(page, 'training-problem');

    // The submissions carry the training: ordinary ones on /status, counted in its rank.
    const mine = await apiOk<{ records: { status: number }[] }>(
      'GET',
      `/api/get-submission-list?onlyMine=true&problemID=${p1}&completeProblemID=true&currentPage=1&limit=10`,
      { token: await loginToken(user) },
    );
    expect(mine.records.map((r) => r.status).sort()).toEqual([-1, 0]);

    await page.getByTestId('training-tab-rank').click();
    const cell = page.getByTestId(`tr-cell-${user.username}-${p1}`);
    await cell.waitFor();
    expect(await cell.getAttribute('class')).toContain('oj-tr-ac');
    expect(await cell.innerText()).toMatch(/\d+ ms/);
    const rankRow = page.locator('tr', { has: cell });
    expect(await rankRow.locator('td').nth(2).innerText()).toBe('1');
    // realnames are for training admins only: no column for a participant
    expect(await page.getByTestId('training-rank').getByText('Real name').count()).toBe(0);
    await pageShot(page, 'training-rank');
    // The rank's search is kept in the address bar: a reload shows the same rows.
    const search = page.getByTestId('training-rank-search').locator('input');
    await search.fill(user.username);
    await search.press('Enter');
    await page.waitForURL((u) => u.pathname.endsWith(`/training/${tid}/rank`) && u.searchParams.get('keyword') === user.username);
    await page.reload();
    await cell.waitFor();
    expect(await page.getByTestId('training-rank-search').locator('input').inputValue()).toBe(user.username);

    await page.getByTestId('training-tab-problems').click();
    await page.getByTestId('training-problems').getByTestId('own-status-0').waitFor();
    await page.goto(`/training?keyword=${tag}`);
    await expect.poll(() => progressText(page, `training-progress-${tid}`)).toBe('50.00%');
    await page.getByTestId(`training-title-${tid}`).click();
    await expect.poll(() => progressText(page, 'training-detail-progress')).toBe('50.00%');

    // Focus mode: the training's context menu and its problem bar with the own states
    // (get-training-problem-details).
    const barCall = page.waitForResponse((r) => r.url().includes('/api/get-training-problem-details'));
    await page.goto(`/training/${tid}/problem/${p1}/full-screen`);
    expect((await (await barCall).json()).data).toMatchObject({ tid, acCount: 1, problemCount: 2 });
    await page.getByTestId('training-full-screen').waitFor();
    await page.getByTestId('ctx-training').first().waitFor();
    expect(await page.getByTestId('ctx-problems').first().getAttribute('href')).toBe(`/training/${tid}/problems`);
    await page.getByTestId(`nav-problem-${p1}`).getByTestId('own-status-0').waitFor();
    await page.getByTestId(`nav-problem-${p2}`).waitFor();
    await pageShot(page, 'training-full-screen');
    await page.getByTestId('nav-next').click();
    await page.waitForURL(`**/training/${tid}/problem/${p2}/full-screen`);
    await context.close();
  }, 180_000);

  it('counts only what was solved inside a training, says so, and self-tests its hidden problem there', async () => {
    // A public training with p1 (solved above, inside the private training) and a hidden problem.
    const hidden = `${tag}H`;
    const hiddenPid = await createProblem(root, { problemId: hidden, title: 'Hidden A + B', auth: 2 });
    const cats = await apiOk<{ id: number; name: string }[]>('GET', '/api/get-training-category', { token: root });
    const created = await apiOk<{ training: { id: number } }>('POST', '/api/admin/training', {
      token: root,
      body: {
        training: { title: `${tag} Public drills`, description: 'Open to all.', auth: 'Public', rank: 1000, status: true },
        trainingCategory: { id: cats.find((c) => c.name === category)!.id },
      },
    });
    const open = created.training.id;
    try {
      const p1Pid = (await apiOk<{ problem: { id: number } }>('GET', `/api/get-problem-detail?problemId=${p1}`, { token: root })).problem.id;
      for (const pid of [p1Pid, hiddenPid]) await apiOk('POST', '/api/admin/training/add-problem-from-public', { token: root, body: { tid: open, pid } });
      const { context, page } = await newVisitor(browser);
      await signIn(page, user, { at: `/training?keyword=${encodeURIComponent(`${tag} Public`)}` });
      // p1 was accepted in another training: not inside this one, so neither its progress nor its rank counts it
      await page.getByTestId(`training-title-${open}`).waitFor();
      expect(await progressText(page, `training-progress-${open}`)).toBe('0.00%');
      await page.getByTestId(`training-title-${open}`).click();
      await page.getByTestId('training-progress-counted').hover();
      await page.getByText('Progress and rank count the problems accepted inside this training').first().waitFor();
      await page.getByTestId('training-tab-rank').click();
      expect(await page.getByTestId('training-rank-counted').innerText()).toContain('an Accepted in the problem bank does not count here');
      expect(await page.getByTestId(`tr-cell-${user.username}-${p1}`).count()).toBe(0);
      await pageShot(page, 'training-rank-counted');

      // The hidden problem self-tests inside the training (the call carries the training).
      await page.goto(`/training/${open}/problem/${hidden}`);
      await page.getByTestId('problem-detail').waitFor();
      await chooseLanguage(page, 'C');
      await loadCode(page, AC_C);
      await page.getByTestId('open-test-run').click();
      await expect.poll(() => page.getByTestId('test-run-input').inputValue()).toContain('1 2');
      const run = page.waitForRequest((r) => r.url().includes('/api/submit-problem-test-judge'));
      await page.getByTestId('test-run-start').click();
      expect((await run).postDataJSON()).toMatchObject({ pid: hiddenPid, tid: open });
      await page.getByTestId('test-run-result').waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('test-run-result').innerText()).toContain('Accepted');
      await pageShot(page, 'training-hidden-test-run');
      await context.close();
    } finally {
      await api('DELETE', `/api/admin/training?tid=${open}`, { token: root });
    }
  }, 180_000);

  it('works at phone width', async () => {
    const { context, page } = await newVisitor(browser, { width: 390, height: 844 });
    // logged in as the app stores it (the phone's login button lives in the app bar)
    await useSession(context, await loginSession(phoneUser));
    await page.goto(`/training?keyword=${tag}`);
    await page.getByTestId(`training-title-${tid}`).waitFor();
    await pageShot(page, 'training-list-mobile');
    await page.getByTestId(`training-title-${tid}`).click();
    await page.getByTestId('training-password').fill(password);
    await page.getByTestId('training-password-submit').click();
    await page.getByTestId('training-unlocked').waitFor();
    await pageShot(page, 'training-introduction-mobile');
    // nothing wider than the screen on the shell itself
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByTestId('training-tab-problems').click();
    await page.getByTestId(`training-problem-${p2}`).click();
    await page.getByTestId('problem-detail').waitFor();
    await chooseLanguage(page, 'C');
    await loadCode(page, AC_C);
    await page.getByTestId('submit-code').click();
    await watchStatus(page, 'Accepted');
    await page.getByTestId('congrats').waitFor({ state: 'detached' });
    await page.getByTestId('training-tab-rank').click();
    const cell = page.getByTestId(`tr-cell-${phoneUser.username}-${p2}`);
    await cell.waitFor();
    expect(await cell.getAttribute('class')).toContain('oj-tr-ac');
    await pageShot(page, 'training-rank-mobile');
    await context.close();

    // a 768 px tablet: the list and the rank fit without the page scrolling sideways
    const tablet = await newVisitor(browser, { width: 768, height: 1024 });
    await useSession(tablet.context, await loginSession(phoneUser));
    await tablet.page.goto(`/training?keyword=${tag}`);
    await tablet.page.getByTestId(`training-title-${tid}`).waitFor();
    expect(await tablet.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await pageShot(tablet.page, 'training-list-768');
    await tablet.page.goto(`/training/${tid}/rank`);
    await tablet.page.getByTestId(`tr-cell-${phoneUser.username}-${p2}`).waitFor();
    expect(await tablet.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await pageShot(tablet.page, 'training-rank-768');
    await tablet.context.close();
  }, 180_000);
});
