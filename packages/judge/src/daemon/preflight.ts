/**
 * What a daemon checks before it asks for work: the sandbox runner builds and really isolates (one
 * tiny run — the runner refuses with SE when it is not root, finds no usable cgroup, cannot create
 * namespaces…), and which languages this host offers. A host that fails the check judges nothing:
 * code never runs unsandboxed. Also tidies what a judge killed with SIGKILL left in the work root.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { JudgeLanguageReport } from '@oj/shared';
import { getLanguages, type LanguageSpec } from '../languages.js';
import { workRoot } from '../run.js';
import { ensureRunnerBuilt, runSandboxed } from '../sandbox.js';

export class SandboxUnavailableError extends Error {
  override name = 'SandboxUnavailableError';
}

/** Throws `SandboxUnavailableError` (with the runner's reason) when the sandbox cannot isolate here. */
export async function checkSandbox(): Promise<void> {
  try {
    ensureRunnerBuilt();
  } catch (e) {
    throw new SandboxUnavailableError((e as Error).message);
  }
  const rep = await runSandboxed({ argv: ['/bin/true'], timeMs: 2000, memoryKb: 64 * 1024 });
  if (rep.status !== 'OK' || rep.exitCode !== 0) {
    throw new SandboxUnavailableError(`the sandbox cannot isolate programs on this host: ${rep.error || `${rep.status}, exit ${rep.exitCode}`}`);
  }
}

/** The languages of this host as `register` reports them. */
export function languageReports(langs: LanguageSpec[] = getLanguages()): JudgeLanguageReport[] {
  return langs.map((l) => ({
    name: l.name,
    description: l.description,
    compileCommand: l.compileCommand,
    template: l.template,
    contentType: l.contentType,
  }));
}

/**
 * Removes submission work directories (`<work root>/sub-*`) untouched for `maxAgeMs` (default 1 h):
 * the engine removes its own when a judging ends, so an old one belongs to a judge process that was
 * killed. No judging takes that long, so a directory of a live judge (another daemon on this host) is
 * never one of them. Returns how many were removed.
 */
export async function pruneStaleWorkDirs(maxAgeMs = 3600_000): Promise<number> {
  const root = workRoot();
  let removed = 0;
  for (const name of await fsp.readdir(root).catch(() => [] as string[])) {
    if (!name.startsWith('sub-')) continue;
    const dir = path.join(root, name);
    const st = await fsp.stat(dir).catch(() => null);
    if (!st?.isDirectory() || Date.now() - st.mtimeMs < maxAgeMs) continue;
    await fsp.rm(dir, { recursive: true, force: true });
    removed++;
  }
  return removed;
}
