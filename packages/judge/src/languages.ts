/**
 * Judge languages, detected once at start: only toolchains present on this host are offered.
 * Everything runs inside the sandbox (compilers too); toolchains outside /usr (pyenv's Python 2,
 * rustup's Rust) are bound read-only into the box at their own path.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ReadOnlyBind } from './sandbox.js';

/**
 * How a language's limits derive from the problem's time limit T (ms) and memory limit M (MB).
 * Managed runtimes pay a start-up cost and JIT/GC threads that the CPU counter sees.
 *
 * | language                 | CPU time      | memory cgroup | notes                                   |
 * |--------------------------|---------------|---------------|-----------------------------------------|
 * | C, C++ (all 8 variants)  | T             | M             |                                         |
 * | Rust                     | T             | M             | native code, no runtime                 |
 * | Golang                   | T + 100 ms    | M + 32 MB     | GC threads                              |
 * | Java                     | 2T + 500 ms   | M + 128 MB    | -Xmx = M (heap), rest: metaspace, JIT   |
 * | Python3, Python2         | 2T + 100 ms   | M + 16 MB     | interpreter                             |
 * | PyPy3                    | 2T + 300 ms   | M + 64 MB     | JIT warm-up, larger base image          |
 * | JavaScript Node          | 2T + 200 ms   | M + 64 MB     | --max-old-space-size = M                |
 */
export interface Allowance {
  timeFactor: number;
  timeExtraMs: number;
  memoryExtraMb: number;
}

export const ALLOWANCE = {
  native: { timeFactor: 1, timeExtraMs: 0, memoryExtraMb: 0 },
  go: { timeFactor: 1, timeExtraMs: 100, memoryExtraMb: 32 },
  java: { timeFactor: 2, timeExtraMs: 500, memoryExtraMb: 128 },
  python: { timeFactor: 2, timeExtraMs: 100, memoryExtraMb: 16 },
  pypy: { timeFactor: 2, timeExtraMs: 300, memoryExtraMb: 64 },
  node: { timeFactor: 2, timeExtraMs: 200, memoryExtraMb: 64 },
} satisfies Record<string, Allowance>;

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

const TEMPLATES = {
  c: `#include <stdio.h>

int main(void) {
    long long a, b;
    scanf("%lld %lld", &a, &b);
    printf("%lld\\n", a + b);
    return 0;
}
`,
  cpp: `#include <iostream>
using namespace std;

int main() {
    long long a, b;
    cin >> a >> b;
    cout << a + b << endl;
    return 0;
}
`,
  java: `import java.util.Scanner;

public class Main {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        long a = in.nextLong(), b = in.nextLong();
        System.out.println(a + b);
    }
}
`,
  python3: `a, b = map(int, input().split())
print(a + b)
`,
  python2: `a, b = map(int, raw_input().split())
print a + b
`,
  go: `package main

import "fmt"

func main() {
	var a, b int64
	fmt.Scan(&a, &b)
	fmt.Println(a + b)
}
`,
  js: `const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(BigInt);
console.log((a + b).toString());
`,
  rust: `use std::io::Read;

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_whitespace().map(|x| x.parse().unwrap()).collect();
    println!("{}", v[0] + v[1]);
}
`,
};

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

