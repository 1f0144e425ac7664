/**
 * What a new user hit, walked in Chromium: the editor of a problem without a
 * template of its own opens on the language's bare skeleton (never the A+B solution), a problem's own
 * template and the user's draft win; a failure shows once (a hidden problem: only its card; a failed
 * action: one toast, no notification beside it); logging in from a guarded page goes back to it (query
 * included); the rank list says "AC rate", renders the signature's Markdown, and the viewer's pinned
 * scoreboard row says "Me".
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OI_WIKI_URL } from '@oj/shared';
import { runStamp, stampedUser } from '@oj/test-fixtures';
import { baseUrl, launch, newVisitor, shot } from '../lib/browser.js';
import { AC_CPP, api, apiOk, createContest, createProblem, loginSession, registerUser, rootToken, waitVerdict, type Session } from '../lib/api.js';
import { chooseLanguage, openEditor, pageShot, useSession } from '../lib/ui.js';

let browser: Browser;
let root: string;
const stamp = runStamp(5);
const tag = `NU${stamp}`.toUpperCase();
const user = stampedUser('nu', stamp, 'new-user-pass1');
let session: Session;
const ids = { double: `${tag}D`, own: `${tag}T`, hidden: `${tag}H` };
let cid = 0;
const OWN_TEMPLATE = '// the problem setter\'s own start\n#include <stdio.h>\nint main(void) { int n; scanf("%d", &n); /* double it */ return 0; }\n';

/** The code editor's text (the editor brought up first: the page shows a plain code area until the pointer comes over it). */
const editorText = async (page: Page) => {
  await openEditor(page);
  return page.locator('.cm-content').innerText();
};

/** Every error toast and notification on the page (antd keeps them in the DOM while shown). */
const errorPopups = (page: Page) => page.locator('.ant-message-notice:has(.ant-message-error), .ant-notification-notice');

beforeAll(async () => {
  browser = await launch();
  root = await rootToken();
  await registerUser(user);
  session = await loginSession(user);
  const double = await createProblem(root, { problemId: ids.double, title: 'Double It', description: 'Print $2n$.' });
  // A problem with its own C template, as the admin form saves one.
  await apiOk('POST', '/api/admin/problem', {
    token: root,
    body: {
      problem: { problemId: ids.own, title: 'Own Template', description: 'Double $n$.', input: 'n', output: '2n', examples: [{ input: '1\n', output: '2\n' }] },
      samples: [{ input: '1\n', output: '2\n' }],
      languages: [],
      tags: [],
      codeTemplates: [{ language: 'C', code: OWN_TEMPLATE, status: true }],
    },
  });
  await createProblem(root, { problemId: ids.hidden, title: 'Hidden one', auth: 2 });
  cid = await createContest(root, { title: `${tag} board` }, [[double, 'A']]);
  // One accepted submission puts the user on the contest board (and the global rank list).
  const r = await api('POST', '/api/submit-problem-judge', { token: session.token, body: { pid: 'A', cid, language: 'C++', code: AC_CPP } });
  expect(r.status, r.msg).toBe(200);
  await waitVerdict(r.data.submitId, session.token);
  // And one outside the contest puts them on the global rank list.
  const pub = await api('POST', '/api/submit-problem-judge', { token: session.token, body: { pid: ids.double, language: 'C++', code: AC_CPP } });
  expect(pub.status, pub.msg).toBe(200);
  await waitVerdict(pub.data.submitId, session.token);
  await apiOk('POST', '/api/change-userInfo', { token: session.token, body: { signature: `I like **bold ${stamp}** and [links](https://example.com).` } });
});

afterAll(async () => {
  if (cid) await api('DELETE', `/api/admin/contest?cid=${cid}`, { token: root });
  await api('PUT', '/api/admin/config/set-web-config', { token: root, body: { oiWikiUrl: DEFAULT_OI_WIKI_URL } });
  await browser?.close();
});

