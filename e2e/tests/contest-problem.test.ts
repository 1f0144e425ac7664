/**
 * Contest problem pages end to end: in a running ACM contest (made through the admin API, A + B and a
 * second problem) a user opens problem A from the contest, submits a wrong and a right answer and sees
 * the verdicts live, finds them in the contest's submissions tab next to another user's submission
 * (whose code stays hidden), moves through focus mode with the bottom bar and sees the contest's
 * context menu; an ended contest refuses with "Contest has ended"; an OI contest sealed for the whole
 * contest asks before covering an earlier submission. Screenshots at 1280 and 768 px.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp, stampedUser } from '@oj/test-fixtures';
import { launch, newVisitor, shot } from '../lib/browser.js';
import { AC_C as AC, api, apiOk, createContest, createProblem, loginToken, registerUser, rootToken, signIn, waitVerdict, WA_C as WA } from '../lib/api.js';
import { chooseLanguage, loadCode, openEditor, watchStatus } from '../lib/ui.js';

let browser: Browser;
const stamp = runStamp(6);
const user = stampedUser('cp', stamp, 'secret-pass1');
const other = stampedUser('cq', stamp, 'secret-pass1');

let root: string;
let otherToken: string;
let acm: number;
let ended: number;
let oi: number;
let prot: number;
let otherSubmitId: number;

const iso = (minFromNow: number) => new Date(Date.now() + minFromNow * 60_000).toISOString();

/** The internal id of a bank problem, made through the admin API when the site has no such problem. */
async function problemPid(problemId: string, title: string, type: 0 | 1): Promise<number> {
  const found = await api('GET', `get-problem-detail?problemId=${problemId}`, { token: root });
  if (found.status === 200) return found.data.problem.id as number;
  return createProblem(root, { problemId, title, type });
}

/** A contest of root's, running since 10 minutes, with the given problems. */
const contest = (o: Record<string, unknown>, problems: [number, string][]) =>
  createContest(root, { title: `E2E ${stamp}`, description: 'Contest problem pages.', startTime: iso(-10), endTime: iso(120), ...o }, problems);

const userToken = () => loginToken(user);

beforeAll(async () => {
  browser = await launch();
  root = await rootToken();
  const aPlusB = await problemPid('P1000', 'A + B Problem', 0);
  const second = await problemPid('P1001', 'Maximum of N Numbers', 0);
  const oiProblem = await problemPid(`OI${stamp}`.toUpperCase(), 'A + B (OI)', 1);
  acm = await contest({ title: `ACM ${stamp}` }, [
    [aPlusB, 'A'],
    [second, 'B'],
  ]);
  ended = await contest({ title: `Ended ${stamp}`, startTime: iso(-180), endTime: iso(-60) }, [[aPlusB, 'A']]);
  oi = await contest({ title: `OI ${stamp}`, type: 1, sealRank: true }, [[oiProblem, 'A']]);
  prot = await contest({ title: `Protected ${stamp}`, auth: 2, pwd: 'let-me-in' }, [[aPlusB, 'A']]);
  await registerUser(user);
  otherToken = await registerUser(other);
  // Someone else's submission in the contest, judged before the browser looks.
  const sub = await apiOk<{ submitId: number }>('POST', 'submit-problem-judge', { token: otherToken, body: { pid: 'A', cid: acm, language: 'C', code: WA } });
  otherSubmitId = sub.submitId;
  await waitVerdict(otherSubmitId, otherToken);
});
afterAll(() => browser?.close());