function exists(p: string): boolean {
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

const JAVA_OPTS = ['-XX:+UseSerialGC', '-XX:-UsePerfData', '-Dfile.encoding=UTF-8'];

/** Detects the toolchains of this host. Slow-ish (runs `java -version` etc.): use `getLanguages()`. */
export function detectLanguages(): LanguageSpec[] {
  const langs: LanguageSpec[] = [];
  const base = { pids: 64, nofile: 64, readOnlyBinds: [] as ReadOnlyBind[], compileTimeMs: 10_000, compileMemoryMb: 512 };

  const gcc = exists('/usr/bin/gcc') ? versionOf('/usr/bin/gcc', ['-dumpfullversion'], /^(\d[\w.]*)/) : null;
  if (gcc) {
    for (const o2 of [false, true]) {
      const args = ['-DONLINE_JUDGE', '-w', '-fmax-errors=3', '-std=c11', ...(o2 ? ['-O2'] : []), 'main.c', '-lm', '-o', 'main'];
      langs.push({
        ...base,
        name: o2 ? 'C With O2' : 'C',
        description: `GCC ${gcc}`,
        compileCommand: `gcc ${args.join(' ')}`,
        contentType: 'text/x-csrc',
        template: TEMPLATES.c,
        sourceName: 'main.c',
        compile: { argv: ['/usr/bin/gcc', ...args] },
        artifact: 'main',
        runsSource: false,
        run: () => ({ argv: ['/box/main'] }),
        allowance: ALLOWANCE.native,
      });
    }
  }
  const gxx = exists('/usr/bin/g++') ? versionOf('/usr/bin/g++', ['-dumpfullversion'], /^(\d[\w.]*)/) : null;
  if (gxx) {
    for (const [label, std] of [
      ['C++', 'c++14'],
      ['C++ 17', 'c++17'],
      ['C++ 20', 'c++20'],
    ] as const) {
      for (const o2 of [false, true]) {
        const args = ['-DONLINE_JUDGE', '-w', '-fmax-errors=3', `-std=${std}`, ...(o2 ? ['-O2'] : []), 'main.cpp', '-lm', '-o', 'main'];
        langs.push({
          ...base,
          name: o2 ? `${label} With O2` : label,
          description: `G++ ${gxx}`,
          compileCommand: `g++ ${args.join(' ')}`,
          contentType: 'text/x-c++src',
          template: TEMPLATES.cpp,
          sourceName: 'main.cpp',
          compile: { argv: ['/usr/bin/g++', ...args] },
          artifact: 'main',
          runsSource: false,
          run: () => ({ argv: ['/box/main'] }),
          allowance: ALLOWANCE.native,
        });
      }
    }
  }

  if (exists('/usr/bin/javac') && exists('/usr/bin/java')) {
    const javac = fs.realpathSync('/usr/bin/javac');
    const java = fs.realpathSync('/usr/bin/java');
    const version = versionOf(java, ['-version'], /version "([^"]+)"/);
    if (version) {
      // Debian keeps the JDK's configuration under /etc/java-N-openjdk (symlinked from the JDK).
      const etc = fs
        .readdirSync('/etc')
        .filter((d) => /^java-\d+/.test(d))
        .map((d) => ({ src: `/etc/${d}` }));
      const jdkHome = path.dirname(path.dirname(java));
      const compileArgs = ['-J-Xmx512m', '-J-XX:+UseSerialGC', '-J-XX:TieredStopAtLevel=1', '-J-XX:-UsePerfData', '-encoding', 'UTF-8', 'Main.java'];
      langs.push({
        ...base,
        name: 'Java',
        description: `OpenJDK ${version}`,
        compileCommand: 'javac -encoding UTF-8 Main.java',
        contentType: 'text/x-java',
        template: TEMPLATES.java,
        sourceName: 'Main.java',
        compile: { argv: [javac, ...compileArgs] },
        artifact: 'Main.class',
        runsSource: false,
        // The JVM does not see the box cgroup: the heap limit must be given explicitly.
        run: (l) => ({
          argv: [java, `-Xmx${l.memoryLimitMb}m`, `-Xss${Math.min(l.stackLimitMb, 1024)}m`, ...JAVA_OPTS, '-DONLINE_JUDGE=true', '-cp', '/box', 'Main'],
        }),
        allowance: ALLOWANCE.java,
        pids: 128,
        nofile: 256,
        compileMemoryMb: 1024,
        readOnlyBinds: [...etc, ...bindsFor(java, jdkHome)],
      });
    }
  }

  const py3 = '/usr/bin/python3';
  if (exists(py3)) {
    const version = versionOf(py3, ['--version'], /Python (\S+)/);
    if (version) {
      langs.push({
        ...base,
        name: 'Python3',
        description: `Python ${version}`,
        compileCommand: 'python3 -m py_compile main.py',
        contentType: 'text/x-python',
        template: TEMPLATES.python3,
        sourceName: 'main.py',
        compile: { argv: [py3, '-m', 'py_compile', 'main.py'] },
        artifact: null,
        runsSource: true,
        run: () => ({ argv: [py3, 'main.py'], env: { PYTHONIOENCODING: 'utf-8', PYTHONDONTWRITEBYTECODE: '1' } }),
        allowance: ALLOWANCE.python,
      });
    }
  }

  const py2 = findPython2();
  if (py2) {
    langs.push({
      ...base,
      name: 'Python2',
      description: `Python ${py2.version}`,
      compileCommand: 'python2 -m py_compile main.py',
      contentType: 'text/x-python',
      template: TEMPLATES.python2,
      sourceName: 'main.py',
      compile: { argv: [py2.binary, '-m', 'py_compile', 'main.py'] },
      artifact: null,
      runsSource: true,
      run: () => ({ argv: [py2.binary, 'main.py'], env: { PYTHONIOENCODING: 'utf-8', PYTHONDONTWRITEBYTECODE: '1' } }),
      allowance: ALLOWANCE.python,
      readOnlyBinds: py2.binds,
    });
  }

  if (exists('/usr/bin/pypy3')) {
    const out = output('/usr/bin/pypy3', ['--version']) ?? '';
    const pypy = /PyPy (\S+)/.exec(out)?.[1];
    const pyv = /Python (\S+)/.exec(out)?.[1];
    if (pypy) {
      langs.push({
        ...base,
        name: 'PyPy3',
        description: `PyPy ${pypy}${pyv ? ` (Python ${pyv})` : ''}`,
        compileCommand: 'pypy3 -m py_compile main.py',
        contentType: 'text/x-python',
        template: TEMPLATES.python3,
        sourceName: 'main.py',
        compile: { argv: ['/usr/bin/pypy3', '-m', 'py_compile', 'main.py'] },
        artifact: null,
        runsSource: true,
        run: () => ({ argv: ['/usr/bin/pypy3', 'main.py'], env: { PYTHONIOENCODING: 'utf-8', PYTHONDONTWRITEBYTECODE: '1' } }),
        allowance: ALLOWANCE.pypy,
        pids: 64,
        nofile: 128,
      });
    }
  }

  const go = ['/usr/bin/go', '/usr/local/go/bin/go'].find(exists);
  if (go) {
    const version = versionOf(go, ['version'], /go version go(\S+)/);
    if (version) {
      const real = fs.realpathSync(go);
      const env = { GOCACHE: '/tmp/gocache', GOPATH: '/tmp/gopath', GO111MODULE: 'off', CGO_ENABLED: '0', GOPROXY: 'off', GOTOOLCHAIN: 'local', GOFLAGS: '' };
      langs.push({
        ...base,
        name: 'Golang',
        description: `Go ${version}`,
        compileCommand: 'go build -o main main.go',
        contentType: 'text/x-go',
        template: TEMPLATES.go,
        sourceName: 'main.go',
        compile: { argv: [real, 'build', '-o', 'main', 'main.go'], env },
        artifact: 'main',
        runsSource: false,
        run: () => ({ argv: ['/box/main'], env: { GODEBUG: 'madvdontneed=1' } }),
        allowance: ALLOWANCE.go,
        pids: 128,
        nofile: 128,
        compileMemoryMb: 1024,
        compileTimeMs: 20_000,
        readOnlyBinds: bindsFor(real, path.dirname(path.dirname(real))),
      });
    }
  }

  const node = ['/usr/bin/node', '/usr/local/bin/node'].find(exists);
  if (node) {
    const version = versionOf(node, ['--version'], /^v?(\S+)/);
    if (version) {
      langs.push({
        ...base,
        name: 'JavaScript Node',
        description: `Node ${version}`,
        compileCommand: 'node --check main.js',
        contentType: 'text/javascript',
        template: TEMPLATES.js,
        sourceName: 'main.js',
        compile: { argv: [node, '--check', 'main.js'] },
        artifact: null,
        runsSource: true,
        run: (l) => ({ argv: [node, `--max-old-space-size=${l.memoryLimitMb}`, 'main.js'] }),
        allowance: ALLOWANCE.node,
        pids: 64,
        nofile: 128,
      });
    }
  }

  const rust = findRust();
  if (rust) {
    const args = ['-O', '--edition', '2021', '-o', 'main', 'main.rs'];
    langs.push({
      ...base,
      name: 'Rust',
      description: `rustc ${rust.version}`,
      compileCommand: `rustc ${args.join(' ')}`,
      contentType: 'text/x-rustsrc',
      template: TEMPLATES.rust,
      sourceName: 'main.rs',
      compile: { argv: [rust.binary, ...args] },
      artifact: 'main',
      runsSource: false,
      run: () => ({ argv: ['/box/main'] }),
      allowance: ALLOWANCE.native,
      compileMemoryMb: 1024,
      compileTimeMs: 20_000,
      readOnlyBinds: rust.binds,
    });
  }
  return langs;
}

