/**
 * Page helpers shared by the e2e files: toasts, the date pickers, screenshots without toasts, the code
 * editor and its submit status, the contest tabs and scoreboard cells.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { shot } from './browser.js';
import type { Session } from './api.js';
import { timed } from './timing.js';

// ---------------------------------------------------------------------------------------------
// Toasts (antd message)

/** A toast with this text (the first, also one on its way out). */
export const notice = (page: Page, text: string | RegExp) => page.locator('.ant-message-notice', { hasText: text }).first();
/** Waits for a toast with this text. */
export const toast = (page: Page, text: string | RegExp) => notice(page, text).waitFor();

/**
 * A toast that is not on its way out: with animations off, a leaving toast can stay in the DOM, and
 * identical toasts are merged, so a test that expects the same toast twice waits for the first to go.
 */
export const shownNotice = (page: Page, text: string | RegExp) => page.locator('.ant-message-notice:not(.ant-message-fade-leave)', { hasText: text }).first();
export const shownToast = (page: Page, text: string | RegExp) => shownNotice(page, text).waitFor();
export const toastGone = (page: Page, text: string | RegExp) => shownNotice(page, text).waitFor({ state: 'detached', timeout: 10_000 });

// ---------------------------------------------------------------------------------------------
// Times

/** Opens the antd Select `testId` and picks the option titled `label` (exactly: "Codeforces" is also part of "Codeforces Gym"). */
export async function pickOption(page: Page, testId: string, label: string) {
  await page.getByTestId(testId).click();
  await page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${label}"]`).click();
}

