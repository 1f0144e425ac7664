/**
 * The compiled-program cache: an identical submission (a rejudge, a resubmit, the same A+B by many
 * users) and a checker already compiled are not compiled again; any change of what decides the
 * binary (source, language, flags, extra files) is; compile errors come back with the same message;
 * entries are read-only, bounded, and evicting one never breaks a judging that took it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JudgeStatus } from '@oj/shared';
import { AC_C, AC_CPP, AC_PY, COMPILE_ERROR_C } from '@oj/test-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkerCompiles, compileChecker } from '../src/checker.js';
import { findLanguage } from '../src/languages.js';
import { ProgramCache, programCacheStats } from '../src/program-cache.js';
import { compileSubmission, programCache, runProgram, submissionCompiles } from '../src/run.js';
import { ensureRunnerBuilt } from '../src/sandbox.js';
import { judgeSubmission, type JudgeSubmissionRequest } from '../src/submission.js';

const S = JudgeStatus;
let dir: string;
const saved = { programs: process.env.OJ_JUDGE_PROGRAM_CACHE, checkers: process.env.OJ_JUDGE_CHECKER_CACHE };

beforeAll(() => {
  ensureRunnerBuilt();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-program-cache-test-'));
  // A cache of this file's own: earlier runs of the suite must not make a first compile a hit.
  process.env.OJ_JUDGE_PROGRAM_CACHE = path.join(dir, 'programs');
  process.env.OJ_JUDGE_CHECKER_CACHE = path.join(dir, 'checkers');
});
afterAll(() => {
  for (const [k, v] of [
    ['OJ_JUDGE_PROGRAM_CACHE', saved.programs],
    ['OJ_JUDGE_CHECKER_CACHE', saved.checkers],
  ] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

const cases = [
  { input: '1 2\n', output: '3\n' },
  { input: '20 22\n', output: '42\n' },
];
const judge = (language: string, code: string, more: Partial<JudgeSubmissionRequest> = {}) =>
  judgeSubmission({ language, code, cases, timeLimitMs: 2000, memoryLimitMb: 128, ...more });

/** Compiles started while `fn` ran. */
async function compilesDuring(fn: () => Promise<unknown>): Promise<number> {
  const before = submissionCompiles.count;
  await fn();
  return submissionCompiles.count - before;
}

describe('compiled submissions', () => {
  it('a second identical submission is judged without compiling; a different source, language or flag is compiled', async () => {
    const code = `${AC_C}// cache test ${Date.now()}\n`;
    expect(await compilesDuring(async () => expect((await judge('C', code)).status).toBe(S.ACCEPTED))).toBe(1);
    // The resubmit (or rejudge): same verdict, no compiler.
    expect(await compilesDuring(async () => expect((await judge('C', code)).status).toBe(S.ACCEPTED))).toBe(0);
    // One character more in the source, another flag (-O2), another language: each compiles once.
    expect(await compilesDuring(() => judge('C', `${code} `))).toBe(1);
    expect(await compilesDuring(() => judge('C With O2', code))).toBe(1);
    expect(await compilesDuring(async () => expect((await judge('C++', code)).status).toBe(S.ACCEPTED))).toBe(1);
    // And each of them is now kept as well.
    expect(await compilesDuring(() => judge('C With O2', code))).toBe(0);
    expect(await compilesDuring(() => judge('C++', code))).toBe(0);
  });

  it('user extra files are part of what is compiled: another header is another compile', async () => {
    const code = `#include "k.h"\n#include <stdio.h>\nint main(void) { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", a + b + K); return 0; }\n`;
    const zero = await judge('C', code, { userExtraFiles: { 'k.h': '#define K 0\n' } });
    expect(zero.status).toBe(S.ACCEPTED);
    let r = zero;
    expect(await compilesDuring(async () => (r = await judge('C', code, { userExtraFiles: { 'k.h': '#define K 1\n' } })))).toBe(1);
    expect(r.status).toBe(S.WRONG_ANSWER);
    expect(await compilesDuring(async () => (r = await judge('C', code, { userExtraFiles: { 'k.h': '#define K 0\n' } })))).toBe(0);
    expect(r.status).toBe(S.ACCEPTED);
  });

  it('a compile error is given again with the same message, without compiling', async () => {
    const code = `${COMPILE_ERROR_C}// ${Date.now()}\n`;
    const first = await judge('C', code);
    expect(first.status).toBe(S.COMPILE_ERROR);
    expect(first.errorMessage).toMatch(/undeclared_name/);
    let again = first;
    expect(await compilesDuring(async () => (again = await judge('C', code)))).toBe(0);
    expect(again.status).toBe(S.COMPILE_ERROR);
    expect(again.errorMessage).toBe(first.errorMessage);
  });

  it('interpreted languages skip their syntax check the second time', async () => {
    const code = `${AC_PY}# ${Date.now()}\n`;
    expect(await compilesDuring(() => judge('Python3', code))).toBe(1);
    let r = await judge('Python3', code);
    expect(await compilesDuring(async () => (r = await judge('Python3', code)))).toBe(0);
    expect(r.status).toBe(S.ACCEPTED);
  });

  it('identical submissions judged at once (workers of one daemon) compile once', async () => {
    const code = `// at once ${Date.now()}\n${AC_CPP}`;
    let results: Awaited<ReturnType<typeof judge>>[] = [];
    expect(await compilesDuring(async () => (results = await Promise.all([1, 2, 3].map(() => judge('C++', code)))))).toBe(1);
    expect(results.map((r) => r.status)).toEqual([S.ACCEPTED, S.ACCEPTED, S.ACCEPTED]);
  });

  it('kept programs are root-owned and read-only; the directory is closed to others', async () => {
    const code = `// modes ${Date.now()}\n${AC_CPP}`;
    await judge('C++', code);
    const root = programCache().root;
    expect(fs.statSync(root).mode & 0o077).toBe(0);
    const files = fs
      .readdirSync(root)
      .filter((n) => !n.startsWith('.'))
      .flatMap((n) => fs.readdirSync(path.join(root, n, 'files')).map((f) => path.join(root, n, 'files', f)));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const st = fs.statSync(f);
      expect(st.uid).toBe(0);
      expect(st.mode & 0o222).toBe(0);
    }
  });

  it('evicting an entry does not take the program from a judging that already took it', async () => {
    const lang = findLanguage('C')!;
    const work = fs.mkdtempSync(path.join(dir, 'work-'));
    const compiled = await compileSubmission(lang, `${AC_C}// evict ${Date.now()}\n`, work);
    expect(compiled.program).toBeDefined();
    // Everything goes (a bound of 1 byte).
    const tight = new ProgramCache(programCache().root, () => 1);
    expect(await tight.evict()).toBeGreaterThan(0);
    expect(fs.readdirSync(programCache().root).filter((n) => !n.startsWith('.'))).toEqual([]);
    const caseDir = path.join(work, 'case');
    fs.mkdirSync(caseDir);
    fs.writeFileSync(path.join(caseDir, 'in'), '2 3\n', { mode: 0o644 });
    const run = await runProgram(compiled.program!, path.join(caseDir, 'in'), caseDir, {
      limits: { timeLimitMs: 1000, memoryLimitMb: 64, stackLimitMb: 64 },
      outputLimitKb: 1024,
    });
    expect(run.report.status).toBe('OK');
    expect(fs.readFileSync(run.output!, 'utf8')).toBe('5\n');
  });
});

