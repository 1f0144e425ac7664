/**
 * Problem pages end to end: a registered user filters the problem list by a tag, opens A + B,
 * self-tests in the drawer, submits a wrong answer and then an accepted one while the status changes
 * live, and sees the congratulation; then the pages at 768 px.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp, stampedUser } from '@oj/test-fixtures';
import { launch, newVisitor, shot } from '../lib/browser.js';
import { AC_C as AC, api, createContest, loginInBrowser, registerUser, rootToken, rootUser, signIn, WA_C as WA } from '../lib/api.js';
import { chooseLanguage, holdChunk, loadCode, openEditor, submitWhenAllowed, watchStatus } from '../lib/ui.js';

let browser: Browser;
const stamp = runStamp(6);
const user = stampedUser('pp', stamp, 'secret-pass1');

/** A + B with the tag Beginner: the seeded demo problem, or one made through the admin API. */
async function ensureAplusB(): Promise<string> {
  const list = await api<{ records: { problemId: string; title: string }[] }>('GET', 'get-problem-list?keyword=A%20%2B%20B');
  const found = list.data.records.find((r) => /A \+ B/.test(r.title));
  if (found) return found.problemId;
  const created = await api('POST', 'admin/problem', {
    token: await rootToken(),
    body: {
      problem: {
        problemId: 'P1000',
        title: 'A + B Problem',
        description: 'Calculate $a + b$.',
        input: 'Two integers $a$ and $b$ ($|a|, |b| \\le 10^9$) on one line.',
        output: 'Their sum.',
        examples: [{ input: '1 2\n', output: '3\n' }],
        difficulty: 0,
      },
      samples: [
        { input: '1 2\n', output: '3\n' },
        { input: '40 2\n', output: '42\n' },
      ],
      tags: [{ name: 'Beginner' }],
    },
  });
  expect(created.status, created.msg).toBe(200);
  return 'P1000';
}

const login = (page: Page) => loginInBrowser(page, user, null);

let problemId: string;

beforeAll(async () => {
  browser = await launch();
  problemId = await ensureAplusB();
  await registerUser(user);
});
afterAll(() => browser?.close());

