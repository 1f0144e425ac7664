/**
 * "Link a Codeforces run" on the problem page, against the e2e site's stand-in for Codeforces: a user
 * who solved Codeforces 1A there gives his run id instead of his code. The judge looks the run up in
 * the site's public API (contest.status of his Codeforces username): his own Accepted run ends
 * Accepted here, a run of another handle ends Submitted Failed with nothing to resubmit. A run already
 * linked is refused in the dialog, which stays open; a visitor (asked to log in) sees no link button.
 *
 * The file imports CF-1A itself when the bank lacks it (through the API: the page of that is the remote
 * judging file's), so it runs alone or in any order.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp, stampedUser } from '@oj/test-fixtures';
import { api, apiOk, registerUser, rootToken, signIn } from '../lib/api.js';
import { launch, newVisitor, shot, site } from '../lib/browser.js';
import { watchStatus } from '../lib/ui.js';

const PROBLEM = 'CF-1A';
const stamp = runStamp(6);
const user = stampedUser('lr', stamp, 'link-run-1');
/** his handle on Codeforces (profile setting "Codeforces username") */
const handle = `cf_${stamp}`;
// Run ids of this run of the file: far from the stand-in's own submissions (200 000 001 on), and new at
// each run (a run id links once per site).
const runBase = 300_000_000 + (Date.now() % 10_000_000) * 10;
const ownRun = runBase + 1;
const othersRun = runBase + 2;

let browser: Browser;

/** Makes the stand-in list a run of `author` to 1A with the verdict OK, as Codeforces' API would. */
async function codeforcesRun(id: number, author: string) {
  const run = {
    id,
    contestId: 1,
    problem: { contestId: 1, index: 'A' },
    author: { members: [{ handle: author }] },
    verdict: 'OK',
    timeConsumedMillis: 15,
    memoryConsumedBytes: 4 * 1024 * 1024,
  };
  const res = await fetch(`${site().codeforcesUrl}/__e2e/api-run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(run),
  });
  if (!res.ok) throw new Error(`adding run ${id} to the Codeforces stand-in: ${res.status}`);
}

let interval: number | null = null;

beforeAll(async () => {
  browser = await launch();
  const root = await rootToken();
  // Three links in a row: no submit interval to wait out (put back in afterAll).
  interval = (await apiOk<{ submitIntervalSec: number }>('GET', 'admin/switch/info', { token: root })).submitIntervalSec;
  await apiOk('PUT', 'admin/switch/update', { token: root, body: { submitIntervalSec: 0 } });
  // The import fetches the statement from the stand-in (no account needed); done once per site.
  const known = await api('GET', `get-problem-detail?problemId=${PROBLEM}`, { token: root });
  if (known.status !== 200) await apiOk('GET', 'admin/problem/import-remote-oj-problem?name=CF&problemId=1A', { token: root });
  const token = await registerUser(user);
  await apiOk('POST', 'change-userInfo', { token, body: { cfUsername: handle } });
  await codeforcesRun(ownRun, handle);
  await codeforcesRun(othersRun, `not_${handle}`);
}, 180_000);

afterAll(async () => {
  if (interval !== null) await apiOk('PUT', 'admin/switch/update', { token: await rootToken(), body: { submitIntervalSec: interval } });
  await browser?.close();
});

describe('linking a Codeforces run on the problem page', () => {
  it('a visitor sees no link button', async () => {
    const { context, page } = await newVisitor(browser);
    // The site asks a visitor to log in before it shows a problem: the login form, and no link button.
    await page.goto(`/problem/${PROBLEM}`);
    await page.getByTestId('login-form').waitFor();
    expect(await page.getByTestId('link-run').count()).toBe(0);
    await context.close();
  });

  it("his own run ends Accepted; a taken run is refused in the dialog; another handle's run fails with no resubmit", async () => {
    const { context, page } = await newVisitor(browser);
    await signIn(page, user, { at: `/problem/${PROBLEM}` });
    await page.getByTestId('problem-title').getByText('Theatre Square').waitFor();
    // The test id is on the modal's root, which has no box of its own: the dialog is the box inside it.
    const dialog = page.getByTestId('link-run-dialog').locator('.ant-modal');
    const runId = page.getByTestId('link-run-id');

    // Digits only: the form says so and nothing is sent.
    await page.getByTestId('link-run').click();
    await runId.fill('12a');
    await page.getByTestId('link-run-ok').click();
    await dialog.getByText('Enter the run id: its digits only.').waitFor();
    expect(await dialog.innerText()).toContain('Codeforces username');
    expect(await dialog.locator('a[href="/setting"]').count()).toBe(1);
    await shot(page, 'remote-link-run-dialog');

    await runId.fill(String(ownRun));
    await page.getByTestId('link-run-ok').click();
    await dialog.waitFor({ state: 'hidden' });
    await watchStatus(page, 'Accepted', 90_000);
    await shot(page, 'remote-link-run-accepted');
    // The Accepted celebration goes away by itself: the next shot is of the dialog, not of the trophy.
    await page.getByTestId('congrats').waitFor({ state: 'detached' });

    // The same run again: the server's refusal shows in the dialog, which stays open.
    await page.getByTestId('link-run').click();
    await runId.fill(String(ownRun));
    await page.getByTestId('link-run-ok').click();
    await page.getByTestId('link-run-refusal').getByText('This run is already linked.').waitFor();
    expect(await dialog.isVisible()).toBe(true);
    await shot(page, 'remote-link-run-taken');
    expect((await page.getByTestId('submit-status').innerText()).trim()).toContain('Accepted');

    // A run of someone else's handle: the site does not list it among his runs.
    await runId.fill(String(othersRun));
    await page.getByTestId('link-run-ok').click();
    await dialog.waitFor({ state: 'hidden' });
    await watchStatus(page, 'Submitted Failed', 90_000);
    expect(await page.getByTestId('submit-resubmit').count()).toBe(0);
    await shot(page, 'remote-link-run-failed');
    await context.close();
  });
});
