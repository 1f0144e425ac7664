/**
 * What a daemon checks before it asks for work: the sandbox runner builds and really isolates (one
 * tiny run — the runner refuses with SE when it is not root, finds no usable cgroup, cannot create
 * namespaces…), and which languages this host offers: each detected toolchain must judge its own A+B
 * template in the real sandbox, or it is not offered. A host that fails the check judges nothing:
 * code never runs unsandboxed. Also tidies what a judge killed with SIGKILL left in the work root.
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type JudgeLanguageReport, JudgeStatus } from '@oj/shared';
import { getLanguages, type LanguageSpec } from '../languages.js';
import { compileSubmission, readHead, runProgram, workRoot } from '../run.js';
import { ensureRunnerBuilt, runSandboxed } from '../sandbox.js';
import type { Logger } from './log.js';
import { passedRecently, recordPass, selfTestKey } from './selftest-cache.js';

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

/** Limits of the self-test run: generous, a slow host must not lose a language it has. */
const SELF_TEST_LIMITS = { timeLimitMs: 3000, memoryLimitMb: 256, stackLimitMb: 128 };
/** Self-tests at once: each is a compile and a run in boxes; start-up must not take every core of a busy host. */
const SELF_TEST_CONCURRENCY = 2;

const statusName = (s: number) =>
  Object.entries(JudgeStatus)
    .find(([, v]) => v === s)?.[0]
    .toLowerCase()
    .replaceAll('_', ' ') ?? `status ${s}`;

/** First lines of a tool's message, on one line, for the daemon log. */
function brief(text: string): string {
  const t = text.trim().split('\n').slice(0, 4).join(' | ');
  return t.length > 400 ? `${t.slice(0, 400)}…` : t;
}

/**
 * Judges `lang`'s A+B template on input "1 2" in the sandbox, exactly as a submission: compile, run,
 * read stdout. Null when it printed 3, else why not (compile error, run error, wrong output).
 */
export async function selfTestLanguage(lang: LanguageSpec): Promise<string | null> {
  const dir = await fsp.mkdtemp(path.join(workRoot(), 'sub-selftest-'));
  try {
    const compiled = await compileSubmission(lang, lang.template, dir, { cache: false });
    if (!compiled.program) return `its A+B template does not compile (${statusName(compiled.verdict.status)}): ${brief(compiled.verdict.message ?? '')}`;
    const input = path.join(dir, 'input');
    await fsp.writeFile(input, '1 2\n', { mode: 0o644 });
    await fsp.chmod(input, 0o644);
    const caseDir = path.join(dir, 'case');
    await fsp.mkdir(caseDir, { mode: 0o700 });
    const run = await runProgram(compiled.program, input, caseDir, { limits: SELF_TEST_LIMITS, outputLimitKb: 1024 });
    if (run.early) {
      const why = [run.early.message, brief(run.stderr)].filter(Boolean).join(': ');
      return `its A+B template does not run (${statusName(run.early.status)})${why ? `: ${why}` : ''}`;
    }
    const out = run.output ? (await readHead(run.output, 256)).toString('utf8') : '';
    if (out.trim() !== '3')
      return `its A+B template printed ${JSON.stringify(out.slice(0, 60))} for "1 2" instead of 3${run.stderr ? `: ${brief(run.stderr)}` : ''}`;
    return null;
  } catch (e) {
    return `its self-test failed: ${(e as Error).message}`;
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/**
 * The detected languages an administrator lets this host offer: `OJ_JUDGE_LANGUAGES` is a comma-separated
 * list of names (e.g. "C,C++ 17 With O2,Java"); unset or blank: all of them. A listed name this host
 * does not have is logged, not fatal.
 */
export function selectLanguages(langs: LanguageSpec[], list: string | undefined = process.env.OJ_JUDGE_LANGUAGES, log?: Logger): LanguageSpec[] {
  const wanted = (list ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  if (!wanted.length) return langs;
  for (const name of wanted) if (!langs.some((l) => l.name === name)) log?.warn(`OJ_JUDGE_LANGUAGES names ${name}, which this host does not have`);
  return langs.filter((l) => wanted.includes(l.name));
}

/** Self-test outcomes of this process, per language spec: a restarted daemon (tests, `stop` then `start`) does not test again. */
const selfTests = new WeakMap<LanguageSpec, Promise<string | null>>();

/** The self-test of `lang`, once per process; a pass of the same toolchain within the hour on this host counts (selftest-cache.ts). */
function selfTestOnce(lang: LanguageSpec): Promise<string | null> {
  let p = selfTests.get(lang);
  if (!p) {
    p = (async () => {
      const key = selfTestKey(lang, SELF_TEST_LIMITS);
      if (await passedRecently(key)) return null;
      const why = await selfTestLanguage(lang);
      if (why === null) await recordPass(key).catch(() => {});
      return why;
    })();
    selfTests.set(lang, p);
  }
  return p;
}

/**
 * The languages this daemon offers: those of `langs` whose self-test passes, in their order. Runs at
 * most two self-tests at once; each language is tested once per process (and a pass is remembered on
 * the host for an hour, while its toolchain files are unchanged). Every language left out is
 * logged with the reason, so an administrator knows which toolchain is broken and why.
 */
export async function offeredLanguages(langs: LanguageSpec[] = getLanguages(), log?: Logger): Promise<LanguageSpec[]> {
  const results: (string | null)[] = new Array(langs.length);
  let next = 0;
  const worker = async () => {
    while (next < langs.length) {
      const i = next++;
      results[i] = await selfTestOnce(langs[i]);
    }
  };
  const width = Math.max(1, Math.min(SELF_TEST_CONCURRENCY, os.availableParallelism(), langs.length));
  await Promise.all(Array.from({ length: width }, worker));
  const offered: LanguageSpec[] = [];
  langs.forEach((lang, i) => {
    const why = results[i];
    if (why === null) offered.push(lang);
    else log?.warn(`language ${lang.name} (${lang.description}) is not offered: ${why}`);
  });
  return offered;
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
