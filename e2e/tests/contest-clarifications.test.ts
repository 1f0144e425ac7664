/**
 * Contest clarifications in the contest shell: a participant asks about problem A, the contest's admin
 * sees it waiting and answers it to everyone; the participant's open page shows the answer without a
 * reload (the live stream) and the answer is one of the contest's announcements. On another tab, the admin
 * is told of a new question and a participant of the private answer to his; the admin deletes a question.
 * Both views fit 768 px.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp, stampedUser } from '@oj/test-fixtures';
import { launch, newVisitor, shot } from '../lib/browser.js';
import { api, apiOk, createContest, createProblem, loginSession, registerUser, rootToken, rootUser } from '../lib/api.js';
import { pageShot, pickOption, useSession } from '../lib/ui.js';

let browser: Browser;
let root: string;
const stamp = runStamp(5);
const tag = `CQ${stamp}`;
const user = stampedUser('cq', stamp, 'clarify-pass1');
const asker = stampedUser('cqb', stamp, 'clarify-pass1');
let cid = 0;
let participant: Page;
let admin: Page;
const question = `Can n be zero in ${tag}?`;
const reply = `Yes, n may be **zero** (${tag}).`;

beforeAll(async () => {
  browser = await launch();
  root = await rootToken();
  const pid = await createProblem(root, { problemId: `${tag}P`.toUpperCase(), title: 'Clarified sum', description: 'Add numbers.', difficulty: 1 });
  cid = await createContest(root, { title: `${tag} Clarified round` }, [[pid, 'A']]);
  await registerUser(user);
  const p = await newVisitor(browser);
  await useSession(p.context, await loginSession(user));
  participant = p.page;
  const a = await newVisitor(browser);
  await useSession(a.context, await loginSession(rootUser));
  admin = a.page;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (cid) await api('DELETE', `/api/admin/contest?cid=${cid}`, { token: root });
});

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('contest clarifications', () => {
  it('a participant asks, the admin answers to all, the participant sees it appear and it is announced', async () => {
    await participant.goto(`/contest/${cid}`);
    await participant.getByTestId('contest-tab-clarifications').click();
    await participant.getByTestId('clarification-ask').waitFor();
    await pickOption(participant, 'clarification-problem', 'A · Clarified sum');
    await participant.getByTestId('clarification-content').fill(question);
    await participant.getByTestId('clarification-submit').click();
    const mine = participant.locator('.oj-clarification', { hasText: question });
    await mine.waitFor();
    expect(await mine.getAttribute('data-answered')).toBe('false');
    expect(await mine.textContent()).toContain('Waiting for an answer');
    await mine.scrollIntoViewIfNeeded();
    await pageShot(participant, 'contest-clarifications-asked');

    // The admin's list: the question waiting, with the asker's name; answered to everyone.
    await admin.goto(`/contest/${cid}/clarifications`);
    const row = admin.locator('.oj-clarification', { hasText: question });
    await row.waitFor();
    expect(await row.textContent()).toContain(user.username);
    await row.getByRole('button', { name: 'Answer' }).click();
    const dialog = admin.locator('.ant-modal', { hasText: 'Answer the question' });
    await dialog.waitFor();
    await admin.getByTestId('clarification-answer-text').fill(reply);
    await admin.getByTestId('clarification-public').click();
    expect(await admin.getByTestId('clarification-title').inputValue()).toBe('Clarification on problem A');
    await pageShot(admin, 'contest-clarifications-answer-dialog');
    await admin.getByTestId('clarification-answer-ok').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => row.getAttribute('data-answered')).toBe('true');

    // The participant's page, not reloaded: the answer shows under the question (Markdown rendered).
    await expect.poll(() => mine.getAttribute('data-answered'), { timeout: 20_000 }).toBe('true');
    expect(await mine.locator('.oj-clarification-answer strong').textContent()).toBe('zero');
    expect(await mine.textContent()).toContain('To everyone');
    await mine.scrollIntoViewIfNeeded();
    await pageShot(participant, 'contest-clarifications-answered');
    // ...and it is one of the contest's announcements, the question quoted.
    await participant.getByTestId('contest-tab-announcements').click();
    const announced = participant.getByTestId('contest-announcements').locator('.oj-contest-announcement', { hasText: 'Clarification on problem A' });
    await announced.waitFor();
    expect(await announced.locator('blockquote').textContent()).toContain(question);
    expect(await announced.textContent()).toContain(`Yes, n may be zero (${tag}).`);
  });

  it('on another tab, the admin is told of a new question and the asker of his private answer', async () => {
    await registerUser(asker);
    const askerSession = await loginSession(asker);
    const b = await newVisitor(browser);
    await useSession(b.context, askerSession);
    await b.page.goto(`/contest/${cid}/problems`);
    await admin.goto(`/contest/${cid}/problems`);
    await admin.getByTestId('contest-tab-problems').waitFor();
    await b.page.getByTestId('contest-tab-problems').waitFor();
    // The streams are up once each page has its contest's live ticket; give them a moment to connect.
    await admin.waitForTimeout(1500);
    const q = await apiOk<{ id: number }>('POST', '/api/contest-clarification', {
      token: askerSession.token,
      body: { cid, displayId: 'A', content: `Is the input sorted in ${tag}?` },
    });
    const asked = admin.getByTestId('contest-clarification-notice');
    await asked.waitFor({ timeout: 20_000 });
    expect(await asked.textContent()).toBe('New question (A)');
    await admin.waitForTimeout(400); // the notice's slide-in
    await shot(admin, 'contest-clarifications-notice-admin');

    await apiOk('PUT', '/api/contest-clarification/answer', { token: root, body: { id: q.id, cid, answer: 'No, it is **not** sorted.' } });
    const answered = b.page.getByTestId('contest-clarification-notice');
    await answered.waitFor({ timeout: 20_000 });
    expect(await answered.textContent()).toBe('Your question has been answered');
    const notice = b.page.locator('.ant-notification-notice', { has: answered });
    expect(await notice.locator('strong').textContent()).toBe('not');
    await b.page.waitForTimeout(400);
    await shot(b.page, 'contest-clarifications-notice-asker');
    // The notice opens the tab, where the answer is.
    await answered.click();
    await b.page.waitForURL(`**/contest/${cid}/clarifications`);
    await b.page.getByTestId(`clarification-reply-${q.id}`).waitFor();

    // The admin deletes it on the tab; the asker's open tab loses it without a reload.
    await admin.goto(`/contest/${cid}/clarifications`);
    await admin.getByTestId(`clarification-delete-${q.id}`).click();
    await admin.getByTestId(`clarification-delete-ok-${q.id}`).waitFor();
    await admin.waitForTimeout(300); // the confirmation's pop-in
    await shot(admin, 'contest-clarifications-delete-confirm');
    await admin.getByTestId(`clarification-delete-ok-${q.id}`).click();
    await admin.getByTestId(`clarification-${q.id}`).waitFor({ state: 'detached' });
    await b.page.getByTestId(`clarification-${q.id}`).waitFor({ state: 'detached', timeout: 20_000 });
    await b.context.close();
  });

  it('fits 768 px for the participant and the admin', async () => {
    for (const [who, session] of [
      ['participant', user],
      ['admin', rootUser],
    ] as const) {
      const narrow = await newVisitor(browser, { width: 768, height: 1000 });
      await useSession(narrow.context, await loginSession(session));
      await narrow.page.goto(`/contest/${cid}/clarifications`);
      await narrow.page.locator('.oj-clarification', { hasText: question }).waitFor();
      await pageShot(narrow.page, `contest-clarifications-${who}-768`);
      expect(await overflow(narrow.page)).toBeLessThanOrEqual(0);
      await narrow.context.close();
    }
  });
});
