import type { Locator, Page } from 'playwright-core';

/**
 * Solves the login slide puzzle the way a person does: by looking at the picture. The piece's opaque
 * pixels are slid along the background and the darkest position (the shaded hole) wins; then the
 * slider is dragged there with the mouse.
 */
export async function solvePuzzle(page: Page) {
  await page.getByTestId('puzzle-bg').waitFor();
  await page.waitForFunction(() => {
    const bg = document.querySelector<HTMLImageElement>('[data-testid=puzzle-bg]');
    const pc = document.querySelector<HTMLImageElement>('[data-testid=puzzle-piece]');
    return !!bg?.complete && bg.naturalWidth > 0 && !!pc?.complete && pc.naturalWidth > 0;
  });
  const hole = await page.evaluate(async () => {
    const bgEl = document.querySelector<HTMLImageElement>('[data-testid=puzzle-bg]')!;
    const pcEl = document.querySelector<HTMLImageElement>('[data-testid=puzzle-piece]')!;
    const pixels = (img: HTMLImageElement) => {
      const c = document.createElement('canvas');
      c.width = img.naturalWidth;
      c.height = img.naturalHeight;
      const g = c.getContext('2d')!;
      g.drawImage(img, 0, 0);
      return g.getImageData(0, 0, c.width, c.height).data;
    };
    const B = pixels(bgEl);
    const P = pixels(pcEl);
    const bw = bgEl.naturalWidth;
    const pw = pcEl.naturalWidth;
    const ph = pcEl.naturalHeight;
    const scale = bgEl.clientWidth / bw;
    const y0 = Math.round(parseFloat(pcEl.style.top || '0') / scale);
    let best = 0;
    let bestScore = Infinity;
    for (let x = 0; x <= bw - pw; x++) {
      let sum = 0;
      let n = 0;
      for (let py = 0; py < ph; py++)
        for (let px = 0; px < pw; px++) {
          if (P[(py * pw + px) * 4 + 3]! < 200) continue;
          const i = ((y0 + py) * bw + (x + px)) * 4;
          if (i >= B.length) continue;
          sum += B[i]! + B[i + 1]! + B[i + 2]!;
          n++;
        }
      const s = sum / Math.max(n, 1);
      if (s < bestScore) {
        bestScore = s;
        best = x;
      }
    }
    return { x: best, scale };
  });
  const box = (await page.getByTestId('puzzle-slider').boundingBox())!;
  const startX = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(startX, y);
  await page.mouse.down();
  await page.mouse.move(startX + (hole.x * hole.scale) / 2, y, { steps: 5 });
  await page.mouse.move(startX + hole.x * hole.scale, y, { steps: 5 });
  await page.mouse.up();
}

/**
 * Solves the puzzle until `done` shows, at most `attempts` puzzles. The decoy hole is there to fool a
 * script like this one now and then; a person who misses gets a new puzzle, and so does the test.
 */
export async function solvePuzzleUntil(page: Page, done: Locator, attempts = 5) {
  for (let i = 1; ; i++) {
    const src = await page.getByTestId('puzzle-bg').getAttribute('src');
    await solvePuzzle(page);
    // A miss shows a new puzzle at once: wait for whichever comes, not for `done` to time out.
    const missed = page
      .waitForFunction(
        (old) => {
          // a new picture in the dialog, not the dialog gone (a login that went through)
          const src = document.querySelector('[data-testid=puzzle-bg]')?.getAttribute('src');
          return !!src && src !== old;
        },
        src,
        { timeout: 15_000 },
      )
      .then(() => 'missed' as const);
    const solved = done.waitFor({ timeout: 15_000 }).then(() => 'solved' as const);
    const outcome = await Promise.race([solved, missed]);
    // the other wait ends by itself at its timeout; its failure is not this test's
    solved.catch(() => {});
    missed.catch(() => {});
    if (outcome === 'solved') return;
    if (i >= attempts) throw new Error(`the slide puzzle was missed ${attempts} times in a row`);
  }
}
