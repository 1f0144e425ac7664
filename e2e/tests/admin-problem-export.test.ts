/**
 * The Export menu of the admin problem list: a problem downloaded as a Polygon-compatible package and
 * as a Kattis/ICPC package (read back by the batch import: the API tests check the round trip).
 */
import { unzipSync } from 'fflate';
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp } from '@oj/test-fixtures';
import { launch, newVisitor, shot } from '../lib/browser.js';
import { createProblem, rootToken, rootUser, signIn } from '../lib/api.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const problemId = `EXP${runStamp(6)}`.toUpperCase();

describe('admin problem list: export menu', () => {
  it('downloads a problem as a Polygon package and as a Kattis package', async () => {
    await createProblem(await rootToken(), { problemId, title: 'Export me' });
    const { context, page } = await newVisitor(browser);
    await signIn(page, rootUser, { admin: true });
    await page.goto(`/admin/problems?keyword=${problemId}`);
    const files: Record<string, string[]> = {};
    for (const format of ['polygon', 'kattis'] as const) {
      await page.getByTestId(`problem-export-${problemId}`).click();
      const item = page.getByTestId(`problem-export-${format}-${problemId}`);
      await item.waitFor();
      if (format === 'polygon') await shot(page, 'admin-problem-export-menu');
      const [download] = await Promise.all([page.waitForEvent('download'), item.click()]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`^problem_${format}.*\\.zip$`));
      files[format] = Object.keys(unzipSync(new Uint8Array(fs.readFileSync((await download.path())!))));
    }
    expect(files.polygon).toContain(`${problemId}/problem.xml`);
    expect(files.polygon).toContain(`${problemId}/tests/01`);
    expect(files.kattis).toContain(`${problemId}/problem.yaml`);
    expect(files.kattis).toContain(`${problemId}/problem_statement/problem.en.md`);
    await context.close();
  });
});
