/**
 * What a new visitor's browser fetches for the first load of /home (the built app
 * served precompressed by the real server). The budget is a size, not a time: for a given build and
 * page it does not move with the machine's load. bench/web-load.ts measures the same thing in detail.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { runStamp, stampedUser } from '@oj/test-fixtures';
import { api, loginSession, registerUser, rootToken } from '../lib/api.js';
import { launch, newVisitor, shot } from '../lib/browser.js';
import { chooseLanguage, toast, useSession } from '../lib/ui.js';

/** Scripts fetched by the first load of /home (target: ≤ 25). */
const HOME_JS_REQUESTS_MAX = 25;
/**
 * KB of script on the wire (brotli bodies + headers) for the first load of /home of a fresh site (its
 * carousel image and the titles of its announcements: an announcement's Markdown, with marked and the
 * sanitiser, is fetched when it is opened). The target is 200 KB; see bench/README.md for what
 * the page still needs. The budget holds what was reached and fails on growth beyond it (antd's menus
 * or tooltips creeping back into the shell are ~20 KB, the Markdown renderer 25, a chart or a table 50–130).
 */
// 206.4 after the admin back-office; 198.7 once the message catalogue came only with the
// first answer carrying a message and the texts of the user, judge-status and about pages left the
// first paint's dictionary (measured in en-US; zh-CN adds antd's and dayjs's Chinese locales).
// 200.3 with the header's colour-scheme switch; 197.3 once the footer's "Powered by" no
// longer used react-i18next's Trans (and its HTML parser). The card of other sites' contests is
// not in it: it comes with its own chunk when its place, the last of the page, is on screen.
const HOME_JS_KB_MAX = 200;

/**
 * KB of script on the wire for the first load of a problem page (statement with KaTeX, code in C++),
 * logged in. The first load is every script fetched from the navigation until the statement with its
 * math and the code are shown and the network has been quiet for a second, the pointer never moved and
 * nothing clicked or focused: what the page fetches by itself (on idle or otherwise) counts.
 * The target is 350 KB. It was 897 KB when every syntax mode and theme of the editor came with
 * the page, 648.7 with the grammar and theme fetched when chosen. Now 343.8: the shell (~185 KB, as
 * /home), KaTeX (63) and the Markdown renderer with the sanitiser (25), the texts of the non-admin
 * areas and the message catalogue (~16), the tabs (12) and the page (~41: statement, splitter, a plain
 * code area and a likeness of the toolbar, drawn with antd's own select style).
 * Not in it, fetched when the user comes to them: CodeMirror with its setup and the C++ grammar
 * (~155 KB; pointer over or focus on the code), antd's Select, tooltips, confirmation and popover of
 * the toolbar (~55; pointer over or focus on the toolbar), the tabs' overflow menu, zod (the page's
 * calls are typed routes: api/problemRoutes.ts), the admin areas' texts, the load-failure card.
 * The budget fails on growth beyond the reached figure: 343.8 KB, then 345.0 once every page's buttons
 * ask the policy (the shared `may` rules, ~1 KB) instead of testing role names; the ceiling is the
 * target the first load was held to, 350 KB.
 */
const PROBLEM_JS_KB_MAX = 350;

