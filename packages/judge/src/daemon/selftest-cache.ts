/**
 * Passed language self-tests, remembered on this host for an hour so that judge processes started
 * one after another (a restart, several daemons on one host, test suites) do not judge the same
 * templates again. A pass is keyed by everything that decides it: the language's commands, template,
 * binds and limits, and the identity (device, inode, size, mtime) of every toolchain file its
 * commands name — an upgraded or removed compiler is a new key and is tested again. Failures are never
 * remembered: a toolchain that was fixed is offered at the next start, and a failure caused by a
 * busy host is not kept.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { LanguageSpec } from '../languages.js';
import { workRoot } from '../run.js';

export const SELF_TEST_PASS_TTL_MS = 3600_000;

/** dev:ino:size:mtime of a host file (through symlinks), or "-" when it does not exist. */
function identity(file: string): string {
  try {
    const st = fs.statSync(file);
    return `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}`;
  } catch {
    return '-';
  }
}

/** Absolute host paths a language's commands and binds name (compilers, runtimes, jars, config). */
function toolchainFiles(lang: LanguageSpec, runArgv: string[]): string[] {
  const args = [...(lang.compile?.argv ?? []), ...runArgv];
  const files = args.flatMap((a) => a.split(':')).filter((a) => a.startsWith('/') && !a.startsWith('/box/'));
  return [...new Set([...files, ...lang.readOnlyBinds.map((b) => b.src)])].sort();
}

export function selfTestKey(lang: LanguageSpec, limits: { timeLimitMs: number; memoryLimitMb: number; stackLimitMb: number }): string {
  const run = lang.run(limits);
  const files = toolchainFiles(lang, run.argv);
  const facts = {
    name: lang.name,
    description: lang.description,
    template: lang.template,
    sourceName: lang.sourceName,
    artifact: lang.artifact,
    compile: lang.compile,
    run,
    runsSource: lang.runsSource,
    binds: lang.readOnlyBinds,
    pids: lang.pids,
    nofile: lang.nofile,
    allowance: lang.allowance,
    compileLimits: [lang.compileTimeMs, lang.compileMemoryMb],
    files: files.map((f) => [f, identity(f)]),
  };
  return createHash('sha256').update(JSON.stringify(facts)).digest('hex');
}

function cacheDir(): string {
  return path.join(workRoot(), 'selftest-passed');
}

/** True when a language with this key passed its self-test on this host within the last hour. */
export async function passedRecently(key: string, now = Date.now()): Promise<boolean> {
  const st = await fsp.stat(path.join(cacheDir(), key)).catch(() => null);
  return !!st && now - st.mtimeMs < SELF_TEST_PASS_TTL_MS && st.mtimeMs <= now;
}

export async function recordPass(key: string): Promise<void> {
  const dir = cacheDir();
  await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
  // Written whole then renamed: another judge process reading at the same time sees it or not.
  const tmp = path.join(dir, `${key}.${process.pid}.tmp`);
  await fsp.writeFile(tmp, `${new Date().toISOString()}\n`);
  await fsp.rename(tmp, path.join(dir, key));
}
