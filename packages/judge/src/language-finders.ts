/**
 * The code side of the language entries (`language-entries.ts`): finders locate a toolchain on this
 * host and return the variables its entry's commands use, plus the directories the box must bind;
 * source hooks change an entry for one submission. An entry names them; the interpreter
 * (`languages.ts`) calls them. Toolchains whose place or version cannot be read with one command
 * (pyenv's Python 2, rustup's Rust, a JDK behind /usr/bin symlinks, Kotlin's jars) get a finder here.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { javaPublicClass, kotlinMainClass } from './java-class.js';
import type { ReadOnlyBind } from './sandbox.js';

/** Variables a finder gives its entry: a string, or a list spliced into an argument list. */
export type VarValue = string | string[];
export type Vars = Record<string, VarValue>;

export interface Found {
  vars: Vars;
  /** Toolchain directories outside /usr, bound read-only into the box. */
  binds: ReadOnlyBind[];
}

/** The generic finder: the first present executable of `paths`, its version read from one command. */
export interface CommandFind {
  finder: 'command';
  /** Candidates, first present wins (a present one without a readable version means: not offered). */
  paths: string[];
  /** Further executables that must be present. */
  requires?: string[];
  /** Arguments that make it print its version (stdout and stderr are read together). */
  versionArgs: string[];
  /** Regular expression; its first group is `{version}`. */
  version: string;
  /** More variables read from the same output: `{name}` is `format` with $1 the group, '' when absent. */
  extra?: Record<string, { pattern: string; format: string }>;
  /** Bind the installation prefix (two levels above the real binary) when it is outside /usr. */
  bindPrefix?: boolean;
}

/** Finders with their own code; each documents the variables it gives. */
export interface NamedFind {
  finder: 'jdk' | 'kotlin' | 'python2' | 'rust';
}

export type FindSpec = CommandFind | NamedFind;

/** stdout + stderr of a short command (several tools print their version on stderr). */
function output(cmd: string, args: string[]): string | null {
  const r = spawnSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 15_000 });
  if (r.error) return null;
  return `${r.stdout ?? ''}${r.stderr ?? ''}`;
}

function versionOf(cmd: string, args: string[], re: RegExp): string | null {
  const out = output(cmd, args);
  return out === null ? null : (re.exec(out)?.[1] ?? null);
}

