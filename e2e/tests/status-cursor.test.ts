/**
 * The /status pager steps next and previous by the keyset cursor the shown page answered: the pages
 * it shows are the ones the page numbers showed when the list was opened, although submissions
 * arrived in between (by number, every row would have shifted down by them).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp, stampedUser } from '@oj/test-fixtures';
import { launch, newVisitor } from '../lib/browser.js';
import { api, registerUser, rootToken as adminToken } from '../lib/api.js';
import { siteSql } from '../lib/site-db.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const stamp = runStamp(5);
const problemId = `CUR${stamp}`.toUpperCase();
const author = stampedUser('cur', stamp, 'cursor-pass');
let pid: number;

/** `n` judged submissions of the problem, written straight into the database (no judging needed here). */
async function addSubmissions(n: number): Promise<number[]> {
  const rows = await siteSql<{ submit_id: number }>(
    `insert into judge (pid, display_pid, uid, username, status, language, code, length)
     select $1, $2, u.uid, u.username, -1, 'C', 'int main(){}', 12 from user_info u, generate_series(1, $3)
     where u.username = $4 returning submit_id`,
    [pid, problemId, n, author.username],
  );
  return rows.map((r) => r.submit_id).sort((a, b) => b - a);
}

const shownIds = (page: Page) =>
  page.locator('[data-testid="status-table"] tbody tr[data-row-key]').evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-row-key'))));

describe('/status pager', () => {
  beforeAll(async () => {
    const root = await adminToken();
    const created = await api('POST', '/api/admin/problem', {
      token: root,
      body: {
        problem: { problemId, title: 'Cursor pages', description: 'Add.', difficulty: 1 },
        samples: [{ input: '1 2\n', output: '3\n' }],
        languages: [],
        tags: [],
      },
    });
    if (created.status !== 200) throw new Error(`create problem: ${created.msg}`);
    pid = (await siteSql<{ id: number }>('select id from problem where problem_id = $1', [problemId]))[0]!.id;
    await registerUser(author);
  });

  it('steps next and previous by cursor and keeps its pages while submissions arrive', async () => {
    const ids = await addSubmissions(25);
    const { context, page } = await newVisitor(browser);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/get-submission-list')) asked.push(new URL(r.url()).search);
    });
    await page.goto(`/status?problemID=${problemId}&completeProblemID=true&limit=10`);
    await expect.poll(() => shownIds(page)).toEqual(ids.slice(0, 10));

    // three new ones arrive: by number page 2 would now start with what page 1 ended with
    await addSubmissions(3);
    const pager = page.getByTestId('status-page').locator('.ant-pagination');
    await pager.locator('.ant-pagination-next').click();
    await expect.poll(() => shownIds(page)).toEqual(ids.slice(10, 20));
    expect(asked.at(-1)).toContain('cursor=');
    await pager.locator('.ant-pagination-next').click();
    await expect.poll(() => shownIds(page)).toEqual(ids.slice(20, 25));
    await pager.locator('.ant-pagination-prev').click();
    await expect.poll(() => shownIds(page)).toEqual(ids.slice(10, 20));
    expect(asked.at(-1)).toContain('cursor=');
    // the pager still numbers the pages: page 2 is the active one
    await expect(pager.locator('.ant-pagination-item-active').textContent()).resolves.toBe('2');
    await context.close();
  });
});