/** Debian 12 has no python2: accept a system one, else pyenv's 2.7 by absolute path. */
function findPython2(): { binary: string; version: string; binds: ReadOnlyBind[] } | null {
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
    if (!c || !exists(c)) continue;
    const real = fs.realpathSync(c);
    const version = versionOf(real, ['--version'], /Python (2\.\S+)/);
    if (!version) continue;
    return { binary: real, version, binds: bindsFor(real, path.dirname(path.dirname(real))) };
  }
  return null;
}

/** rustc may be rustup's proxy under the home directory: use the toolchain's real binary. */
function findRust(): { binary: string; version: string; binds: ReadOnlyBind[] } | null {
  const candidates = [process.env.OJ_RUSTC, '/usr/bin/rustc', path.join(os.homedir(), '.cargo', 'bin', 'rustc')];
  for (const dir of (process.env.PATH ?? '').split(':')) if (dir) candidates.push(path.join(dir, 'rustc'));
  for (const c of candidates) {
    if (!c || !exists(c)) continue;
    const sysroot = output(c, ['--print', 'sysroot'])?.trim();
    if (!sysroot || !fs.existsSync(path.join(sysroot, 'bin', 'rustc'))) continue;
    const binary = path.join(sysroot, 'bin', 'rustc');
    const version = versionOf(binary, ['--version'], /rustc (\S+)/);
    if (!version) continue;
    return { binary, version, binds: bindsFor(binary, sysroot) };
  }
  return null;
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
