/**
 * A checker's words for the judges: a testlib checker that says "judge answer = 3" on the
 * statement's sample case. The submitter's case grid shows the verdict only; the problem's admin sees
 * the checker's comment under "For the judges only" in the same tooltip.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp, stampedUser } from '@oj/test-fixtures';
import { launch, newVisitor, shot } from '../lib/browser.js';
import { api, createProblem, registerUser, rootToken, rootUser, signIn, waitVerdict, WA_C } from '../lib/api.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const stamp = runStamp(5);
const submitter = stampedUser('jm', stamp, 'judge-msg-pass');

const CHECKER = `#include "testlib.h"
int main(int argc, char *argv[]) {
  registerTestlibCmd(argc, argv);
  long long want = ans.readLong(), got = ouf.readLong();
  if (want != got) quitf(_wa, "judge answer = %lld", want);
  quitf(_ok, "right");
}
`;

let submitId: number;

/** Hovers the first case cell and returns the tooltip's text. */
async function firstCaseTooltip(page: Page): Promise<string> {
  await page.goto(`/submission-detail/${submitId}`);
  const cell = page.getByTestId('case-cell').first();
  await cell.waitFor();
  await cell.hover();
  const tip = page.locator('.ant-tooltip:visible').first();
  await tip.waitFor();
  return tip.innerText();
}

describe("a checker's words for the judges", () => {
  beforeAll(async () => {
    const token = await rootToken();
    const pid = await createProblem(
      token,
      {
        problemId: `JM${stamp}`.toUpperCase(),
        title: 'Judge message A + B',
        judgeMode: 'spj',
        spjLanguage: 'C++',
        spjCode: CHECKER,
        checkerConvention: 'testlib',
        openCaseResult: true,
      },
      { samples: [{ input: '1 2\n', output: '3\n' }] },
    );
    const userToken = await registerUser(submitter);
    const sub = await api('POST', '/api/submit-problem-judge', { token: userToken, body: { pid: `JM${stamp}`.toUpperCase(), language: 'C', code: WA_C } });
    expect(sub.status, sub.msg).toBe(200);
    submitId = sub.data.submitId;
    expect(await waitVerdict(submitId, userToken, 120_000)).toBe(-1);
    expect(pid).toBeGreaterThan(0);
  }, 180_000);

  it('is not shown to the submitter, even on the sample case', async () => {
    const { context, page } = await newVisitor(browser);
    await signIn(page, submitter);
    const text = await firstCaseTooltip(page);
    await shot(page, 'judge-message-submitter');
    expect(text).toMatch(/Wrong Answer|答案错误/);
    expect(text).not.toMatch(/judge answer/);
    expect(await page.getByTestId('case-judge-message').count()).toBe(0);
    await context.close();
  });

  it("is shown to the problem's admin in the case grid", async () => {
    const { context, page } = await newVisitor(browser);
    await signIn(page, rootUser, { admin: true });
    const text = await firstCaseTooltip(page);
    await shot(page, 'judge-message-admin');
    expect(await page.getByTestId('case-judge-message').textContent()).toMatch(/judge answer = 3/);
    expect(text).toMatch(/judge answer = 3/);
    await context.close();
  });
});
