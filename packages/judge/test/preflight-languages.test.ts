/**
 * Every language is self-tested before a daemon offers it: its A+B template must compile and print 3
 * for "1 2" in the real sandbox. A broken toolchain is left out and the log says which and why.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { offeredLanguages, selectLanguages, selfTestLanguage } from '../src/daemon/preflight.js';
import { passedRecently, recordPass, SELF_TEST_PASS_TTL_MS, selfTestKey } from '../src/daemon/selftest-cache.js';
import { findLanguage, getLanguages, type LanguageSpec } from '../src/languages.js';
import { ensureRunnerBuilt } from '../src/sandbox.js';

ensureRunnerBuilt();
const c = findLanguage('C')!;

function memoryLog() {
  const lines: string[] = [];
  const add = (lvl: string) => (m: string) => void lines.push(`${lvl}: ${m}`);
  return { lines, debug: add('debug'), info: add('info'), warn: add('warn'), error: add('error') };
}

/** Variants of the real C language, each broken in one way a host can be broken. */
const missingCompiler: LanguageSpec = { ...c, name: 'C (no compiler)', compile: { argv: ['/usr/lib/oj-no-such-compiler', 'main.c'] } };
const wrongSum: LanguageSpec = { ...c, name: 'C (wrong sum)', template: c.template.replace('a + b', 'a + b + 1') };
const runtimeGone: LanguageSpec = { ...c, name: 'C (runtime gone)', run: () => ({ argv: ['/usr/lib/oj-no-such-runtime', 'main'] }) };
const crashes: LanguageSpec = { ...c, name: 'C (crashes)', template: '#include <stdlib.h>\nint main(void) { abort(); }\n' };

describe('language self-tests at judge start', () => {
  /** How long one real self-test takes on this host now: the baseline the cached answers are held to. */
  let oneSelfTestMs = 0;

  it('a working toolchain passes', async () => {
    const started = Date.now();
    expect(await selfTestLanguage(c)).toBeNull();
    oneSelfTestMs = Date.now() - started;
  });

  it('offers only the languages that judge their A+B template, and logs which were left out and why', async () => {
    const log = memoryLog();
    const offered = await offeredLanguages([missingCompiler, c, wrongSum, runtimeGone, crashes], log);
    expect(offered.map((l) => l.name)).toEqual(['C']);
    const warn = log.lines.filter((l) => l.startsWith('warn: '));
    expect(warn, warn.join('\n')).toHaveLength(4);
    expect(warn[0]).toMatch(/^warn: language C \(no compiler\) \(GCC [\d.]+\) is not offered: its A\+B template does not compile/);
    expect(warn[1]).toMatch(/language C \(wrong sum\) .*is not offered: its A\+B template printed "4\\n" for "1 2" instead of 3/);
    expect(warn[2]).toMatch(/language C \(runtime gone\) .*is not offered: its A\+B template does not run/);
    expect(warn[3]).toMatch(
      /language C \(crashes\) .*is not offered: its A\+B template does not run \(runtime error\): Runtime Error: the program was killed by SIGABRT/,
    );
  });

  it('tests each language once per process', async () => {
    const started = Date.now();
    const again = await offeredLanguages([missingCompiler, c, wrongSum], memoryLog());
    expect(again.map((l) => l.name)).toEqual(['C']);
    // Three cached answers take less than one compile-and-run measured above (a ratio, not a wall clock:
    // the machine is shared).
    expect(Date.now() - started).toBeLessThan(oneSelfTestMs);
  });

  it('offers only the languages OJ_JUDGE_LANGUAGES names, and says which named ones this host lacks', () => {
    const log = memoryLog();
    expect(selectLanguages(getLanguages(), ' C , Brainfuck,', log).map((l) => l.name)).toEqual(['C']);
    expect(log.lines).toEqual(['warn: OJ_JUDGE_LANGUAGES names Brainfuck, which this host does not have']);
    expect(selectLanguages(getLanguages(), '')).toHaveLength(getLanguages().length);
    expect(selectLanguages(getLanguages(), undefined)).toHaveLength(getLanguages().length);
  });

  it('remembers a pass on the host while the toolchain files are unchanged, never a failure', async () => {
    // Another process: equal specs, new objects. C passed above, the broken ones did not.
    const started = Date.now();
    const offered = await offeredLanguages([{ ...c }, { ...wrongSum }], memoryLog());
    expect(offered.map((l) => l.name)).toEqual(['C']);
    expect(Date.now() - started).toBeGreaterThan(20); // the wrong sum was judged again

    const limits = { timeLimitMs: 3000, memoryLimitMb: 256, stackLimitMb: 128 };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-selftest-'));
    const tool = path.join(dir, 'compiler');
    fs.writeFileSync(tool, 'v1');
    const spec: LanguageSpec = { ...c, name: 'C (own compiler)', compile: { argv: [tool, 'main.c'] } };
    const key = selfTestKey(spec, limits);
    expect(selfTestKey({ ...spec }, limits)).toBe(key);
    expect(selfTestKey({ ...spec, template: `${spec.template}\n` }, limits)).not.toBe(key);
    fs.writeFileSync(tool, 'v2, upgraded');
    expect(selfTestKey(spec, limits)).not.toBe(key);
    fs.rmSync(dir, { recursive: true });
    expect(selfTestKey(spec, limits)).not.toBe(key);

    await recordPass(key);
    expect(await passedRecently(key)).toBe(true);
    expect(await passedRecently(key, Date.now() + SELF_TEST_PASS_TTL_MS + 1000)).toBe(false);
  });
});
