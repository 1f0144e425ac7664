import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium for the e2e tests and the web-load bench (no vitest here, so a plain tsx script may
 * import it): playwright-core never downloads a browser. Its headless shell (`chromium-headless-shell`,
 * the same Blink and V8 without the desktop browser around them) is taken when installed: the e2e suite
 * took 381 s on it against 466 s on the full browser, all tests passing on both. CHROMIUM_PATH picks another.
 */
export const chromiumPath = () =>
  process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => fs.existsSync(p)) ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
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
