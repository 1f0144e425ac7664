/**
 * Judge languages, detected once at start: only toolchains present on this host are offered. The
 * languages are data (`language-entries.ts`); this module reads them: it resolves `extends`, runs each
 * entry's finders (`language-finders.ts`) and fills the `{var}` templates of its commands. Everything
 * runs inside the sandbox (compilers too); toolchains outside /usr (pyenv's Python 2, rustup's Rust) are
 * bound read-only into the box at their own path.
 */
import { ALLOWANCE, type Allowance, type CommandTemplate, ENTRY_DEFAULTS, LANGUAGE_ENTRIES, type LanguageEntry } from './language-entries.js';
import { type Found, type FindSpec, mountBinds, runFinder, SOURCE_HOOKS, type SourcePatch, type Vars } from './language-finders.js';
import type { ReadOnlyBind } from './sandbox.js';

export { ALLOWANCE, type Allowance, type LanguageEntry };

/** Problem limits as the user sees them. */
export interface ProblemLimits {
  timeLimitMs: number;
  memoryLimitMb: number;
  stackLimitMb: number;
}

export interface CommandSpec {
  argv: string[];
  env?: Record<string, string>;
}

export interface LanguageSpec {
  /** Key stored with submissions, e.g. "C++ 17 With O2". */
  name: string;
  /** Shown to users, with the detected version, e.g. "G++ 12.2.0". */
  description: string;
  /** Shown to users (the real argv runs in /box). */
  compileCommand: string;
  /** CodeMirror MIME type. */
  contentType: string;
  /** A+B solution: the language's example (spec: an A+B template per language). Never pre-filled in the editor. */
  template: string;
  /** Source file name in /box. */
  sourceName: string;
  /**
   * The spec to judge `source` with, when it depends on the source (Java: the public class names the
   * file and the class to run); absent: this spec as it is.
   */
  forSource?: (source: string) => LanguageSpec;
  /** Added to "<artifact> was not produced": what the submission probably got wrong. */
  artifactHint?: string;
  /** Compile (or syntax-check) step; null when there is none. */
  compile: CommandSpec | null;
  /** File the compile step must produce (checked before running). */
  artifact: string | null;
  /** True when the run needs the source file (interpreters), false when it needs the compiler output. */
  runsSource: boolean;
  run: (limits: ProblemLimits) => CommandSpec;
  allowance: Allowance;
  pids: number;
  nofile: number;
  /** Toolchain directories outside /usr, bound read-only into the box. */
  readOnlyBinds: ReadOnlyBind[];
  /** Compile limits (CPU ms, memory MB). */
  compileTimeMs: number;
  compileMemoryMb: number;
}

/** Limits the sandbox enforces for one test of `lang` on a problem with `limits`. */
export function runLimits(lang: LanguageSpec, limits: ProblemLimits) {
  const a = lang.allowance;
  const timeMs = Math.ceil(limits.timeLimitMs * a.timeFactor + a.timeExtraMs);
  return {
    timeMs,
    // Only a guard against sleeping programs: verdicts come from CPU time.
    wallMs: timeMs * 3 + 1000,
    memoryKb: (limits.memoryLimitMb + a.memoryExtraMb) * 1024,
    stackKb: limits.stackLimitMb * 1024,
  };
}

const VAR = /\{(\w+)\}/g;

function lookup(vars: Vars, name: string, where: string): string | string[] {
  const v = vars[name];
  if (v === undefined) throw new Error(`language ${where}: no variable {${name}}`);
  return v;
}

/** `text` with each `{var}` replaced (lists joined by spaces, variables inside variables expanded too). */
export function fillText(text: string, vars: Vars, where: string, depth = 0): string {
  if (depth > 8) throw new Error(`language ${where}: variables refer to each other in a loop`);
  return text.replace(VAR, (_, name: string) => {
    const v = lookup(vars, name, where);
    return Array.isArray(v) ? fillArgs(v, vars, where, depth + 1).join(' ') : fillText(v, vars, where, depth + 1);
  });
}

/** An argument list: an argument that is exactly a list variable is spliced; arguments that end up empty are dropped. */
export function fillArgs(args: string[], vars: Vars, where: string, depth = 0): string[] {
  if (depth > 8) throw new Error(`language ${where}: variables refer to each other in a loop`);
  return args.flatMap((a) => {
    const whole = /^\{(\w+)\}$/.exec(a)?.[1];
    const v = whole === undefined ? undefined : lookup(vars, whole, where);
    const out = Array.isArray(v) ? fillArgs(v, vars, where, depth + 1) : [fillText(a, vars, where, depth)];
    return out.filter((x) => x !== '');
  });
}

function fillCommand(cmd: CommandTemplate, vars: Vars, where: string): CommandSpec {
  const argv = fillArgs(cmd.argv, vars, where);
  if (!cmd.env) return { argv };
  return { argv, env: Object.fromEntries(Object.entries(cmd.env).map(([k, v]) => [k, fillText(v, vars, where)])) };
}

