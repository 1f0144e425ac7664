/**
 * Virtual participation through the screens: after a public ACM contest ended, a user who did not take
 * part starts a virtual participation on the overview (the button is there for him, not for a real
 * participant), sees his own clock in the shell, submits an A + B that is judged, and finds himself on
 * the ghost board among the real participants as they stood at his elapsed time, tagged "virtual";
 * the contest's own board does not have him. Two real participants submit through the API while the
 * contest runs; then their submissions and the contest are moved into the past (the times a board reads),
 * and the virtual run's clock is moved back the same way. The contest is deleted at the end.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp, stampedUser } from '@oj/test-fixtures';
import { launch, newVisitor } from '../lib/browser.js';
import { AC_C as AC, api, createContest, createProblem, registerUser, rootToken, signIn, updateContest, waitVerdict, WA_C as WA } from '../lib/api.js';
import { siteSql } from '../lib/site-db.js';
import { cell, chooseLanguage, loadCode, pageShot } from '../lib/ui.js';

let browser: Browser;
let root: string;
const stamp = runStamp(5);
const tag = `VP${stamp}`;
const ann = stampedUser('vpa', stamp, 'virtual-pass-1');
const ben = stampedUser('vpb', stamp, 'virtual-pass-2');
const vic = stampedUser('vpv', stamp, 'virtual-pass-3');
const MIN = 60_000;
let cid = 0;
/** the contest ran from `start` for two hours and ended half an hour ago */
const start = Math.floor(Date.now() / 1000) * 1000 - 150 * MIN;

async function submit(token: string, code: string, expected: number): Promise<number> {
  const r = await api('POST', '/api/submit-problem-judge', { token, body: { pid: 'A', cid, language: 'C', code } });
  if (r.status !== 200) throw new Error(`submit: ${r.msg}`);
  expect(await waitVerdict(r.data.submitId, token)).toBe(expected);
  return r.data.submitId;
}

beforeAll(async () => {
  browser = await launch();
  root = await rootToken();
  const pid = await createProblem(root, { problemId: `${tag}A`.toUpperCase(), title: `Virtual sum ${stamp}`, difficulty: 1 });
  const annToken = await registerUser(ann);
  const benToken = await registerUser(ben);
  await registerUser(vic);
  cid = await createContest(root, { title: `${tag} Past round` }, [[pid, 'A']]);
  // While it runs: ann solves A, ben fails it. Then both are put 10 and 20 minutes after a start in the past.
  const annSub = await submit(annToken, AC, 0);
  const benSub = await submit(benToken, WA, -1);
  await siteSql('update judge set submit_time = $1 where submit_id = $2', [new Date(start + 10 * MIN), annSub]);
  await siteSql('update judge set submit_time = $1 where submit_id = $2', [new Date(start + 20 * MIN), benSub]);
  // The admin form's save moves the contest (and has every node read its board anew).
  await updateContest(root, cid, { startTime: new Date(start), endTime: new Date(start + 120 * MIN) });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  if (cid) await api('DELETE', `/api/admin/contest?cid=${cid}`, { token: root });
});

describe('virtual participation', () => {
  it('is not offered to a real participant', async () => {
    const { context, page } = await newVisitor(browser, { width: 1280, height: 900 });
    await signIn(page, ann);
    const answer = page.waitForResponse((r) => r.url().includes('/api/get-contest-virtual?'));
    await page.goto(`/contest/${cid}`);
    // The overview asked the server, which refuses one who took part: no button, no card.
    expect((await (await answer).json()).data).toMatchObject({ run: null, start: { allowed: false, reason: { key: 'contestVirtualTookPart' } } });
    await page.getByTestId('contest-rules').waitFor();
    expect(await page.getByTestId('contest-virtual').count()).toBe(0);
    await context.close();
  });

  it('starts, submits an A + B, and shows him among the real participants on the ghost board', async () => {
    const { context, page } = await newVisitor(browser, { width: 768, height: 1000 });
    await signIn(page, vic);
    await page.goto(`/contest/${cid}`);
    await page.getByTestId('contest-virtual-start').waitFor();
    await pageShot(page, 'virtual-overview');
    await page.getByTestId('contest-virtual-start').click();
    await page.locator('.ant-popover:not(.ant-popover-hidden) .ant-btn-primary').click();
    await page.waitForURL(`**/contest/${cid}/problems`);
    // His own clock: about two hours left.
    const clock = page.getByTestId('contest-virtual-clock');
    await clock.waitFor();
    expect(await clock.innerText()).toMatch(/(1:59|2:00):\d\d/);

    await page.getByTestId('contest-problem-A').click();
    await page.waitForURL(`**/contest/${cid}/problem/A`);
    await page.getByTestId('problem-title').waitFor();
    await chooseLanguage(page, 'C');
    await loadCode(page, AC);
    await page.getByTestId('submit-code').click();
    await expect.poll(async () => (await page.getByTestId('submit-status').innerText()).trim(), { timeout: 60_000, interval: 200 }).toContain('Accepted');
    const [mine] = await siteSql<{ vid: number | null }>('select j.vid from judge j join user_info u on u.uid = j.uid where j.cid = $1 and u.username = $2', [
      cid,
      vic.username,
    ]);
    expect(mine?.vid).not.toBeNull();
    // His submissions list marks it as his virtual run's.
    await page.goto(`/contest/${cid}/submissions`);
    await page.locator('[data-testid^="submission-virtual-"]').first().waitFor();
    expect(await page.locator('[data-testid^="submission-virtual-"]').count()).toBe(1);
    await pageShot(page, 'virtual-submissions');

    // His clock is put 30 minutes in: ann's accept (10 min) and ben's try (20 min) stand before his (~30 min).
    await siteSql(
      `update contest_virtual v set start_time = v.start_time - interval '30 minutes', end_time = v.end_time - interval '30 minutes'
       from user_info u where u.uid = v.uid and v.cid = $1 and u.username = $2`,
      [cid, vic.username],
    );
    await siteSql(
      `update judge j set submit_time = j.submit_time - interval '30 seconds' from user_info u where u.uid = j.uid and j.cid = $1 and u.username = $2`,
      [cid, vic.username],
    );
    await page.goto(`/contest/${cid}/rank`);
    await page.getByTestId(`sb-virtual-${vic.username}`).waitFor();
    await page.getByTestId('sb-virtual-notice').waitFor();
    const order = await page
      .locator('.oj-scoreboard tbody tr.ant-table-row:not([data-pinned="true"]) [data-testid^="sb-user-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice('sb-user-'.length)));
    expect(order).toEqual([ann.username, vic.username, ben.username]);
    expect(await cell(page, vic.username, 'A').getAttribute('data-kind')).toMatch(/ac/);
    await pageShot(page, 'virtual-ghost-board');

    // The contest's own board: the real participants only.
    await page.getByTestId('rank-board-real').click();
    await page.getByTestId(`sb-user-${ann.username}`).waitFor();
    expect(await page.getByTestId(`sb-user-${vic.username}`).count()).toBe(0);
    await context.close();
  });
});
