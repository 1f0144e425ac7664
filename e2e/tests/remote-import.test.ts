/**
 * Importing a problem of a remote judge from the admin screens end to end: one dialog behind an
 * "Import remote problem" button in the bank's admin list, a training's problems, a contest's problems
 * (under the next free display id) and a group's problem admin. Each sends its own call with the site
 * and id typed, toasts the answer (a new problem, or one fetched again), closes and reloads its list; a
 * refusal keeps the dialog open with the server's message. The import calls are answered in the
 * browser as the server answers them, so each place's call and each answer is checked on its own (a real
 * import through the site's judge and its Codeforces stand-in is in remote-judging.test.ts); everything
 * else is the real server. A group's contests have no import call and no button.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp } from '@oj/test-fixtures';
import { apiOk, createContest, createProblem, rootToken, rootUser, signIn } from '../lib/api.js';
import { launch, newVisitor, shot } from '../lib/browser.js';
import { insertGroup } from '../lib/group-db.js';
import { siteSql } from '../lib/site-db.js';
import { toast, pickOption } from '../lib/ui.js';

let browser: Browser;
let token: string;
const stamp = runStamp(6).toUpperCase();
let cid = 0;
let tid = 0;
let gid = 0;

/** The import calls the page made, and how the server answers them (a refusal for problem id "missing"). */
async function answerImports(page: Page) {
  const calls: URL[] = [];
  await page.route('**/api/**/import-remote-oj-problem?**', (route) => {
    const url = new URL(route.request().url());
    calls.push(url);
    const problemId = url.searchParams.get('problemId')!;
    const body =
      problemId === 'missing'
        ? { status: 400, msg: `The problem ${problemId} does not exist on ${url.searchParams.get('name')}.`, data: null }
        : {
            status: 200,
            msg: 'success',
            data: { id: 1_000_000, problemId: `${url.searchParams.get('name')}-${problemId}`, title: `Remote ${stamp}`, created: problemId !== 'again' },
          };
    return route.fulfill({ contentType: 'application/json', body: JSON.stringify(body) });
  });
  return calls;
}

/** Requests of a list (its path) made from now on. */
function countRequests(page: Page, path: string) {
  let n = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === path) n += 1;
  });
  return () => n;
}

/** Imports `problemId` of `site` through the dialog; resolves once the dialog closed after its success toast. */
async function importThroughDialog(page: Page, site: string, problemId: string, toastText: string) {
  await page.getByTestId('remote-import').click();
  await page.getByTestId('remote-import-dialog').waitFor();
  await pickOption(page, 'remote-import-site', site);
  await page.getByTestId('remote-import-problem-id').fill(problemId);
  await page.getByTestId('remote-import-ok').click();
  await toast(page, toastText);
  await page.getByTestId('remote-import-dialog').waitFor({ state: 'hidden' });
}

beforeAll(async () => {
  browser = await launch();
  token = await rootToken();
  const a = await createProblem(token, { problemId: `RIA${stamp}`, title: 'Remote import A' });
  const b = await createProblem(token, { problemId: `RIB${stamp}`, title: 'Remote import B' });
  cid = await createContest(token, { title: `Remote import ${stamp}` }, [
    [a, 'A'],
    [b, 'B'],
  ]);
  const categories = await apiOk<{ id: number }[]>('GET', '/api/get-training-category', { token });
  const training = await apiOk<{ training: { id: number } }>('POST', '/api/admin/training', {
    token,
    body: {
      training: { title: `Remote import ${stamp}`, description: 'Remote problems.', auth: 'Public', rank: 1000, status: true },
      trainingCategory: { id: categories[0]!.id },
    },
  });
  tid = training.training.id;
  gid = await insertGroup({ owner: 'root' });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (gid) await siteSql(`delete from "group" where id = $1`, [gid]);
});