/** `entry` with what it extends underneath (vars merged, every other field replaced). */
export function resolveEntry(entry: LanguageEntry, entries: LanguageEntry[] = LANGUAGE_ENTRIES, seen: string[] = []): LanguageEntry {
  if (!entry.extends) return entry;
  if (seen.includes(entry.name)) throw new Error(`language ${entry.name}: extends itself (${[...seen, entry.name].join(' → ')})`);
  const parentEntry = entries.find((e) => e.name === entry.extends);
  if (!parentEntry) throw new Error(`language ${entry.name}: extends unknown "${entry.extends}"`);
  const parent = resolveEntry(parentEntry, entries, [...seen, entry.name]);
  const { extends: _e, abstract: _a, ...own } = entry;
  const { abstract: _pa, ...inherited } = parent;
  return { ...inherited, ...own, vars: { ...parent.vars, ...entry.vars } };
}

function required<K extends keyof LanguageEntry>(e: LanguageEntry, key: K): NonNullable<LanguageEntry[K]> {
  const v = e[key];
  if (v === undefined || v === null) throw new Error(`language ${e.name}: no ${key}`);
  return v as NonNullable<LanguageEntry[K]>;
}

/** The spec of a resolved entry whose finders found `found`; `patch` is a submission's change (source hook). */
function instantiate(e: LanguageEntry, found: Found, patch: SourcePatch | null = null): LanguageSpec {
  const vars: Vars = { ...e.vars, ...found.vars, ...patch?.vars };
  const where = e.name;
  const text = (key: 'description' | 'compileCommand' | 'sourceName') => fillText(required(e, key), vars, where);
  const run = required(e, 'run');
  const caps = e.limitCaps ?? {};
  const spec: LanguageSpec = {
    name: e.name,
    description: text('description'),
    compileCommand: text('compileCommand'),
    contentType: required(e, 'contentType'),
    template: required(e, 'template'),
    sourceName: text('sourceName'),
    compile: e.compile ? fillCommand(e.compile, vars, where) : null,
    artifact: e.artifact ? fillText(e.artifact, vars, where) : null,
    runsSource: required(e, 'runsSource'),
    run: (l) =>
      fillCommand(
        run,
        {
          ...vars,
          timeLimitMs: String(l.timeLimitMs),
          memoryLimitMb: String(l.memoryLimitMb),
          stackLimitMb: String(Math.min(l.stackLimitMb, caps.stackLimitMb ?? Number.POSITIVE_INFINITY)),
        },
        where,
      ),
    allowance: ALLOWANCE[required(e, 'allowance')],
    pids: e.pids ?? ENTRY_DEFAULTS.pids,
    nofile: e.nofile ?? ENTRY_DEFAULTS.nofile,
    readOnlyBinds: [...mountBinds(e.mounts ?? ENTRY_DEFAULTS.mounts), ...found.binds],
    compileTimeMs: e.compileTimeMs ?? ENTRY_DEFAULTS.compileTimeMs,
    compileMemoryMb: e.compileMemoryMb ?? ENTRY_DEFAULTS.compileMemoryMb,
  };
  if (e.artifactHint !== undefined && !patch?.drop?.includes('artifactHint')) spec.artifactHint = fillText(e.artifactHint, vars, where);
  const hook = e.sourceHook && !patch ? SOURCE_HOOKS[e.sourceHook] : undefined;
  if (hook) {
    spec.forSource = (source) => {
      const p = hook(source);
      return p ? instantiate(e, found, p) : spec;
    };
  }
  return spec;
}

/** Runs each entry's finders (each distinct finder once) and returns the languages whose toolchains are all present. */
export function languagesFrom(entries: LanguageEntry[]): LanguageSpec[] {
  const memo = new Map<string, Found | null>();
  const find = (spec: FindSpec) => {
    const key = JSON.stringify(spec);
    if (!memo.has(key)) memo.set(key, runFinder(spec));
    return memo.get(key) ?? null;
  };
  const langs: LanguageSpec[] = [];
  for (const entry of entries) {
    if (entry.abstract) continue;
    const e = resolveEntry(entry, entries);
    const found: Found = { vars: {}, binds: [] };
    let present = true;
    for (const spec of e.find ?? []) {
      const f = find(spec);
      if (!f) {
        present = false;
        break;
      }
      Object.assign(found.vars, f.vars);
      found.binds.push(...f.binds);
    }
    if (present) langs.push(instantiate(e, found));
  }
  return langs;
}

/** Detects the toolchains of this host. Slow-ish (runs `java -version` etc.): use `getLanguages()`. */
export function detectLanguages(): LanguageSpec[] {
  return languagesFrom(LANGUAGE_ENTRIES);
}

let cached: LanguageSpec[] | null = null;

/** The languages of this host (detected on first use). */
export function getLanguages(): LanguageSpec[] {
  cached ??= detectLanguages();
  return cached;
}

export function findLanguage(name: string): LanguageSpec | undefined {
  return getLanguages().find((l) => l.name === name);
}
