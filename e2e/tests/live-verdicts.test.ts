/**
 * Live verdicts: after Submit the problem page shows each status the moment the server stores it, with
 * the cases judged so far ("Judging 3/12"), through the live stream; with the stream unavailable the
 * page polls as before and still reaches the verdict. The time from the judge's report (its result
 * stored: `judge_task.finished_at`) to the verdict text on screen is printed, not asserted.
 */
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp, stampedUser } from '@oj/test-fixtures';
import { launch, newVisitor } from '../lib/browser.js';
import { api, registerUser, rootToken, signIn } from '../lib/api.js';
import { siteSql } from '../lib/site-db.js';
import { chooseLanguage, loadCode, submitWhenAllowed, watchStatus } from '../lib/ui.js';

let browser: Browser;
const stamp = runStamp(5);
const solver = stampedUser('lv', stamp, 'live-pass');
const problemId = `LV${stamp}`.toUpperCase();
const CASES = 12;

/** A + B that spins a little first, so the judging of twelve cases lasts long enough to be watched. */
const SLOW_AC = `#include <stdio.h>
int main(void) {
  volatile long spin = 0;
  for (long i = 0; i < 60000000L; i++) spin += i;
  long long a, b;
  if (scanf("%lld %lld", &a, &b) != 2) return 1;
  printf("%lld\\n", a + b);
  return 0;
}
`;

beforeAll(async () => {
  browser = await launch();
  const samples = Array.from({ length: CASES }, (_, i) => ({ input: `${i} ${i + 1}\n`, output: `${2 * i + 1}\n` }));
  const created = await api('POST', '/api/admin/problem', {
    token: await rootToken(),
    body: { problem: { problemId, title: 'Live A + B', description: 'Add.', difficulty: 1 }, samples, languages: [], tags: [] },
  });
  if (created.status !== 200) throw new Error(`create problem: ${created.msg}`);
  await registerUser(solver);
});
afterAll(() => browser?.close());

/** Records every text the submit status shows, with the browser's clock, from now on. */
async function recordStatus(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __statusLog: { at: number; text: string }[] };
    w.__statusLog = [];
    const look = () => {
      const text = (document.querySelector('[data-testid="submit-status"]') as HTMLElement | null)?.innerText.trim() ?? '';
      const log = w.__statusLog;
      if (text && log[log.length - 1]?.text !== text) log.push({ at: Date.now(), text });
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

const statusLog = (page: Page) => page.evaluate(() => (window as unknown as { __statusLog: { at: number; text: string }[] }).__statusLog);

/** Submits the slow A + B from the problem page; answers the submission id. */
async function submitFromPage(page: Page): Promise<number> {
  await page.goto(`/problem/${problemId}`);
  await page.getByTestId('problem-title').waitFor();
  await chooseLanguage(page, 'C');
  await loadCode(page, SLOW_AC);
  await recordStatus(page);
  // The site's submit interval may refuse the first click (submitWhenAllowed waits and clicks again).
  let submitId = 0;
  const taken = (r: Response) => {
    if (!r.url().includes('/api/submit-problem-judge') || r.request().method() !== 'POST') return;
    void r.json().then((b: { status: number; data?: { submitId?: number } }) => {
      if (b.status === 200 && b.data?.submitId) submitId = b.data.submitId;
    });
  };
  page.on('response', taken);
  await submitWhenAllowed(page);
  await expect.poll(() => submitId).toBeGreaterThan(0);
  page.off('response', taken);
  return submitId;
}

/** When the judge's result was stored (ms, the server's clock: the same machine as the browser's). */
async function reportedAt(submitId: number): Promise<number> {
  const [row] = await siteSql<{ at: string }>('select (extract(epoch from finished_at) * 1000)::bigint as at from judge_task where submit_id = $1', [submitId]);
  return Number(row!.at);
}

describe('live verdicts', () => {
  it('shows the cases judged while judging and the verdict right after the judge reports it, over the live stream', async () => {
    const { context, page } = await newVisitor(browser);
    const streams: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/live/stream')) streams.push(`${r.status()} ${r.headers()['content-type'] ?? ''}`);
    });
    await signIn(page, solver);
    const submitId = await submitFromPage(page);
    await watchStatus(page, 'Accepted');
    const log = await statusLog(page);
    const shown = log.find((e) => e.text.includes('Accepted'))!;
    const latency = shown.at - (await reportedAt(submitId));
    console.log(`live: verdict on screen ${latency} ms after the judge's report; statuses: ${log.map((e) => e.text).join(' → ')}`);
    // The stream carried it: opened with a ticket, as an event stream, and the judging showed its progress.
    expect(streams.some((s) => s.startsWith('200 text/event-stream'))).toBe(true);
    expect(log.some((e) => new RegExp(`Judging\\s*\\d+/${CASES}`).test(e.text))).toBe(true);
    expect(log.at(-1)!.text).toContain('Accepted');
    // The login token never travels in a URL: the stream's address carries the ticket only.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(streams.length).toBeGreaterThan(0);
    const urls: string[] = [];
    page.on('request', (r) => urls.push(r.url()));
    await page.reload();
    await page.getByTestId('problem-title').waitFor();
    expect(urls.filter((u) => token && u.includes(token))).toEqual([]);
    await context.close();
  });

  it('falls back to polling when the stream is unavailable, and still shows the verdict', async () => {
    const { context, page } = await newVisitor(browser);
    // As behind a proxy that refuses the stream: every live call fails.
    await page.route('**/api/live/**', (route) => route.abort());
    const polls: number[] = [];
    page.on('request', (r) => {
      if (r.url().includes('check-submissions-status')) polls.push(Date.now());
    });
    await signIn(page, solver);
    const submitId = await submitFromPage(page);
    await watchStatus(page, 'Accepted');
    const log = await statusLog(page);
    const shown = log.find((e) => e.text.includes('Accepted'))!;
    console.log(`polling: verdict on screen ${shown.at - (await reportedAt(submitId))} ms after the judge's report`);
    expect(log.at(-1)!.text).toContain('Accepted');
    // The verdict came from the spec's 2 s poll.
    expect(polls.length).toBeGreaterThan(0);
    await context.close();
  });
});