describe('problem pages', () => {
  it('filters the list by a tag, opens A + B, self-tests, submits WA then AC with live status and confetti', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/problem');
    await page.getByTestId('problem-list').waitFor();
    await page.getByTestId(`problem-link-${problemId}`).waitFor();
    await login(page);

    // Tag panel: choosing a tag filters the list, puts the tag in the URL and back to page 1.
    await page.getByTestId('tag-option-Beginner').click();
    await page.waitForURL(/tagId=\d+/);
    await page.getByTestId('selected-tags').getByText('Beginner').waitFor();
    await page.getByTestId(`problem-link-${problemId}`).waitFor();
    await shot(page, 'problem-list-tag');

    await page.getByTestId(`problem-link-${problemId}`).click();
    await page.waitForURL(`**/problem/${problemId}`);
    await page.getByTestId('problem-title').waitFor();
    expect(await page.getByTestId('sample-1').innerText()).toContain('1 2');
    // The statement's TeX is typeset by KaTeX (and survived DOMPurify with its inline styles): no raw $…$ left.
    const statement = page.getByTestId('problem-description');
    await statement.locator('.katex').first().waitFor();
    expect(await statement.locator('.katex').count()).toBeGreaterThanOrEqual(3);
    expect(await statement.locator('.katex .strut[style*="height"]').count()).toBeGreaterThan(0);
    const statementText = await statement.innerText();
    expect(statementText).not.toContain('$a + b$');
    expect(statementText).not.toMatch(/\$[^$\n]*\\le[^$\n]*\$/);
    expect(statementText).toContain('≤');
    await chooseLanguage(page, 'C');
    await openEditor(page);
    await shot(page, 'problem-detail');

    // Online self-test with the sample: the drawer goes to its result tab when the run is done.
    await loadCode(page, AC);
    await page.getByTestId('open-test-run').click();
    await expect.poll(() => page.getByTestId('test-run-input').inputValue()).toContain('1 2');
    await page.getByTestId('test-run-start').click();
    await page.getByTestId('test-run-result').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('test-run-result').innerText()).toContain('Accepted');
    expect((await page.getByTestId('test-run-output').innerText()).trim()).toBe('3');
    await shot(page, 'problem-test-run');

    await page.locator('.ant-drawer .ant-drawer-close').click();

    // A wrong answer: Pending first, then the verdict, without reloading.
    await loadCode(page, WA);
    await page.getByTestId('submit-code').click();
    const waSeen = await watchStatus(page, 'Wrong Answer');
    expect(waSeen.some((s) => /Submitting|Pending|Compiling|Judging/.test(s))).toBe(true);
    await shot(page, 'problem-wrong-answer');

    // Too soon after the last submission: the server's interval message.
    await loadCode(page, AC);
    await page.getByTestId('submit-code').click();
    await page.locator('.ant-message-notice', { hasText: /Submitting too frequently/ }).waitFor();
    await submitWhenAllowed(page);
    await watchStatus(page, 'Accepted');
    await page.getByTestId('congrats').waitFor();
    await shot(page, 'problem-accepted');
    // The celebration goes after 3 s.
    await page.getByTestId('congrats').waitFor({ state: 'detached', timeout: 6000 });

    // My submissions tab lists both.
    await page.getByRole('tab', { name: 'My submissions' }).click();
    await expect.poll(() => page.getByTestId('my-submissions').innerText()).toMatch(/Accepted[\s\S]*Wrong Answer/);

    // The list shows the own status icon now.
    await page.goto('/problem');
    await page.getByTestId('own-status-0').first().waitFor();
    await context.close();
  });

  it("self-test: input of one's own is not judged against the sample's answer", async () => {
    const { context, page } = await newVisitor(browser);
    await signIn(page, user);
    await page.goto(`/problem/${problemId}`);
    await page.getByTestId('problem-title').waitFor();
    await chooseLanguage(page, 'C');
    await loadCode(page, AC);
    await page.getByTestId('open-test-run').click();
    await expect.poll(() => page.getByTestId('test-run-expected').inputValue()).toContain('3');
    // Input of one's own no longer judged against the sample's answer. Editing the input
    // clears the expected output the sample filled in; the run then only runs (no Wrong Answer).
    await page.getByTestId('test-run-input').fill('5 7\n');
    expect(await page.getByTestId('test-run-expected').inputValue()).toBe('');
    await page.getByTestId('test-run-start').click();
    await expect
      .poll(
        () =>
          page
            .getByTestId('test-run-output')
            .innerText()
            .catch(() => ''),
        { timeout: 60_000 },
      )
      .toContain('12');
    expect(await page.getByTestId('test-run-result').innerText()).not.toContain('Wrong Answer');
    // An expected output typed by the user stays while the input changes; a sample fills both again.
    await page.getByTestId('test-run-drawer').getByRole('tab', { name: 'Test input' }).click();
    await page.getByTestId('test-run-expected').fill('12\n');
    await page.getByTestId('test-run-input').fill('5 7 \n');
    expect(await page.getByTestId('test-run-expected').inputValue()).toBe('12\n');
    await page.getByTestId('test-run-drawer').getByRole('button', { name: 'Sample 1' }).click();
    expect(await page.getByTestId('test-run-expected').inputValue()).toBe('3\n');
    await shot(page, 'problem-test-run-own-input');
    await context.close();
  });

  it('keeps editor settings, code and focus mode per problem; shows the statistics pie', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/problem');
    await login(page);
    await page.goto(`/problem/${problemId}`);
    await page.getByTestId('problem-title').waitFor();
    await page.getByTestId('problem-statistics').click();
    // A pie once the problem has submissions (the first test made two), else an empty note.
    await page.getByTestId('statistics-chart').or(page.locator('.ant-modal .ant-empty')).waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'problem-statistics');
    await page.keyboard.press('Escape');

    await chooseLanguage(page, 'C');
    await loadCode(page, WA);
    await page.getByTestId('editor-settings-button').click();
    const settings = page.getByTestId('editor-settings');
    await settings.locator('.ant-select').first().click();
    await page.locator('.ant-select-item-option', { hasText: /^dracula$/ }).click();
    await page.getByTestId('editor-focus').click();
    await expect.poll(() => page.getByTestId('problem-detail').getAttribute('class')).toContain('oj-problem-focus');
    await page.mouse.click(5, 700);
    await shot(page, 'problem-focus-dracula');

    await page.reload();
    await openEditor(page);
    expect(await page.getByTestId('problem-detail').getAttribute('class')).toContain('oj-problem-focus');
    expect(await page.locator('.cm-content').innerText()).toContain('a - b');
    const stored = await page.evaluate((id) => JSON.parse(localStorage.getItem(`problemEditor:${id}`) ?? '{}'), problemId);
    expect(stored).toMatchObject({ language: 'C', focus: true, settings: { theme: 'dracula' } });
    await page.getByTestId('editor-focus').click();
    await expect.poll(() => page.getByTestId('problem-detail').getAttribute('class')).not.toContain('oj-problem-focus');

    // The last accepted code comes back into the editor.
    await page.getByTestId('editor-last-ac').click();
    await expect.poll(() => page.locator('.cm-content').innerText()).toContain('a + b');
    await context.close();
  });

  it('renders display math and highlighted code in a statement, and keeps the list inside its card at 1280 px', async () => {
    const token = await rootToken();
    const md = `MD${stamp.toUpperCase()}`;
    const created = await api('POST', 'admin/problem', {
      token,
      body: {
        problem: {
          problemId: md,
          title: 'Markdown showcase with a deliberately long title that must end in an ellipsis in the list',
          description:
            'Sum of squares:\n\n$$\n\\sum_{i=1}^{n} i^2 = \\frac{n(n+1)(2n+1)}{6}\n$$\n\nInline $\\sqrt{x}$ too. <img src=x onerror="window.__xss=1">',
          input: 'One integer $n$.',
          output: 'The sum.',
          hint: '```cpp\n#include <cstdio>\nint main() { long long n; return 0; }\n```',
          examples: [{ input: '2\n', output: '5\n' }],
          difficulty: 1,
          auth: 2,
        },
        samples: [{ input: '2\n', output: '5\n' }],
        tags: [{ name: 'Beginner' }, { name: 'Math' }, { name: 'Dynamic Programming' }, { name: 'Binary Search' }],
      },
    });
    expect(created.status, created.msg).toBe(200);

    const { context, page } = await newVisitor(browser);
    await page.goto('/problem');
    await signIn(page, rootUser);
    await page.goto(`/problem/${md}`);
    const statement = page.getByTestId('problem-description');
    await statement.locator('.katex-display').waitFor();
    expect(await statement.locator('.katex-display .mfrac').count()).toBe(1);
    expect(await statement.locator('.katex svg').count()).toBeGreaterThan(0); // the square root's sign
    // The highlighter is a chunk of its own that may arrive after the math: wait for its keywords.
    await statement.locator('pre code.hljs.language-cpp .hljs-keyword').first().waitFor();
    // The statement's <img onerror> lost its handler: no inline event attribute and no script is left.
    // (Checking that the handler did not run would race the broken image's error event.)
    expect(await statement.locator('img[onerror]').count()).toBe(0);
    const handlers = await statement.evaluate((el) =>
      [...el.querySelectorAll('*')].flatMap((e) => [...e.attributes].filter((a) => /^on/i.test(a.name)).map((a) => a.name)),
    );
    expect(handlers).toEqual([]);
    expect(await statement.locator('script').count()).toBe(0);
    await shot(page, 'problem-markdown');
    await statement.locator('pre code.hljs').scrollIntoViewIfNeeded();
    await shot(page, 'problem-markdown-code');

    // The list at 1280 px (root sees the private problem): fixed columns, nothing wider than the card.
    await page.goto(`/problem?keyword=${md}`);
    await page.getByTestId(`problem-link-${md}`).waitFor();
    const fit = await page.evaluate(() => {
      const table = document.querySelector('[data-testid="problem-list"] .ant-table-content') as HTMLElement;
      const card = document.querySelector('[data-testid="problem-list"] .ant-card-body') as HTMLElement;
      const rate = [...document.querySelectorAll('[data-testid="problem-list"] th')].pop() as HTMLElement;
      return { scroll: table.scrollWidth - table.clientWidth, rateRight: rate.getBoundingClientRect().right, cardRight: card.getBoundingClientRect().right };
    });
    expect(fit.scroll).toBeLessThanOrEqual(1);
    expect(fit.rateRight).toBeLessThanOrEqual(fit.cardRight);
    const link = page.getByTestId(`problem-link-${md}`);
    expect(await link.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true); // cut with an ellipsis
    expect(await link.getAttribute('title')).toContain('deliberately long title');
    await shot(page, 'problem-list-1280');
    await api('DELETE', `admin/problem?pid=${created.data.pid}`, { token });
    await context.close();
  });

  it('fits 768 px wide screens', async () => {
    const { context, page } = await newVisitor(browser, { width: 768, height: 1000 });
    await page.goto('/problem');
    await page.getByTestId(`problem-link-${problemId}`).waitFor();
    await login(page);
    await shot(page, 'problem-list-768');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await page.goto(`/problem/${problemId}`);
    await page.getByTestId('problem-title').waitFor();
    await openEditor(page);
    await shot(page, 'problem-detail-768');
    await context.close();
  });

  it('a click on the editor toolbar takes effect when its controls arrive between the press and the release', async () => {
    const { context, page } = await newVisitor(browser);
    await signIn(page, user);
    // The toolbar's controls are fetched when the pointer comes over it: held back until the button is down.
    const toolbar = await holdChunk(page, /\/assets\/EditorToolbar-[^/]*\.js$/);
    await page.goto(`/problem/${problemId}`);
    const toggle = page.getByTestId('editor-focus');
    await toggle.waitFor();
    const focused = async () => (await page.getByTestId('problem-detail').getAttribute('class'))?.includes('oj-problem-focus');
    const wasFocused = await focused();
    await toolbar.click(toggle);
    await expect.poll(focused).toBe(!wasFocused);
    // and the real controls are there after the release
    await expect.poll(() => page.getByTestId('editor-language').getAttribute('data-skin')).toBeNull();
    await context.close();
  });

  it('asks a visitor to log in before opening a problem', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto(`/problem/${problemId}`);
    await page.getByTestId('login-form').waitFor();
    await context.close();
  });

  it('asks again for a login whose session has expired, over a placeholder that stands still', async () => {
    /** A browser whose stored login the server no longer knows (once: the app clears it on the refusal). */
    const expired = async () => {
      const visitor = await newVisitor(browser);
      await visitor.context.addInitScript(() => {
        if (!sessionStorage.getItem('e2e-expired')) {
          sessionStorage.setItem('e2e-expired', '1');
          localStorage.setItem('token', 'expired.session.token');
          localStorage.setItem('userInfo', JSON.stringify({ uid: 'gone', username: 'gone', roleList: [] }));
        }
      });
      return visitor;
    };
    // Nothing loads until the login: a shimmer or a spinner there would run for ever (the problem page's
    // kept a core a third busy).
    const problem = await expired();
    await problem.page.goto(`/problem/${problemId}`);
    await problem.page.getByTestId('login-form').waitFor();
    await problem.page.locator('.oj-page .ant-skeleton').waitFor();
    // still once what was asked before the refusal has come back
    await expect.poll(() => problem.page.locator('.oj-page .ant-skeleton-active').count()).toBe(0);
    await problem.context.close();

    const cid = await createContest(await rootToken(), { title: `Expired ${stamp}` });
    const contest = await expired();
    await contest.page.goto(`/contest/${cid}`);
    await contest.page.getByTestId('login-form').waitFor();
    await contest.page.locator('.oj-page-spin').waitFor({ state: 'attached' });
    await expect.poll(() => contest.page.locator('.ant-spin-spinning').count()).toBe(0);
    await shot(contest.page, 'expired-session-contest');
    await contest.context.close();
  });
});