/** Records every script a page fetches: url, encoding, bytes on the wire. */
async function recordScripts(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts = new Map<string, { url: string; encoding: string; bytes: number }>();
  cdp.on('Network.responseReceived', (e) => {
    if (/\.m?js$/.test(new URL(e.response.url).pathname)) {
      scripts.set(e.requestId, { url: e.response.url, encoding: e.response.headers['content-encoding'] ?? '', bytes: 0 });
    }
  });
  cdp.on('Network.loadingFinished', (e) => {
    const s = scripts.get(e.requestId);
    if (s) s.bytes = e.encodedDataLength;
  });
  return () => {
    const list = [...scripts.values()];
    const kb = list.reduce((sum, s) => sum + s.bytes, 0) / 1024;
    const detail = list.map((s) => `${new URL(s.url).pathname} ${(s.bytes / 1024).toFixed(1)} KB ${s.encoding || 'identity'}`).join('\n');
    return { list, kb, detail };
  };
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** Creates a problem whose statement has math, and a user logged in to a fresh browser context. */
async function problemVisit(viewport: { width: number; height: number }) {
  const stamp = runStamp(6);
  const problemId = `FL${stamp.toUpperCase()}`;
  const created = await api('POST', 'admin/problem', {
    token: await rootToken(),
    body: {
      problem: {
        problemId,
        title: `First load ${stamp}`,
        description: 'Calculate $a + b$ where $$|a|, |b| \\le 10^9.$$',
        input: 'Two integers.',
        output: 'Their sum.',
        examples: [{ input: '1 2\n', output: '3\n' }],
        difficulty: 0,
      },
      samples: [{ input: '1 2\n', output: '3\n' }],
    },
  });
  expect(created.status, created.msg).toBe(200);
  const user = stampedUser('fl', stamp, 'secret-pass1');
  await registerUser(user);
  const { context, page } = await newVisitor(browser, viewport);
  await useSession(context, await loginSession(user));
  return { stamp, problemId, context, page };
}

/** Where the code area and the submit button are on screen (the editor replacing the plain area must not move them). */
const layout = (page: Page) =>
  page.evaluate(() => {
    const box = (el: Element | null) => {
      const r = el?.getBoundingClientRect();
      return r ? { x: Math.round(r.x), y: Math.round(r.y), w: Math.round(r.width), h: Math.round(r.height) } : null;
    };
    return { code: box(document.querySelector('.oj-editor-body')), submit: box(document.querySelector('[data-testid="submit-code"]')) };
  });

describe('first load of /problem/:id', () => {
  it(`fetches at most ${PROBLEM_JS_KB_MAX} KB of compressed script; the editor comes when the user comes to the code, other languages when chosen`, async () => {
    const { stamp, problemId, context, page } = await problemVisit({ width: 1280, height: 800 });
    const scripts = await recordScripts(context, page);

    // The first load: everything the page fetches by itself until the statement (with its math) and the
    // code are shown and the network has been quiet, without any user action (the pointer is never moved).
    await page.goto(`/problem/${problemId}?l=en-US`);
    await page.locator('.katex').first().waitFor();
    const plain = page.getByTestId('code-editor-plain');
    await plain.waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    await page.waitForLoadState('networkidle');
    await shot(page, 'first-load-problem-1280');
    const { list, kb, detail } = scripts();
    console.log(`/problem/:id first load: ${list.length} scripts, ${kb.toFixed(1)} KB on the wire\n${detail}`);
    expect(kb, detail).toBeLessThanOrEqual(PROBLEM_JS_KB_MAX);
    expect(
      list.filter((s) => s.bytes > 1500 && s.encoding !== 'br'),
      detail,
    ).toEqual([]);
    // The code is there and editable before the editor: the C++ skeleton in a plain code area.
    expect(await plain.locator('textarea').inputValue()).toContain('int main');
    expect(await page.locator('.cm-editor').count()).toBe(0);
    // The toolbar's language select is antd's likeness until the pointer or the focus comes to the toolbar.
    expect(await page.getByTestId('editor-language').getAttribute('data-skin')).toBe('true');
    const before = await layout(page);

    // The user clicks into the code and types: CodeMirror is fetched, takes over with the text typed so
    // far and the caret where it was, keeps the focus, and colours the code (C++ grammar).
    const first = list.length;
    await plain.locator('textarea').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(`// typed ${stamp}`);
    await page.locator('.cm-content').waitFor();
    await page.keyboard.type(' and more');
    await expect.poll(() => page.locator('.cm-content').innerText()).toContain(`// typed ${stamp} and more`);
    await page.locator('.cm-content span[class]').first().waitFor();
    expect(scripts().list.length).toBeGreaterThan(first);
    expect(await plain.count()).toBe(0);
    // In place: the code area and the buttons under it did not move.
    expect(await layout(page)).toEqual(before);
    await shot(page, 'first-load-problem-editor-1280');

    // Another language's grammar is fetched when it is chosen.
    const loaded = scripts().list.length;
    await chooseLanguage(page, 'Java');
    await expect.poll(() => scripts().list.length).toBeGreaterThan(loaded);
    // The select is antd's now, showing the choice; the code is Java's skeleton.
    expect(await page.getByTestId('editor-language').getAttribute('data-skin')).toBeNull();
    expect(await page.getByTestId('editor-language').innerText()).toBe('Java');
    await expect.poll(() => page.locator('.cm-content').innerText()).toContain('class Main');
    await context.close();
  });

  it('shows the plain code area in the dark scheme at 768 px as the editor that replaces it, in the same place', async () => {
    const { problemId, context, page } = await problemVisit({ width: 768, height: 1024 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`/problem/${problemId}?l=en-US`);
    const plain = page.getByTestId('code-editor-plain');
    await plain.scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    const background = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor);
    const plainBg = await background('[data-testid="code-editor-plain"]');
    const before = await layout(page);
    await shot(page, 'first-load-problem-dark-768');
    // Keyboard only: the focus on the code area brings the editor, which keeps the focus.
    await plain.locator('textarea').focus();
    await page.locator('.cm-content').waitFor();
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('.cm-editor'))).toBe(true);
    expect(await background('.cm-editor')).toBe(plainBg);
    expect(await layout(page)).toEqual(before);
    await shot(page, 'first-load-problem-dark-editor-768');
    await context.close();
  });
});