describe('importing a remote problem', () => {
  it('into the bank: the fields are checked, a new and a refreshed problem are told apart, a refusal keeps the dialog', async () => {
    const { context, page } = await newVisitor(browser);
    const calls = await answerImports(page);
    await signIn(page, rootUser, { admin: true, at: '/admin/dashboard' });
    await page.goto('/admin/problems');
    await page.getByTestId('problem-bank-filter').waitFor();
    const lists = countRequests(page, '/api/admin/problem/get-problem-list');

    await page.getByTestId('remote-import').click();
    await page.getByTestId('remote-import-dialog').waitFor();
    await page.getByTestId('remote-import-ok').click();
    await page.getByText('Enter the problem ID').waitFor();
    expect(calls).toHaveLength(0);
    await pickOption(page, 'remote-import-site', 'AtCoder');
    // The example follows the site chosen.
    expect(await page.getByTestId('remote-import-problem-id').getAttribute('placeholder')).toBe('e.g. abc300_a');
    await page.getByTestId('remote-import-problem-id').fill('abc300_a');
    await shot(page, 'remote-import-bank');
    await page.getByTestId('remote-import-ok').click();
    await toast(page, `Imported AC-abc300_a Remote ${stamp}`);
    await page.getByTestId('remote-import-dialog').waitFor({ state: 'hidden' });
    expect(calls.map((u) => u.pathname + u.search)).toEqual(['/api/admin/problem/import-remote-oj-problem?name=AC&problemId=abc300_a']);
    await expect.poll(lists).toBeGreaterThan(0);

    // Opened again: empty, on the site used last.
    await page.getByTestId('remote-import').click();
    expect(await page.getByTestId('remote-import-problem-id').inputValue()).toBe('');
    await page.getByTestId('remote-import-problem-id').fill('again');
    await page.getByTestId('remote-import-ok').click();
    await toast(page, `AC-again Remote ${stamp} was here already: its statement was fetched again`);
    expect(calls.at(-1)!.searchParams.get('name')).toBe('AC');

    await page.getByTestId('remote-import').click();
    await page.getByTestId('remote-import-problem-id').fill('missing');
    await page.getByTestId('remote-import-ok').click();
    await toast(page, 'The problem missing does not exist on AC.');
    expect(await page.getByTestId('remote-import-dialog').isVisible()).toBe(true);
    await context.close();
  });

  it('into a training, a contest (under the next free display id) and a group, each with its own call', async () => {
    const { context, page } = await newVisitor(browser);
    const calls = await answerImports(page);
    await signIn(page, rootUser, { admin: true, at: '/admin/dashboard' });

    await page.goto(`/admin/training/${tid}/problems`);
    await page.getByTestId('training-problem-table').waitFor();
    let lists = countRequests(page, '/api/admin/training/get-problem-list');
    await importThroughDialog(page, 'Codeforces', '1A', `Imported CF-1A Remote ${stamp}`);
    expect(calls.at(-1)!.pathname).toBe('/api/admin/training/import-remote-oj-problem');
    expect(Object.fromEntries(calls.at(-1)!.searchParams)).toEqual({ name: 'CF', problemId: '1A', tid: String(tid) });
    await expect.poll(lists).toBeGreaterThan(0);

    await page.goto(`/admin/contest/${cid}/problems`);
    await page.getByTestId('cp-display-id-B').waitFor();
    lists = countRequests(page, '/api/admin/contest/get-problem-list');
    await page.getByTestId('remote-import').click();
    await expect.poll(() => page.getByTestId('remote-import-display-id').inputValue()).toBe('C');
    await pickOption(page, 'remote-import-site', 'POJ');
    await page.getByTestId('remote-import-problem-id').fill('1000');
    await shot(page, 'remote-import-contest');
    await page.getByTestId('remote-import-ok').click();
    await toast(page, `Imported POJ-1000 Remote ${stamp}`);
    expect(calls.at(-1)!.pathname).toBe('/api/admin/contest/import-remote-oj-problem');
    expect(Object.fromEntries(calls.at(-1)!.searchParams)).toEqual({ name: 'POJ', problemId: '1000', cid: String(cid), displayId: 'C' });
    await expect.poll(lists).toBeGreaterThan(0);

    await page.goto(`/group/${gid}/problem?admin=true`);
    await page.getByTestId('group-problem-admin-table').waitFor();
    await importThroughDialog(page, 'LibreOJ', '1', `Imported LIBRE-1 Remote ${stamp}`);
    expect(calls.at(-1)!.pathname).toBe('/api/group/import-remote-oj-problem');
    expect(Object.fromEntries(calls.at(-1)!.searchParams)).toEqual({ name: 'LIBRE', problemId: '1', gid: String(gid) });
    // The members' list has no import; the group's contests have no import call.
    await page.getByTestId('group-problem-admin-toggle').click();
    await page.getByTestId('group-problem-table').waitFor();
    expect(await page.getByTestId('remote-import').count()).toBe(0);
    await context.close();
  });

  it('fits 768 px wide screens: the buttons wrap, the dialog fits', async () => {
    const { context, page } = await newVisitor(browser, { width: 768, height: 1000 });
    await signIn(page, rootUser, { admin: true, at: '/admin/dashboard' });
    for (const path of ['/admin/problems', `/admin/training/${tid}/problems`, `/admin/contest/${cid}/problems`, `/group/${gid}/problem?admin=true`]) {
      await page.goto(path);
      await page.getByTestId('remote-import').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), path).toBeLessThanOrEqual(1);
    }
    await page.getByTestId('remote-import').click();
    await page.getByTestId('remote-import-dialog').waitFor();
    await shot(page, 'remote-import-768');
    await context.close();
  });
});