describe('the bound', () => {
  it('past the bound the least recently used entries go, the recently used stay', async () => {
    const root = path.join(dir, 'bounded');
    const cache = new ProgramCache(root, () => 160 * 1024);
    const src = path.join(dir, 'blob');
    fs.mkdirSync(src);
    fs.writeFileSync(path.join(src, 'main'), Buffer.alloc(16 * 1024));
    const evictedBefore = programCacheStats.evictions;
    for (let i = 0; i < 12; i++) {
      await cache.store(`k${i}`, { error: null }, src);
      // k0 is used all along: it stays although it is the oldest entry.
      await cache.lookup('k0');
      const t = new Date(Date.now() - (12 - i) * 1000);
      if (i > 0) fs.utimesSync(path.join(root, `k${i}`), t, t);
    }
    const left = fs.readdirSync(root).filter((n) => !n.startsWith('.'));
    let bytes = 0;
    for (const n of left) for (const f of fs.readdirSync(path.join(root, n, 'files'))) bytes += fs.statSync(path.join(root, n, 'files', f)).size;
    expect(bytes).toBeLessThanOrEqual(160 * 1024);
    expect(left).toContain('k0');
    expect(left).toContain('k11');
    expect(left).not.toContain('k1');
    expect(programCacheStats.evictions).toBeGreaterThan(evictedBefore);
  });

  it('a compile that leaves more than an eighth of the bound behind is not kept', async () => {
    const root = path.join(dir, 'small');
    const cache = new ProgramCache(root, () => 64 * 1024);
    const src = path.join(dir, 'big');
    fs.mkdirSync(src);
    fs.writeFileSync(path.join(src, 'main'), Buffer.alloc(16 * 1024));
    await cache.store('big', { error: null }, src);
    expect(await cache.lookup('big')).toBeNull();
  });
});

describe('compiled checkers', () => {
  const checker = (tag: string) => `#include <stdio.h>\n/* ${tag} */\nint main(int argc, char **argv) { return 0; }\n`;

  it('a checker already compiled is reused; another source or extra file is compiled; its compile error is kept', async () => {
    const tag = `checker ${Date.now()}`;
    const before = checkerCompiles.count;
    const a = await compileChecker({ language: 'C', code: checker(tag) });
    expect(a.checker?.cached).toBe(false);
    const b = await compileChecker({ language: 'C', code: checker(tag) });
    expect(b.checker).toMatchObject({ cached: true, dir: a.checker!.dir });
    expect(checkerCompiles.count - before).toBe(1);
    await compileChecker({ language: 'C', code: checker(`${tag}!`) });
    await compileChecker({ language: 'C', code: checker(tag) }, { 'data.txt': 'x' });
    expect(checkerCompiles.count - before).toBe(3);

    const broken = `int main(void) { return nope; } /* ${tag} */\n`;
    const e1 = await compileChecker({ language: 'C', code: broken });
    const e2 = await compileChecker({ language: 'C', code: broken });
    expect(e1.error).toMatch(/nope/);
    expect(e2.error).toBe(e1.error);
    expect(checkerCompiles.count - before).toBe(4);
  });
});
