/**
 * A judge daemon offers only the languages whose A+B template it really judges in the sandbox: a
 * broken toolchain is left out of its registration (so no submission in it is ever leased to this
 * judge), and its log says which language and why.
 */
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { JudgeDaemon, findLanguage, type LanguageSpec } from '@oj/judge';
import { judgeServers } from '../src/db/schema/index.js';
import { judgeToken } from '../src/lib/secrets.js';
import { createTestApp, type TestApp } from './harness.js';
import { listen, memoryLogger, tempCacheDir } from './daemon-helpers.js';

let t: TestApp | undefined;
let daemon: JudgeDaemon | undefined;
const cacheDir = tempCacheDir();

afterAll(async () => {
  await daemon?.stop(0);
  await t?.close();
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

it('registers only the languages that pass their self-test, and logs the broken one with the reason', async () => {
  t = await createTestApp();
  const url = await listen(t);
  const c = findLanguage('C')!;
  // A host whose "C 99" compiler was removed after detection: the sandbox cannot start it.
  const broken: LanguageSpec = { ...c, name: 'C 99', compile: { argv: ['/usr/lib/oj-removed-compiler', 'main.c'] } };
  const log = memoryLogger();
  daemon = new JudgeDaemon({ server: url, token: await judgeToken(t), name: 'selftest', capacity: 1, cacheDir, pollWaitMs: 1000, log, languages: [broken, c] });
  const info = await daemon.start();
  expect(info.languages).toEqual(['C']);
  const [row] = await t.database.db.select().from(judgeServers).where(eq(judgeServers.name, 'selftest'));
  expect(row.languages).toEqual(['C']);
  expect(log.lines).toContainEqual(
    expect.stringMatching(/^warn: language C 99 \(GCC [\d.]+\) is not offered: its A\+B template does not compile .*oj-removed-compiler/),
  );
});

it('refuses to start when no language passes', async () => {
  const c = findLanguage('C')!;
  const wrong: LanguageSpec = { ...c, name: 'C wrong', template: c.template.replace('a + b', 'a - b') };
  const d = new JudgeDaemon({ server: 'http://127.0.0.1:9', token: 'x'.repeat(16), name: 'none', cacheDir, log: memoryLogger(), languages: [wrong] });
  await expect(d.start()).rejects.toThrow(/no language passed its A\+B self-test/);
});
