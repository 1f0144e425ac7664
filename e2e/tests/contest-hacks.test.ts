/**
 * A hack end to end in Chromium: a problem with a testlib validator and a reference solution, an ACM
 * contest that allows hacks, a victim whose 32-bit A + B passes the small tests. The hacker locks the
 * problem on its page, opens the victim's accepted submission from the contest status, sends a large
 * input, and watches the hacks tab say "Successful"; the victim's submission is then Hacked. The
 * same pages at 768 px. The problem admin's kit card: a validator that does not compile is refused there.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aPlusBValidator, runStamp, stampedUser } from '@oj/test-fixtures';
import { launch, newVisitor, shot } from '../lib/browser.js';
import {
  AC_C,
  api,
  apiOk,
  createContest,
  createProblem,
  loginSession,
  registerUser,
  rootToken,
  rootUser,
  signIn,
  waitVerdict,
  type Session,
} from '../lib/api.js';
import { useSession } from '../lib/ui.js';

const VALIDATOR = aPlusBValidator;
/** Right on the problem's small tests, wrong once a + b leaves 32 bits. */
const WEAK_C = '#include <stdio.h>\nint main(void) { int a, b; scanf("%d %d", &a, &b); printf("%d\\n", a + b); return 0; }\n';

let browser: Browser;
let root: string;
let cid = 0;
let pid = 0;
let victimSubmit = 0;
let hacker: Session;
const stamp = runStamp(5);
const hackerUser = stampedUser('hkh', stamp, 'hack-pass1');
const victimUser = stampedUser('hkv', stamp, 'hack-pass1');

beforeAll(async () => {
  browser = await launch();
  root = await rootToken();
  pid = await createProblem(root, { problemId: `HK${stamp}`.toUpperCase(), title: 'Hackable A + B' });
  await apiOk('PUT', '/api/admin/problem/hack-kit', {
    token: root,
    body: { pid, validatorType: 'cpp.g++17', validatorCode: VALIDATOR, referenceLanguage: 'C', referenceCode: AC_C },
  });
  cid = await createContest(root, { title: `Hack round ${stamp}`, allowHacks: true }, [[pid, 'A']]);
  const victimToken = await registerUser(victimUser);
  await registerUser(hackerUser);
  hacker = await loginSession(hackerUser);
  victimSubmit = (
    await apiOk<{ submitId: number }>('POST', '/api/submit-problem-judge', { token: victimToken, body: { pid: 'A', cid, language: 'C', code: WEAK_C } })
  ).submitId;
  const mine = await apiOk<{ submitId: number }>('POST', '/api/submit-problem-judge', {
    token: hacker.token,
    body: { pid: 'A', cid, language: 'C', code: AC_C },
  });
  expect(await waitVerdict(victimSubmit, victimToken, 120_000)).toBe(0);
  expect(await waitVerdict(mine.submitId, hacker.token, 120_000)).toBe(0);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  if (cid) await api('DELETE', `/api/admin/contest?cid=${cid}`, { token: root });
});

describe('a hack', () => {
  it('locks the problem, hacks the weak solution from the status list and shows the verdict', async () => {
    const { context, page } = await newVisitor(browser);
    await useSession(context, hacker);
    await page.goto(`/contest/${cid}/problem/A`);
    await page.getByTestId('hack-lock').click();
    await page.getByTestId('hack-lock-ok').click();
    await page.getByTestId('hack-locked').waitFor();
    await shot(page, 'contest-hacks-locked');

    await page.goto(`/contest/${cid}/submissions`);
    await page.getByTestId(`hack-${victimSubmit}`).click();
    const dialog = page.getByTestId('hack-dialog');
    await dialog.getByTestId('hack-code').waitFor();
    expect(await dialog.getByTestId('hack-code').textContent()).toContain('int a, b');
    await dialog.getByTestId('hack-input').fill('2000000000 2000000000\n');
    await shot(page, 'contest-hacks-dialog');
    await dialog.getByTestId('hack-send').click();
    await page.waitForURL(`**/contest/${cid}/hacks`);
    const verdict = page.locator('[data-testid^="hack-verdict-"]').first();
    await verdict.getByText('Successful').waitFor({ timeout: 120_000 });
    await shot(page, 'contest-hacks-list');
    const detail = await apiOk('GET', `get-submission-detail?submitId=${victimSubmit}`, { token: hacker.token });
    expect(detail.submission.status).toBe(12);
    await context.close();
  }, 240_000);

  it('the hacks tab and the status list fit a 768 px screen', async () => {
    const { context, page } = await newVisitor(browser, { width: 768, height: 1000 });
    await useSession(context, hacker);
    await page.goto(`/contest/${cid}/hacks`);
    await page.locator('[data-testid^="hack-verdict-"]').first().getByText('Successful').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'contest-hacks-list-768');
    await page.goto(`/contest/${cid}/submissions`);
    await page.getByTestId('contest-submissions').waitFor();
    await shot(page, 'contest-hacks-status-768');
    await context.close();
  }, 120_000);

  it("the problem admin sees and keeps the problem's hack kit on its edit page", async () => {
    const { context, page } = await newVisitor(browser);
    await signIn(page, rootUser, { admin: true, at: '/admin/dashboard' });
    await page.goto(`/admin/problem/edit/${pid}`);
    const card = page.getByTestId('hack-kit');
    await card.getByText('registerValidation').first().waitFor();
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'contest-hacks-kit');
    expect(await card.locator('input[data-testid="hack-kit-ok-exit"], [data-testid="hack-kit-ok-exit"] input').first().inputValue()).toBe('0');
    await card.getByTestId('hack-kit-save').click();
    await page.locator('.ant-message-notice', { hasText: 'Hack kit saved.' }).waitFor();

    // A validator that does not compile: a judge refuses it, the card says which program and why, the kit stays.
    await card.getByTestId('hack-kit-validator').locator('.cm-content').fill('#include "testlib.h"\nint main() { registerValidation(); undeclaredCall(); }\n');
    await card.getByTestId('hack-kit-save').click();
    const error = card.getByTestId('hack-kit-error');
    await error.waitFor();
    await expect.poll(() => error.innerText(), { timeout: 10_000 }).toContain('the validator does not compile');
    expect(await error.innerText()).toContain('undeclaredCall');
    await shot(page, 'contest-hacks-kit-refused');
    const kept = await apiOk<{ validatorCode: string }>('GET', `/api/admin/problem/hack-kit?pid=${pid}`, { token: root });
    expect(kept.validatorCode).toBe(VALIDATOR);
    await context.close();
  }, 120_000);
});
