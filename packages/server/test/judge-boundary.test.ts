/**
 * The judge boundary, held by a test: an API node runs no program itself (checker compiles and package
 * programs are judge jobs), so the server imports nothing from `@oj/judge` but the built-in daemon's
 * start — type-only imports aside — and starts no process of its own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
/** The one file that may start the judge daemon in the API's process (OJ_EMBEDDED_JUDGE). */
const EMBEDDED = 'embedded-judge.ts';

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** `import …` statements (possibly over several lines) from `@oj/judge`, type-only ones left out. */
const JUDGE_IMPORT = /import\s+(type\s+)?([^;]*?)\s+from\s+['"]@oj\/judge(?:\/[^'"]*)?['"]/g;

export function judgeValueImports(source: string): string[] {
  return [...source.matchAll(JUDGE_IMPORT)]
    .filter(([, typeOnly, what]) => !typeOnly && !/^\{\s*(type\s+[\w$]+\s*,?\s*)+\}$/.test(what!.trim()))
    .map(([m]) => m);
}

describe('the server and the judge', () => {
  it('the server uses @oj/judge only to start the built-in daemon', () => {
    const offenders = sourceFiles(SERVER_SRC)
      .filter((f) => path.relative(SERVER_SRC, f) !== EMBEDDED)
      .flatMap((f) => judgeValueImports(fs.readFileSync(f, 'utf8')).map((m) => `${path.relative(SERVER_SRC, f)}: ${m}`));
    expect(offenders).toEqual([]);
  });

  it('the check tells value imports from type-only ones', () => {
    expect(judgeValueImports("import { compileChecker } from '@oj/judge';")).toHaveLength(1);
    expect(judgeValueImports("import {\n  runSandboxed,\n  type LanguageSpec,\n} from '@oj/judge';")).toHaveLength(1);
    expect(judgeValueImports("import type { CompiledProgram } from '@oj/judge';")).toEqual([]);
    expect(judgeValueImports("import { type Logger } from '@oj/judge';")).toEqual([]);
  });

  it('nothing in the server starts a process (a compiler, the sandbox runner)', () => {
    const spawning = sourceFiles(SERVER_SRC)
      .filter((f) => /['"](node:)?child_process['"]/.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(SERVER_SRC, f));
    expect(spawning).toEqual([]);
  });
});
