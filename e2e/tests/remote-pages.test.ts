/**
 * Remote judging on the users' pages end to end: the home page's contests of other sites (as the
 * server answers, and a list and a failure answered in the browser), the super admin's "View on
 * {site}" link on a remote problem (no self-test there for anyone), the problem bank's filter by site,
 * and Submitted Failed remote submissions: Resubmit for their owner and for root (not for another user)
 * in the list and on the detail page, answered by the real server; the remote run id for root only.
 * Output Limit Exceeded shows as a verdict and is a filter of the list. The problem is an HDU one and
 * the submissions' states are written in the database: the e2e site's judge serves only a stand-in
 * for Codeforces (remote-judging.test.ts goes through it).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp, stampedUser } from '@oj/test-fixtures';
import { api, apiOk, createProblem, loginToken, registerUser, rootToken, rootUser, signIn } from '../lib/api.js';
import { launch, newVisitor, shot } from '../lib/browser.js';
import { siteSql } from '../lib/site-db.js';
import { toast } from '../lib/ui.js';

let browser: Browser;
let token: string;
const stamp = runStamp(6).toUpperCase();
const problemId = `HDU-${stamp}`;
const remoteUrl = `https://acm.hdu.edu.cn/showproblem.php?pid=${stamp}`;
const owner = stampedUser('rpo', stamp.toLowerCase(), 'remote-pass-1');
const other = stampedUser('rpx', stamp.toLowerCase(), 'remote-pass-2');
let pid = 0;

/** A submission of the owner to the remote problem in `status`, as a remote judge leaves it. */
async function remoteSubmission(status: number, o: { runId?: string; error?: string } = {}) {
  const [u] = await siteSql<{ uid: string }>('select uid from user_info where username = $1', [owner.username]);
  const [row] = await siteSql<{ submit_id: number }>(
    `insert into judge (pid, display_pid, uid, username, status, language, code, length, is_remote, error_message, remote_run_id, time, memory)
     values ($1, $2, $3, $4, $5, 'G++', 'int main(){}', 12, true, $6, $7, $8, $9) returning submit_id`,
    [pid, problemId, u!.uid, owner.username, status, o.error ?? null, o.runId ?? null, status === 11 ? 15 : null, status === 11 ? 2048 : null],
  );
  return row!.submit_id;
}

const row = (page: Page, submitId: number) => page.locator('.ant-table-row', { has: page.getByTestId(`run-${submitId}`) });