export function isExecutable(p: string): boolean {
  try {
    fs.accessSync(p, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const isUnderUsr = (p: string) => p.startsWith('/usr/');

/** A toolchain outside /usr must be bound into the box: bind its installation prefix. */
function bindsFor(realBinary: string, prefix: string): ReadOnlyBind[] {
  return isUnderUsr(realBinary) ? [] : [{ src: prefix }];
}

function findCommand(spec: CommandFind): Found | null {
  const tool = spec.paths.find(isExecutable);
  if (!tool || !(spec.requires ?? []).every(isExecutable)) return null;
  const out = output(tool, spec.versionArgs);
  const version = out === null ? null : new RegExp(spec.version).exec(out)?.[1];
  if (!version || out === null) return null;
  const vars: Vars = { tool, version };
  for (const [name, { pattern, format }] of Object.entries(spec.extra ?? {})) {
    const m = new RegExp(pattern).exec(out)?.[1];
    vars[name] = m ? format.replace('$1', m) : '';
  }
  if (!spec.bindPrefix) return { vars, binds: [] };
  const real = fs.realpathSync(tool);
  return { vars: { ...vars, toolReal: real }, binds: bindsFor(real, path.dirname(path.dirname(real))) };
}

/** `{javac}`, `{java}` (real binaries), `{jdkVersion}`; binds the JDK when it is outside /usr. */
function findJdk(): Found | null {
  if (!isExecutable('/usr/bin/javac') || !isExecutable('/usr/bin/java')) return null;
  const javac = fs.realpathSync('/usr/bin/javac');
  const java = fs.realpathSync('/usr/bin/java');
  const version = versionOf(java, ['-version'], /version "([^"]+)"/);
  if (!version) return null;
  return { vars: { javac, java, jdkVersion: version }, binds: bindsFor(java, path.dirname(path.dirname(java))) };
}

/**
 * `{kotlinHome}` (lib/ holds the compiler jars) and `{kotlinVersion}`: Debian's kotlinc, or JetBrains'
 * distribution (same layout, with build.txt).
 */
function findKotlin(): Found | null {
  const candidates = [process.env.OJ_KOTLINC, '/usr/bin/kotlinc', '/usr/local/bin/kotlinc'];
  for (const c of candidates) {
    if (!c || !isExecutable(c)) continue;
    const home = path.dirname(path.dirname(fs.realpathSync(c)));
    const lib = path.join(home, 'lib');
    if (!['kotlin-preloader.jar', 'kotlin-compiler.jar'].every((j) => fs.existsSync(path.join(lib, j)))) continue;
    // Asking kotlinc for its version starts a JVM (seconds); Debian's says "1.3-SNAPSHOT" anyway.
    let version = '';
    try {
      version = fs.readFileSync(path.join(home, 'build.txt'), 'utf8').trim();
    } catch {
      version = /kotlin-stdlib-(\d[\w.]*)\.jar$/.exec(fs.realpathSync(path.join(lib, 'kotlin-stdlib.jar')))?.[1] ?? '';
    }
    if (!version) continue;
    // The jars are symlinks into /usr/share/java; outside /usr both the home and their targets are bound.
    const real = fs.realpathSync(path.join(lib, 'kotlin-compiler.jar'));
    const binds = isUnderUsr(home) ? [] : [{ src: home }, ...(isUnderUsr(real) || real.startsWith(home) ? [] : [{ src: path.dirname(real) }])];
    return { vars: { kotlinHome: home, kotlinVersion: version }, binds };
  }
  return null;
}

/** `{tool}` (real binary), `{version}`: Debian 12 has no python2, so a system one, else pyenv's 2.x. */
function findPython2(): Found | null {
  const candidates = [process.env.OJ_PYTHON2, '/usr/bin/python2.7', '/usr/bin/python2'];
  const pyenvRoots = [process.env.PYENV_ROOT, path.join(os.homedir(), '.pyenv')].filter((p): p is string => !!p);
  for (const root of pyenvRoots) {
    const versions = path.join(root, 'versions');
    if (!fs.existsSync(versions)) continue;
    for (const v of fs
      .readdirSync(versions)
      .filter((d) => d.startsWith('2.'))
      .sort()
      .reverse())
      candidates.push(path.join(versions, v, 'bin', 'python2'));
  }
  for (const c of candidates) {
    if (!c || !isExecutable(c)) continue;
    const real = fs.realpathSync(c);
    const version = versionOf(real, ['--version'], /Python (2\.\S+)/);
    if (!version) continue;
    return { vars: { tool: real, version }, binds: bindsFor(real, path.dirname(path.dirname(real))) };
  }
  return null;
}

/** `{tool}`, `{version}`: rustc may be rustup's proxy under the home directory, so the toolchain's real binary. */
function findRust(): Found | null {
  const candidates = [process.env.OJ_RUSTC, '/usr/bin/rustc', path.join(os.homedir(), '.cargo', 'bin', 'rustc')];
  for (const dir of (process.env.PATH ?? '').split(':')) if (dir) candidates.push(path.join(dir, 'rustc'));
  for (const c of candidates) {
    if (!c || !isExecutable(c)) continue;
    const sysroot = output(c, ['--print', 'sysroot'])?.trim();
    if (!sysroot || !fs.existsSync(path.join(sysroot, 'bin', 'rustc'))) continue;
    const binary = path.join(sysroot, 'bin', 'rustc');
    const version = versionOf(binary, ['--version'], /rustc (\S+)/);
    if (!version) continue;
    return { vars: { tool: binary, version }, binds: bindsFor(binary, sysroot) };
  }
  return null;
}

const NAMED: Record<NamedFind['finder'], () => Found | null> = {
  jdk: findJdk,
  kotlin: findKotlin,
  python2: findPython2,
  rust: findRust,
};

export function runFinder(spec: FindSpec): Found | null {
  return spec.finder === 'command' ? findCommand(spec) : NAMED[spec.finder]();
}

/**
 * Read-only binds for an entry's mounts, those present on this host (a missing bind source fails the
 * box): a path, or `{ dir, names }` for the entries of `dir` whose names match the regular expression.
 */
export type Mount = string | { dir: string; names: string };

export function mountBinds(mounts: Mount[]): ReadOnlyBind[] {
  const paths = mounts.flatMap((m) => {
    if (typeof m === 'string') return [m];
    const re = new RegExp(m.names);
    let names: string[] = [];
    try {
      names = fs.readdirSync(m.dir);
    } catch {
      // No such directory: nothing to bind.
    }
    return names.filter((n) => re.test(n)).map((n) => path.join(m.dir, n));
  });
  return paths.filter((p) => fs.existsSync(p)).map((src) => ({ src }));
}

/**
 * What a submission changes in its entry: variables (and fields) to apply on top of it, or null for
 * the entry as it is.
 */
export interface SourcePatch {
  vars?: Vars;
  /** Fields dropped for this source (a hint that no longer applies). */
  drop?: 'artifactHint'[];
}

export type SourceHookName = 'javaPublicClass' | 'kotlinMainClass';

export const SOURCE_HOOKS: Record<SourceHookName, (source: string) => SourcePatch | null> = {
  // javac wants the public class in <Class>.java: a submission is compiled and run under its own class
  // name. No public class (or one named Main): Main.java as before.
  javaPublicClass: (source) => {
    const cls = javaPublicClass(source);
    return cls && cls !== 'Main' ? { vars: { class: cls }, drop: ['artifactHint'] } : null;
  },
  // A main that is a @JvmStatic member of an object is not in the jar's manifest: run its class by name.
  kotlinMainClass: (source) => {
    const cls = kotlinMainClass(source);
    return cls ? { vars: { mainTarget: ['-cp', '/box/main.jar', cls] } } : null;
  },
};