describe('first load of /home', () => {
  it(`fetches at most ${HOME_JS_REQUESTS_MAX} scripts and ${HOME_JS_KB_MAX} KB of compressed script`, async () => {
    const { context, page } = await newVisitor(browser, { width: 1280, height: 800 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const scripts = new Map<string, { url: string; encoding: string; bytes: number }>();
    cdp.on('Network.responseReceived', (e) => {
      if (/\.m?js$/.test(new URL(e.response.url).pathname)) {
        scripts.set(e.requestId, { url: e.response.url, encoding: e.response.headers['content-encoding'] ?? '', bytes: 0 });
      }
    });
    cdp.on('Network.loadingFinished', (e) => {
      const s = scripts.get(e.requestId);
      if (s) s.bytes = e.encodedDataLength;
    });

    await page.goto('/home?l=en-US');
    await page.getByTestId('announcements').waitFor();
    await page.getByTestId('recent-ac-rank').waitFor();
    // Whatever the page fetches by itself without being scrolled (widgets on screen fetch their code).
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    await page.waitForLoadState('networkidle');
    await shot(page, 'first-load-home-1280');
    // Texts of the first paint only: no raw key (nav.home, homeWidgets.…) where a text belongs.
    expect(await page.locator('body').innerText()).not.toMatch(/\b(nav|home|homeWidgets|contest|common|shell|footer)\.[a-zA-Z]+/);

    const list = [...scripts.values()];
    const kb = list.reduce((sum, s) => sum + s.bytes, 0) / 1024;
    const detail = list.map((s) => `${new URL(s.url).pathname} ${(s.bytes / 1024).toFixed(1)} KB ${s.encoding || 'identity'}`).join('\n');
    console.log(`/home first load: ${list.length} scripts, ${kb.toFixed(1)} KB on the wire\n${detail}`);
    expect(list.length).toBeGreaterThan(0);
    expect(list.length, detail).toBeLessThanOrEqual(HOME_JS_REQUESTS_MAX);
    expect(kb, detail).toBeLessThanOrEqual(HOME_JS_KB_MAX);
    // Every script bigger than 1 KB came compressed (otherwise the size says nothing).
    expect(
      list.filter((s) => s.bytes > 1500 && s.encoding !== 'br'),
      detail,
    ).toEqual([]);
    await context.close();
  });

  it('translates a server message on the home page: the message catalogue comes with the first answer that has one', async () => {
    const { context, page } = await newVisitor(browser, { width: 1280, height: 800 });
    const fetched: string[] = [];
    page.on('response', (r) => fetched.push(new URL(r.url()).pathname));
    await page.goto('/home?l=zh-CN');
    await page.getByTestId('announcements').waitFor();
    await page.waitForLoadState('networkidle');
    // Not fetched for a visit without messages (that is the first-load budget above)...
    expect(fetched.filter((p) => /\/messages-[^/]*\.js$/.test(p))).toEqual([]);
    await page.getByTestId('btn-login').click();
    await page.getByTestId('login-username').fill('nobody_here');
    await page.getByTestId('login-password').fill('wrong-pass-1');
    await page.getByTestId('login-submit').click();
    // ...and there before the answer's message is shown: in Chinese, not the server's English.
    await toast(page, '用户名或密码错误。');
    expect(await page.locator('.ant-message').innerText()).not.toContain('username or password');
    await context.close();
  });

  it('still shows every home card at 768 px, the lists and the table filled as before', async () => {
    const { context, page } = await newVisitor(browser, { width: 768, height: 1024 });
    await page.goto('/home?l=en-US');
    for (const id of ['announcements', 'recent-contests', 'submission-statistics', 'recent-problems', 'recent-ac-rank']) {
      await page.getByTestId(id).scrollIntoViewIfNeeded();
      await expect.poll(() => page.getByTestId(id).locator('.ant-skeleton, .oj-skeleton').count(), { timeout: 20_000 }).toBe(0);
    }
    // The contests of other sites come with their chunk when their place is on screen (it may have come already).
    const others = page.getByTestId('other-contests');
    await others.or(page.getByTestId('other-contests-slot')).first().scrollIntoViewIfNeeded();
    await others.waitFor();
    await expect.poll(() => others.locator('.oj-skeleton').count(), { timeout: 20_000 }).toBe(0);
    // The recent-problems table arrives when its card is on screen.
    expect(await page.getByTestId('recent-problems').locator('tbody tr').count()).toBeGreaterThan(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'first-load-home-768');
    // The announcements list their titles; an announcement's Markdown is rendered when it is opened.
    const card = page.getByTestId('announcements');
    expect(await card.locator('.oj-markdown').count()).toBe(0);
    await card.getByTestId('announcement-title').filter({ hasText: 'Welcome to the Online Judge' }).click();
    await card.locator('.oj-markdown h2').filter({ hasText: 'Welcome!' }).waitFor();
    expect(await card.locator('.oj-markdown li').count()).toBe(3);
    await shot(page, 'first-load-announcement-768');
    await card.getByTestId('announcement-back').click();
    await card.getByTestId('announcement-title').first().waitFor();
    expect(await card.locator('.oj-markdown').count()).toBe(0);
    await context.close();
  });

  it('opens an announcement from the keyboard and goes back to the list', async () => {
    const { context, page } = await newVisitor(browser, { width: 1280, height: 800 });
    await page.goto('/home?l=en-US');
    const card = page.getByTestId('announcements');
    const title = card.getByTestId('announcement-title').first();
    await title.focus();
    await page.keyboard.press('Enter');
    await card.locator('.oj-markdown h2').waitFor();
    // The focus is on the way back; Enter there shows the list again with the focus on the same title.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('announcement-back');
    await shot(page, 'first-load-announcement-1280');
    await page.keyboard.press('Enter');
    await title.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('announcement-title');
    await context.close();
  });

  it("keeps the top bar's menu: entries that do not fit under '…' at 768 px, Rank by mouse and keyboard", async () => {
    const { context, page } = await newVisitor(browser, { width: 768, height: 1024 });
    await page.goto('/home?l=en-US');
    const menu = page.getByTestId('main-menu');
    await menu.waitFor();
    expect(await menu.innerText()).toContain('Contests');
    expect(await menu.innerText()).not.toContain('About');
    await page.getByTestId('main-menu-more').click();
    const popup = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu');
    await popup.getByText('About').waitFor();
    await shot(page, 'first-load-menu-more-768');
    await popup.getByText('About').click();
    await page.waitForURL('**/introduction');
    await page.getByTestId('introduction').waitFor();
    await context.close();

    const wide = await newVisitor(browser, { width: 1280, height: 800 });
    await wide.page.goto('/home?l=en-US');
    const rank = wide.page.getByTestId('main-menu').getByRole('button', { name: 'Rank' });
    await rank.hover();
    await wide.page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByText('OI Rank').waitFor();
    await wide.page.mouse.move(600, 700);
    await wide.page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').waitFor({ state: 'detached' });
    // From the keyboard: Enter opens it with the focus in the menu, the arrow and Enter follow a link.
    await rank.focus();
    await wide.page.keyboard.press('Enter');
    await expect.poll(() => wide.page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('menu');
    await wide.page.keyboard.press('ArrowDown');
    // rc-menu marks the entry active at once but moves the focus to its link a frame later; Enter
    // before that lands on the menu itself, which does nothing (a person sees the focus ring first).
    await expect.poll(() => wide.page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/acm-rank');
    await wide.page.keyboard.press('Enter');
    // A client-side navigation: the address changes and the rank page renders (no load event to wait for).
    await expect.poll(() => new URL(wide.page.url()).pathname).toBe('/acm-rank');
    await wide.page.locator('.ant-table').first().waitFor();
    await wide.context.close();
  });
});