export const pad = (n: number) => String(n).padStart(2, '0');
/** The pickers' format, in the local time zone the browser shares with this process. */
export const local = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
/** Seconds as the scoreboard writes a time: h:mm:ss. */
export const hms = (s: number) => `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;

/** Types a time into the date picker with this test id and waits until it shows it. */
export async function setTime(page: Page, testId: string, value: Date) {
  const input = page.locator(`[data-testid="${testId}"] input, input[data-testid="${testId}"]`).first();
  await input.click();
  await input.fill(local(value));
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(local(value));
}

// ---------------------------------------------------------------------------------------------
// Screenshots

/**
 * A screenshot without the toasts and notifications of earlier steps on top: with the harness's
 * zero-length animations antd's closed toasts can stay in the DOM, so they are hidden for the picture only.
 */
export async function pageShot(page: Page, name: string) {
  const style = await page.addStyleTag({ content: '.ant-message, .ant-notification { display: none !important; }' });
  await shot(page, name);
  await style.evaluate((el) => (el as Element).remove());
}

// ---------------------------------------------------------------------------------------------
// Logged in without the login dialog

/** Makes every page of the context start logged in as `session`, the way the app stores a login. */
export async function useSession(context: BrowserContext, session: Session) {
  await context.addInitScript(
    ([token, info]) => {
      localStorage.setItem('token', token!);
      localStorage.setItem('userInfo', info!);
    },
    [session.token, JSON.stringify(session.data)],
  );
}

// ---------------------------------------------------------------------------------------------
// The code editor of a problem page

/** Picks a language in the editor's language menu. */
export async function chooseLanguage(page: Page, name: string) {
  await page.getByTestId('editor-language').click();
  const menu = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  await menu.waitFor();
  const option = menu.locator('.ant-select-item-option', { hasText: new RegExp(`^${name.replace(/[+]/g, '\\+')}$`) }).first();
  // The menu is a virtual list: only the options near its scroll position exist (after picking a
  // language far down, "C" is not in the page), so walk it from the top until the option is there.
  // The list renders a scroll position some frames later (much later on a busy machine): each step
  // waits a moment for the option before scrolling on, or it could scroll past it unseen.
  const list = menu.locator('.rc-virtual-list-holder');
  const shown = () =>
    option
      .waitFor({ timeout: 400 })
      .then(() => true)
      .catch(() => false);
  if (await list.count()) {
    await list.evaluate((el) => {
      el.scrollTop = 0;
    });
    for (let i = 0; i < 30 && !(await shown()); i++) {
      await list.evaluate((el) => {
        el.scrollTop += el.clientHeight / 2;
      });
    }
  }
  await option.click();
}

const squash = (text: string) => text.replace(/\s+/g, '');

/**
 * Brings up the code editor of a problem page the way a user does, by moving the pointer over the code:
 * the page first shows a plain code area, and CodeMirror (not part of the page's first load) replaces
 * it then, with the same text. Waits for CodeMirror; does nothing when it is already there.
 */
export async function openEditor(page: Page) {
  const plain = page.getByTestId('code-editor-plain').first();
  const editor = page.locator('.cm-content').first();
  await plain.or(editor).first().waitFor();
  // The pointer comes over the plain area, scrolled into view first (on a phone it is below the
  // statement, where a pointer cannot reach); it may be replaced between the look and the move, which then
  // does nothing (a locator's hover would retry on the replaced area for its whole timeout).
  const inView = (await plain.count()) > 0 && (await plain.scrollIntoViewIfNeeded({ timeout: 1_000 }).catch(() => 'gone')) !== 'gone';
  const box = inView ? await plain.boundingBox({ timeout: 1_000 }).catch(() => null) : null;
  if (box) await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height / 2, 20));
  await editor.waitFor();
}

/** Puts code into the editor through its "open a file" button, as a user with a local file does, and waits until it shows it. */
export async function loadCode(page: Page, code: string, filename = 'main.c') {
  await page.locator('[data-testid="editor-panel"] input[type=file]').setInputFiles({ name: filename, mimeType: 'text/plain', buffer: Buffer.from(code) });
  await openEditor(page);
  await expect.poll(async () => squash(await page.locator('.cm-content').innerText())).toContain(squash(code));
}

/**
 * Clicks "submit" until the server takes the submission. Outside contests a user waits the site's
 * interval between two submissions; the refusal names the seconds left (`data.seconds`), and exactly
 * those are waited before the next click, instead of a sleep for the whole interval.
 */
export async function submitWhenAllowed(page: Page, tries = 3) {
  for (let i = 0; ; i++) {
    const answer = page.waitForResponse((r) => r.url().includes('/api/submit-problem-judge') && r.request().method() === 'POST');
    await page.getByTestId('submit-code').click();
    const body = (await (await answer).json()) as { status: number; msg: string; data?: { seconds?: number } | null };
    if (body.status === 200) return;
    const seconds = Number(body.data?.seconds);
    if (!(seconds > 0) || i >= tries) throw new Error(`submit refused: ${body.msg}`);
    await page.waitForTimeout(seconds * 1000);
  }
}

/** Collects every text the submit status shows until it reaches `final`. */
export function watchStatus(page: Page, final: string, timeoutMs = 60_000): Promise<string[]> {
  return timed('verdict wait', () => collectStatus(page, final, timeoutMs));
}

async function collectStatus(page: Page, final: string, timeoutMs: number): Promise<string[]> {
  const seen: string[] = [];
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const text = (await page.getByTestId('submit-status').innerText()).trim();
    if (text && seen[seen.length - 1] !== text) seen.push(text);
    if (text.includes(final)) return seen;
    await page.waitForTimeout(100);
  }
  throw new Error(`status never showed ${final}; saw ${seen.join(' → ')}`);
}

// ---------------------------------------------------------------------------------------------
// Contest pages

/** Whether the contest shell's tab for `path` (problems, rank, …) is disabled. */
export const tabDisabled = (page: Page, path: string) =>
  page.getByTestId(`contest-tab-${path}`).evaluate((el) => !!el.closest('.ant-tabs-tab')?.classList.contains('ant-tabs-tab-disabled'));

/** One cell of the in-contest scoreboard. */
export const cell = (page: Page, username: string, displayId: string) => page.getByTestId(`sb-cell-${username}-${displayId}`);

/**
 * Holds back what the page fetches matching `url` (call before the page asks for it); `release` lets it
 * through and resolves once its response has arrived.
 */
export async function holdBack(page: Page, url: RegExp) {
  let open = () => {};
  const held = new Promise<void>((r) => {
    open = r;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return {
    release() {
      const arrived = page.waitForResponse(url);
      open();
      return arrived;
    },
  };
}

/**
 * Holds back a chunk the page fetches lazily (a control's code fetched when the pointer comes over it)
 * until the mouse button is down: call before the page loads, then `click` presses on `target`, lets
 * the chunk arrive and releases 300 ms later, when a swap of the control would have taken it away from
 * under the pointer. Returns where it clicked.
 */
export async function holdChunk(page: Page, chunk: RegExp) {
  const held = await holdBack(page, chunk);
  return {
    async click(target: Locator) {
      const box = (await target.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await held.release();
      await page.waitForTimeout(300);
      await page.mouse.up();
      return box;
    },
  };
}
