import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { launchChromium } from './chromium.js';
import type { E2eSite } from './global-setup.js';
import { watchPage } from './timing.js';

const screenshots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/**
 * The site of this test file's worker: vitest numbers its workers 1…maxWorkers (VITEST_POOL_ID) and a
 * worker runs one file at a time, so no other file uses this site while this one runs.
 */
export function site(): E2eSite {
  const sites = inject('sites');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return sites[(worker - 1) % sites.length]!;
}

export const baseUrl = () => site().baseUrl;

export const launch = launchChromium;

/** A fresh visitor (no stored token) at a given viewport, with animations off for stable screenshots. */
export async function newVisitor(
  browser: Browser,
  opts: { width?: number; height?: number; locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
    locale: opts.locale ?? 'en-US',
    reducedMotion: 'reduce',
    baseURL: baseUrl(),
  });
  await context.addInitScript(() => {
    const style = () => {
      const s = document.createElement('style');
      s.textContent = '*,*::before,*::after{transition:none!important;animation-duration:0s!important;caret-color:transparent!important}';
      document.head.appendChild(s);
    };
    if (document.head) style();
    else document.addEventListener('DOMContentLoaded', style);
  });
  context.on('page', watchPage);
  const page = await context.newPage();
  return { context, page };
}

export async function shot(page: Page, name: string) {
  fs.mkdirSync(screenshots, { recursive: true });
  // A screenshot is for looking at the page as a person sees it: wait for images and for the progress
  // bar to be full (it then fades for two seconds, which the screenshot need not wait out).
  await page
    .waitForFunction(
      () => {
        const bar = document.querySelector<HTMLElement>('#nprogress .bar');
        return [...document.images].every((i) => i.complete) && (!bar || /\(-?0%/.test(bar.style.transform));
      },
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => {});
  await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: false });
}

interface SinkMessage {
  to: string[];
  raw: string;
}

/** Waits for a mail to `to` received by the SMTP sink after `since` messages, returning its decoded text. */
export async function waitForMail(to: string, count = 1, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${site().mailUrl}/?to=${encodeURIComponent(to)}`);
    const list = (await res.json()) as SinkMessage[];
    if (list.length >= count) return decodeMail(list[count - 1]!.raw);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail #${count} for ${to}`);
}

/** Undoes quoted-printable / base64 transfer encodings well enough to find a code or link in a mail. */
function decodeMail(raw: string): string {
  const qp = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  const b64 = [...raw.matchAll(/\r?\n\r?\n([A-Za-z0-9+/=\r\n]{40,})/g)].map((m) => Buffer.from(m[1]!.replace(/\s/g, ''), 'base64').toString('utf8'));
  return [qp, ...b64].join('\n');
}
