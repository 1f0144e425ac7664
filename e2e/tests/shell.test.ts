import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newVisitor, shot } from '../lib/browser.js';
import { holdChunk } from '../lib/ui.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('the application shell', () => {
  it('shows the home page in Chinese by default and toggles to English with the logo', async () => {
    const { context, page } = await newVisitor(browser, { locale: 'zh-CN' });
    await page.goto('/home');
    await page.getByTestId('announcements').waitFor();
    await page.getByText('Welcome to the Online Judge').waitFor();
    await expect.poll(() => page.getByTestId('topbar').innerText()).toContain('首页');
    await shot(page, 'home-zh-CN');
    await page.getByTestId('logo').click();
    await expect.poll(() => page.getByTestId('topbar').innerText()).toContain('Home');
    expect(await page.evaluate(() => localStorage.getItem('Web_Language'))).toBe('en-US');
    // The choice is kept across visits.
    await page.reload();
    await expect.poll(() => page.getByTestId('topbar').innerText()).toContain('Home');
    await shot(page, 'home-en-US');
    await context.close();
  });

  it('a click on the logo takes effect when its tooltip arrives between the press and the release', async () => {
    const { context, page } = await newVisitor(browser, { locale: 'zh-CN' });
    // The tooltip's chunk is fetched when the pointer comes over the logo: held back until the button is down.
    const popups = await holdChunk(page, /\/assets\/popups-[^/]*\.js$/);
    await page.goto('/home');
    await expect.poll(() => page.getByTestId('topbar').innerText()).toContain('首页');
    const box = await popups.click(page.getByTestId('logo'));
    await expect.poll(() => page.getByTestId('topbar').innerText()).toContain('Home');
    // and the tooltip is there after the swap: off the logo and back over it
    await page.mouse.move(box.x + box.width / 2, box.y + 300);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => page.locator('.ant-tooltip:visible').count()).toBe(1);
    await context.close();
  });

  it('takes the language from ?l= first', async () => {
    const { context, page } = await newVisitor(browser, { locale: 'en-US' });
    await page.goto('/home?l=ja');
    await expect.poll(() => page.getByTestId('topbar').innerText()).toContain('ホーム');
    await page.goto('/home?l=ko-kr');
    await expect.poll(() => page.getByTestId('topbar').innerText()).toContain('홈');
    await shot(page, 'home-ko-KR');
    await context.close();
  });

  it('shows the 404 page for an unknown path, and Go Home leads home', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/no/such/page');
    await page.getByTestId('not-found').waitFor();
    await page.getByText("Sorry, the page can't be found").waitFor();
    await shot(page, 'not-found');
    await page.getByTestId('not-found-home').click();
    await page.waitForURL('**/home');
    await context.close();
  });

  it('uses an app bar and a drawer at 375 px width', async () => {
    const { context, page } = await newVisitor(browser, { width: 375, height: 740 });
    await page.goto('/home');
    await page.getByTestId('appbar').waitFor();
    expect(
      await page
        .getByTestId('topbar')
        .isVisible()
        .catch(() => false),
    ).toBe(false);
    await shot(page, 'mobile-home');
    await page.getByTestId('drawer-toggle').click();
    const drawer = page.locator('.oj-drawer .ant-menu');
    await drawer.waitFor();
    await expect.poll(() => drawer.innerText()).toContain('About');
    await shot(page, 'mobile-drawer');
    await drawer.getByText('About').click();
    await page.waitForURL('**/introduction');
    await page.getByTestId('introduction').waitFor();
    await context.close();
  });
});