describe('contest problem pages', () => {
  it('submits from the contest, lists the submissions, moves through focus mode', { timeout: 180_000 }, async () => {
    const { context, page } = await newVisitor(browser);
    await signIn(page, user);
    await page.goto(`/contest/${acm}/problems`);
    await page.getByTestId('contest-problem-A').click();
    await page.waitForURL(`**/contest/${acm}/problem/A`);
    await page.getByTestId('problem-title').waitFor();
    expect(await page.getByTestId('problem-title').innerText()).toMatch(/^A\s/);
    // no discussion inside a contest; the solutions lead to the contest's submissions of A
    expect(await page.locator('[data-testid="problem-description"] a[href^="/discussion"]').count()).toBe(0);
    expect(await page.getByTestId('problem-solutions').getAttribute('href')).toBe(`/contest/${acm}/submissions?problemID=A&completeProblemID=true`);
    await chooseLanguage(page, 'C');

    await loadCode(page, WA);
    await page.getByTestId('submit-code').click();
    const waSeen = await watchStatus(page, 'Wrong Answer');
    expect(waSeen.some((s) => /Submitting|Pending|Compiling|Judging/.test(s))).toBe(true);
    // no practice interval inside a contest: at once again
    await loadCode(page, AC);
    await page.getByTestId('submit-code').click();
    await watchStatus(page, 'Accepted');
    await page.getByTestId('congrats').waitFor();
    await page.getByTestId('congrats').waitFor({ state: 'detached', timeout: 6000 });
    const tabs = page.getByTestId('problem-detail');
    await tabs.getByRole('tab', { name: 'My submissions' }).click();
    await expect.poll(() => page.getByTestId('my-submissions').innerText()).toMatch(/Accepted[\s\S]*Wrong Answer/);
    await tabs.getByRole('tab', { name: 'Problem' }).click();
    await shot(page, 'contest-problem-1280');

    // The status tag leads to the contest's submission detail.
    await page.getByTestId('submit-status').locator('.ant-tag').click();
    await page.waitForURL(new RegExp(`/contest/${acm}/problem/A/submission-detail/\\d+$`));
    await page.getByTestId('submission-banner').waitFor();
    expect(await page.getByTestId('submission-banner').getAttribute('data-status')).toBe('0');
    await page.getByTestId('submission-code').waitFor();

    // Submissions tab: mine and the other user's, whose code is not shown.
    await page.goto(`/contest/${acm}/submissions`);
    await page.getByTestId('contest-submissions').waitFor();
    await expect.poll(() => page.getByTestId('status-table').innerText()).toContain(other.username);
    const table = await page.getByTestId('status-table').innerText();
    expect(table).toContain(user.username);
    expect(table).toMatch(/Accepted/);
    expect(await page.getByTestId('contest-submissions').locator('.ant-card-head-title').innerText()).toBe('Submissions');
    // ACM: no score column
    expect(await page.getByTestId('status-table').locator('th', { hasText: 'Score' }).count()).toBe(0);
    await shot(page, 'contest-submissions-1280');
    await page.getByTestId(`run-${otherSubmitId}`).click();
    await page.waitForURL(`**/contest/${acm}/problem/A/submission-detail/${otherSubmitId}`);
    await page.getByTestId('submission-banner').waitFor();
    expect(await page.getByTestId('submission-banner').getAttribute('data-status')).toBe('-1');
    expect(await page.getByTestId('submission-code').count()).toBe(0);
    expect(await page.getByTestId('submission-detail').innerText()).toContain('not shared');
    await shot(page, 'contest-submission-detail-1280');
    await page.getByTestId('back-to-submissions').click();
    await page.waitForURL(`**/contest/${acm}/submissions`);

    // Filtered to a problem: 'Problem Submissions'.
    await page.goto(`/contest/${acm}/submissions?problemID=B`);
    await page.getByTestId('contest-submissions').waitFor();
    await expect.poll(() => page.getByTestId('contest-submissions').locator('.ant-card-head-title').innerText()).toBe('Problem Submissions');

    // Focus mode: the toggle leads to the full-screen route with the contest's context menu and the problem bar.
    await page.goto(`/contest/${acm}/problem/A`);
    await page.getByTestId('editor-focus').click();
    await page.waitForURL(`**/contest/${acm}/problem/A/full-screen`);
    await page.getByTestId('problem-navbar').waitFor();
    await page.getByTestId('context-menu').waitFor();
    const hrefs = await Promise.all(
      ['ctx-home', 'ctx-contest', 'ctx-problems', 'ctx-submissions', 'ctx-rank'].map((id) => page.getByTestId(id).getAttribute('href')),
    );
    expect(hrefs).toEqual(['/home', `/contest/${acm}`, `/contest/${acm}/problems`, `/contest/${acm}/submissions?onlyMine=true`, `/contest/${acm}/rank`]);
    expect(await page.getByTestId('main-menu').count()).toBe(0);
    // A is accepted in the bar
    await page.getByTestId('nav-problem-A').getByTestId('own-status-0').waitFor();
    await page.getByTestId('problem-title').waitFor();
    await shot(page, 'contest-full-screen-1280');
    await page.getByTestId('nav-next').click();
    await page.waitForURL(`**/contest/${acm}/problem/B/full-screen`);
    await expect.poll(() => page.getByTestId('problem-title').innerText()).toMatch(/^B\s/);
    expect(await page.getByTestId('nav-next').isDisabled()).toBe(true);
    await page.getByTestId('nav-prev').click();
    await page.waitForURL(`**/contest/${acm}/problem/A/full-screen`);
    await page.getByTestId('nav-problem-B').click();
    await page.waitForURL(`**/contest/${acm}/problem/B/full-screen`);
    // and back out of focus mode
    await expect.poll(() => page.getByTestId('problem-title').innerText()).toMatch(/^B\s/);
    await page.getByTestId('editor-focus').click();
    await page.waitForURL(`**/contest/${acm}/problem/B`);
    await page.getByTestId('main-menu').waitFor();
    await page.getByTestId('ctx-submissions').waitFor({ state: 'detached' });
    await context.close();
  });

  it('refuses submitting to an ended contest', async () => {
    const { context, page } = await newVisitor(browser);
    await signIn(page, user);
    await page.goto(`/contest/${ended}/problem/A`);
    await page.getByTestId('problem-title').waitFor();
    expect(await page.getByTestId('submit-blocked').innerText()).toBe('Contest has ended');
    expect(await page.getByTestId('submit-code').isDisabled()).toBe(true);
    await context.close();
  });

  it('asks for the password of a protected contest before submitting', async () => {
    const { context, page } = await newVisitor(browser);
    await signIn(page, user);
    await page.goto(`/contest/${prot}/problem/A`);
    await page.getByTestId('problem-title').waitFor();
    await chooseLanguage(page, 'C');
    await loadCode(page, AC);
    await page.getByTestId('submit-code').click();
    await page.getByTestId('contest-password-input').waitFor();
    await page.getByTestId('contest-password-input').fill('let-me-in');
    await page.locator('.ant-modal:visible').getByRole('button', { name: 'Register' }).dispatchEvent('click');
    // registered, the submission goes on by itself
    await watchStatus(page, 'Accepted');
    expect((await apiOk<{ access: boolean }>('GET', `get-contest-access?cid=${prot}`, { token: await userToken() })).access).toBe(true);
    await context.close();
  });

  it('asks before covering a submission in an OI contest sealed for the viewer', async () => {
    const { context, page } = await newVisitor(browser);
    await signIn(page, user);
    await page.goto(`/contest/${oi}/problem/A`);
    await page.getByTestId('problem-title').waitFor();
    await chooseLanguage(page, 'C');
    await loadCode(page, AC);
    // first submission: nothing to cover; the sealed result is unknown to the participant
    await page.getByTestId('submit-code').click();
    await watchStatus(page, 'Unknown Result');
    expect(await page.locator('.oj-cover-confirm').count()).toBe(0);
    // second one: the confirmation, and cancelling submits nothing. (With the harness's zero-length
    // animations a closed antd dialog can stay in the DOM, so buttons are pressed by event.)
    const openConfirm = page.locator('.oj-cover-confirm .ant-modal-confirm:not(.ant-zoom-leave)');
    await page.getByTestId('submit-code').click();
    await openConfirm.waitFor();
    expect(await openConfirm.innerText()).toContain('You have submission in this problem, sure to cover it');
    await openConfirm.getByRole('button', { name: 'Cancel' }).dispatchEvent('click');
    await openConfirm.waitFor({ state: 'detached' });
    await page.getByTestId('submit-code').dispatchEvent('click');
    await openConfirm.waitFor();
    await page.waitForTimeout(600);
    await shot(page, 'contest-oi-cover-confirm');
    await openConfirm.getByRole('button', { name: 'Submit' }).dispatchEvent('click');
    await page.getByTestId('problem-detail').getByRole('tab', { name: 'My submissions' }).dispatchEvent('click');
    await expect.poll(async () => await page.getByTestId('my-submissions').locator('tbody tr.ant-table-row').count()).toBe(2);
    await context.close();
  });

  it('looks right at 768 px', async () => {
    const { context, page } = await newVisitor(browser, { width: 768, height: 1000 });
    await signIn(page, user);
    await page.goto(`/contest/${acm}/problem/A`);
    await page.getByTestId('problem-title').waitFor();
    await openEditor(page);
    await shot(page, 'contest-problem-768');
    await page.goto(`/contest/${acm}/problem/A/full-screen`);
    await page.getByTestId('problem-navbar').waitFor();
    await page.getByTestId('problem-title').waitFor();
    await shot(page, 'contest-full-screen-768');
    await page.goto(`/contest/${acm}/submissions`);
    await expect.poll(() => page.getByTestId('status-table').innerText()).toContain(other.username);
    await shot(page, 'contest-submissions-768');
    await context.close();
  });
});
