import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's headless Chromium as the e2e tests and the web-load bench use it (no vitest here, so a
 * plain tsx script may import it): playwright-core never downloads a browser.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