describe('a new user', () => {
  it('gets the bare skeleton of the language, not the A+B solution, on a problem without a template; the own template and drafts win', async () => {
    const { context, page } = await newVisitor(browser);
    await useSession(context, session);
    await page.goto(`/problem/${ids.double}`);
    await page.getByTestId('problem-title').waitFor();
    for (const lang of ['C', 'C++', 'Java']) {
      await chooseLanguage(page, lang);
      await expect.poll(() => editorText(page)).toMatch(/main/);
      const code = await editorText(page);
      expect(code, lang).not.toMatch(/a \+ b|scanf|cin >>|nextLong/);
    }
    expect(await editorText(page)).toContain('class Main');
    await chooseLanguage(page, 'C');
    await shot(page, 'new-user-editor-skeleton');

    // A draft is kept across a reload.
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(`// draft ${stamp}`);
    await page.reload();
    await page.getByTestId('problem-title').waitFor();
    await expect.poll(() => editorText(page)).toContain(`draft ${stamp}`);

    // A problem's own template for the language is what its editor starts from.
    await page.goto(`/problem/${ids.own}`);
    await page.getByTestId('problem-title').waitFor();
    await chooseLanguage(page, 'C');
    await expect.poll(() => editorText(page)).toContain("the problem setter's own start");
    await context.close();
  });

  it('sees one error, once: a hidden problem only in its card, a failed action as one toast', async () => {
    const { context, page } = await newVisitor(browser);
    await useSession(context, session);
    await page.goto(`/problem/${ids.hidden}`);
    const card = page.getByTestId('problem-missing');
    await card.waitFor();
    expect(await card.innerText()).toContain('does not exist');
    // A toast comes from a failed call: once every call of the page has answered, a late one would be here.
    await page.waitForLoadState('networkidle');
    expect(await errorPopups(page).count()).toBe(0);
    await shot(page, 'new-user-hidden-problem');

    // An action the server refuses: one toast, nothing else.
    await page.goto(`/problem/${ids.own}`);
    await page.getByTestId('problem-title').waitFor();
    await page.getByTestId('editor-last-ac').click();
    await page.locator('.ant-message-notice', { hasText: "You haven't passed the problem" }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await errorPopups(page).count()).toBe(1);
    await shot(page, 'new-user-one-toast');
    await context.close();
  });

  it('is taken back to the page asked for (with its query) after logging in from the guard', async () => {
    const { context, page } = await newVisitor(browser);
    const asked = `/contest/${cid}/problems?from=${stamp}`;
    await page.goto(asked);
    await page.waitForURL('**/home');
    await page.getByTestId('login-username').fill(user.username);
    await page.getByTestId('login-password').fill(user.password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('user-menu').waitFor();
    await page.waitForURL((url) => `${url.pathname}${url.search}` === asked);
    await page.getByTestId(`contest-tab-problems`).waitFor();
    await shot(page, 'new-user-returned');
    await context.close();
  });

  it('reads an honest rank list: "AC rate", a rendered signature, and "Me" on the own pinned scoreboard row', { timeout: 120_000 }, async () => {
    const { context, page } = await newVisitor(browser);
    await useSession(context, session);
    const signature = page.getByTestId(`rank-signature-${user.username}`);
    // The search goes into the address bar, so a reload keeps it.
    await page.goto('/acm-rank');
    await page.getByTestId('rank-search').locator('input').fill(user.username);
    await page.getByTestId('rank-search').locator('input').press('Enter');
    await page.waitForURL((u) => u.pathname === '/acm-rank' && u.searchParams.get('searchUser') === user.username);
    // The server caches the rank list (a second on the e2e site; another file may have read it just before).
    await expect
      .poll(
        async () => {
          await page.reload();
          return page
            .getByTestId(`rank-user-${user.username}`)
            .waitFor({ timeout: 3000 })
            .then(
              () => true,
              () => false,
            );
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe(true);
    expect(await page.getByTestId('rank-search').locator('input').inputValue()).toBe(user.username);
    await signature.locator('strong').waitFor();
    expect(await signature.locator('strong').innerText()).toBe(`bold ${stamp}`);
    expect(await signature.innerText()).not.toContain('**');
    const head = await page.getByTestId('rank-table').locator('thead').innerText();
    expect(head).toContain('AC rate');
    expect(head).not.toContain('Rating');
    await pageShot(page, 'new-user-acm-rank');

    await page.goto(`/contest/${cid}/rank`);
    const pinned = page.locator(`[data-testid="scoreboard-table"] tr[data-pinned="true"][data-uid="${(session.data as { uid: string }).uid}"]`);
    await pinned.waitFor();
    expect(await pinned.getByTestId('sb-me-pinned').innerText()).toBe('Me');
    await pageShot(page, 'new-user-scoreboard-me');
    await context.close();
  });

  it('gets the wiki link and a clear message, not a broken frame, when the wiki cannot be reached', async () => {
    // Port 9 (discard) on loopback: nothing listens, the connection is refused, as behind a school firewall.
    const unreachable = 'http://127.0.0.1:9/wiki';
    await apiOk('PUT', '/api/admin/config/set-web-config', { token: root, body: { oiWikiUrl: unreachable } });
    const { context, page } = await newVisitor(browser);
    await page.goto('/oiwiki');
    const card = page.getByTestId('oiwiki-unreachable');
    await card.waitFor();
    expect(await card.innerText()).toContain('cannot be reached');
    expect(await page.getByTestId('oiwiki-open').getAttribute('href')).toBe(unreachable);
    expect(await page.getByTestId('oiwiki-open').getAttribute('target')).toBe('_blank');
    expect(await page.locator('iframe').count()).toBe(0);
    await shot(page, 'new-user-wiki-unreachable');

    // A wiki that answers (here: this site's own about page) is shown in the frame, with the link above it.
    const reachable = `${baseUrl()}/introduction`;
    await apiOk('PUT', '/api/admin/config/set-web-config', { token: root, body: { oiWikiUrl: reachable } });
    const second = await context.newPage();
    await second.goto('/oiwiki');
    await second.getByTestId('oiwiki-frame').waitFor();
    expect(await second.getByTestId('oiwiki-frame').getAttribute('src')).toBe(reachable);
    expect(await second.getByTestId('oiwiki-link').getAttribute('href')).toBe(reachable);
    await context.close();
  });

  it('reads the footer and the about page in Japanese', async () => {
    const { context, page } = await newVisitor(browser, { locale: 'ja-JP' });
    await page.goto('/introduction?l=ja');
    const powered = page.getByTestId('footer-powered-by');
    await expect.poll(() => powered.innerText()).toContain('で動いています');
    expect(await powered.locator('a').innerText()).toBe('Online Judge');
    const about = await page.getByTestId('introduction').locator('.ant-card').first().innerText();
    expect(about).not.toMatch(/An online judge for learning/);
    await pageShot(page, 'new-user-about-ja');
    await context.close();
  });
});