beforeAll(async () => {
  browser = await launch();
  token = await rootToken();
  for (const u of [owner, other]) await registerUser(u);
  pid = await createProblem(token, { problemId, title: `Remote A + B ${stamp}` });
  // As an import leaves it: judged on HDU, its page there.
  await siteSql(`update problem set is_remote = true, remote_oj = 'HDU', remote_id = $2, remote_url = $3 where id = $1`, [pid, stamp, remoteUrl]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('contests of other sites on the home page', () => {
  const hour = 3_600_000;
  const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
  const contests = [
    { oj: 'CF', title: `Codeforces Round ${stamp}`, url: 'https://codeforces.com/contests', beginTime: iso(-hour), endTime: iso(hour) },
    { oj: 'AC', title: `AtCoder Beginner Contest ${stamp}`, url: 'https://atcoder.jp/contests/', beginTime: iso(26 * hour), endTime: iso(27.5 * hour) },
    { oj: 'GYM', title: `A gym of ${stamp}`, url: 'javascript:alert(1)', beginTime: iso(50 * hour), endTime: iso(55 * hour) },
  ];
  const answer = (data: unknown) => ({ contentType: 'application/json', body: JSON.stringify({ status: 200, msg: 'success', data }) });

  it('lists them with the site, links to them in a new tab, and never holds the page up', async () => {
    // As the server answers (whatever the sites' lists hold): the card settles, the page is whole.
    const { context, page } = await newVisitor(browser);
    await page.goto('/home?l=en-US');
    const card = page.getByTestId('other-contests');
    // The card comes with its chunk when its place, the last of the page, is on screen.
    await card.or(page.getByTestId('other-contests-slot')).first().scrollIntoViewIfNeeded();
    await card.waitFor();
    await expect.poll(() => card.locator('.oj-skeleton').count()).toBe(0);
    await page.getByTestId('recent-contests').locator('.oj-skeleton').waitFor({ state: 'detached' });

    // A list: each contest with its site, status, start and duration; only web addresses are links.
    await page.route('**/api/get-recent-other-contest', (route) => route.fulfill(answer(contests)));
    await page.reload();
    await card.or(page.getByTestId('other-contests-slot')).first().scrollIntoViewIfNeeded();
    await card.getByText(contests[0]!.title).waitFor();
    expect(await card.getByTestId('other-contest').count()).toBe(3);
    const first = card.getByTestId('other-contest').first();
    expect(await first.innerText()).toContain('Codeforces');
    expect(await first.innerText()).toContain('Running');
    expect(await first.innerText()).toContain('2 hours');
    const links = await card.locator('a').evaluateAll((as) => as.map((a) => [a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')]));
    expect(links).toEqual([
      [contests[0]!.url, '_blank', 'noopener noreferrer'],
      [contests[1]!.url, '_blank', 'noopener noreferrer'],
    ]);
    await shot(page, 'remote-home-other-contests');

    // A failure: the card's empty state, the rest of the page as always.
    await page.unroute('**/api/get-recent-other-contest');
    await page.route('**/api/get-recent-other-contest', (route) => route.fulfill({ status: 500, body: 'down' }));
    await page.reload();
    await card.or(page.getByTestId('other-contests-slot')).first().scrollIntoViewIfNeeded();
    await card.getByText('Failed to load').waitFor();
    await page.getByTestId('recent-contests').locator('.oj-skeleton').waitFor({ state: 'detached' });
    expect(await page.getByTestId('announcements').isVisible()).toBe(true);
    await context.close();
  });

  it('fits 768 px wide screens', async () => {
    const { context, page } = await newVisitor(browser, { width: 768, height: 1000 });
    await page.route('**/api/get-recent-other-contest', (route) => route.fulfill(answer(contests)));
    await page.goto('/home?l=zh-CN');
    const card = page.getByTestId('other-contests');
    await card.or(page.getByTestId('other-contests-slot')).first().scrollIntoViewIfNeeded();
    await card.getByText(contests[2]!.title).waitFor();
    await card.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
    await shot(page, 'remote-home-other-contests-768');
    await context.close();
  });
});

describe('a remote problem and its submissions', () => {
  it('shows the super admin a link to the problem on its site; nobody gets a self-test of it', async () => {
    const detail = await apiOk<{ problem: { remoteOj: string; remoteUrl: string } }>('GET', `get-problem-detail?problemId=${problemId}`, { token });
    expect(detail.problem).toMatchObject({ remoteOj: 'HDU', remoteUrl });

    const { context, page } = await newVisitor(browser);
    await signIn(page, rootUser, { at: `/problem/${problemId}` });
    const link = page.getByTestId('view-on-site');
    await link.waitFor();
    expect(await link.innerText()).toBe('View on HDU');
    expect(await link.evaluate((a) => [a.tagName, a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')])).toEqual([
      'A',
      remoteUrl,
      '_blank',
      'noopener noreferrer',
    ]);
    expect(await page.getByTestId('open-test-run').count()).toBe(0);
    await shot(page, 'remote-problem-root');
    await context.close();

    const u = await newVisitor(browser);
    await signIn(u.page, owner, { at: `/problem/${problemId}` });
    await u.page.getByTestId('problem-title').waitFor();
    await u.page.getByTestId('submit-code').waitFor();
    expect(await u.page.getByTestId('view-on-site').count()).toBe(0);
    expect(await u.page.getByTestId('open-test-run').count()).toBe(0);
    await u.context.close();
  });

  it('is found in the problem bank under its site: the filter names the seven sites', async () => {
    const { context, page } = await newVisitor(browser);
    await signIn(page, owner, { at: '/problem?oj=HDU' });
    const table = page.getByTestId('problem-table');
    await table.getByText(problemId).waitFor();
    // Only HDU's problems (ours are ME, other sites' under their own key).
    for (const text of await table.locator('.ant-table-row').allInnerTexts()) expect(text).toContain('HDU-');
    await page.getByTestId('problem-bank').click();
    const menu = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    const names = ['HDU', 'Codeforces', 'POJ', 'Codeforces Gym', 'AtCoder', 'SPOJ', 'LibreOJ'];
    for (const name of names) await menu.locator(`.ant-select-item-option[title="${name}"]`).waitFor({ state: 'attached' });
    await menu.locator('.ant-select-item-option[title="Codeforces"]').click();
    await page.waitForURL(/oj=CF/);
    await table.getByText(problemId).waitFor({ state: 'detached' });
    await context.close();
  });

  it('offers Resubmit on a Submitted Failed one to its owner in the list; the server queues it again', async () => {
    const failed = await remoteSubmission(10, { error: 'Submitting to HDU failed: the site answered 503.' });
    const ole = await remoteSubmission(11);

    // Another user sees the row, without the button.
    const x = await newVisitor(browser);
    await signIn(x.page, other, { at: `/status?problemID=${problemId}` });
    await x.page.getByTestId(`run-${failed}`).waitFor();
    expect(await x.page.getByTestId(`resubmit-${failed}`).count()).toBe(0);
    await x.context.close();

    const { context, page } = await newVisitor(browser);
    await signIn(page, owner, { at: `/status?problemID=${problemId}` });
    await page.getByTestId(`run-${failed}`).waitFor();
    expect(await row(page, failed).locator('.oj-status-tag').innerText()).toBe('Submitted Failed');
    expect(await row(page, ole).locator('.oj-status-tag').innerText()).toBe('Output Limit Exceeded');
    // Only the failed one offers it.
    expect(await page.getByTestId(`resubmit-${ole}`).count()).toBe(0);
    await shot(page, 'remote-status-resubmit');
    await page.getByTestId(`resubmit-${failed}`).click();
    await toast(page, 'Submitted again');
    expect(await row(page, failed).locator('.oj-status-tag').innerText()).toBe('Pending');
    expect(await page.getByTestId(`resubmit-${failed}`).count()).toBe(0);
    const [stored] = await siteSql<{ status: number }>('select status from judge where submit_id = $1', [failed]);
    expect(stored!.status).not.toBe(10);

    // Output Limit Exceeded is a filter of the list.
    await page.goto(`/status?problemID=${problemId}&status=11`);
    await page.getByTestId(`run-${ole}`).waitFor();
    await expect.poll(() => page.getByTestId(`run-${failed}`).count()).toBe(0);
    await context.close();
  });

  it('on the detail page: Resubmit for root too, and the remote run id for root only', async () => {
    const failed = await remoteSubmission(10, { error: 'Submitting to HDU failed: the site answered 503.', runId: `RUN${stamp}` });

    const o = await newVisitor(browser);
    await signIn(o.page, owner, { at: `/submission-detail/${failed}` });
    await o.page.getByTestId('submission-error').waitFor();
    expect(await o.page.getByTestId(`resubmit-${failed}`).count()).toBe(1);
    expect(await o.page.getByTestId('remote-run-id').count()).toBe(0);
    await o.context.close();

    const { context, page } = await newVisitor(browser);
    await signIn(page, rootUser, { at: `/submission-detail/${failed}` });
    await page.getByTestId('submission-banner').waitFor();
    expect(await page.getByTestId('remote-run-id').innerText()).toBe(`RUN${stamp}`);
    await shot(page, 'remote-submission-detail-root');
    await page.getByTestId(`resubmit-${failed}`).click();
    await toast(page, 'Submitted again');
    // The page follows the submission again: no longer Submitted Failed.
    await expect.poll(() => page.getByTestId('submission-banner').getAttribute('data-status')).not.toBe('10');
    expect(await page.getByTestId(`resubmit-${failed}`).count()).toBe(0);
    await context.close();

    // The server's rule, asked directly: another user may not.
    const again = await remoteSubmission(10);
    const refused = await api('GET', `resubmit?submitId=${again}`, { token: await loginToken(other) });
    expect(refused.status).not.toBe(200);
  });
});
