/**
 * Judge languages, detected once at start: only toolchains present on this host are offered.
 * Everything runs inside the sandbox (compilers too); toolchains outside /usr (pyenv's Python 2,
 * rustup's Rust) are bound read-only into the box at their own path.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { javaPublicClass, kotlinMainClass } from './java-class.js';
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
 * | Kotlin                   | 2T + 500 ms   | M + 128 MB    | on the JVM, like Java                   |
 * | C# (Mono)                | 2T + 200 ms   | M + 64 MB     | JIT, GC threads                         |
 * | PHP, Ruby                | 2T + 100 ms   | M + 16 MB     | interpreter                             |
 * | Pascal (Free Pascal)     | T             | M             | native code                             |
 * | Haskell (GHC)            | T + 100 ms    | M + 16 MB     | runtime system, GC                      |
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
  mono: { timeFactor: 2, timeExtraMs: 200, memoryExtraMb: 64 },
  haskell: { timeFactor: 1, timeExtraMs: 100, memoryExtraMb: 16 },
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

const TEMPLATES = {
  csharp: `using System;

public class Program {
    public static void Main() {
        string[] p = Console.In.ReadToEnd().Split((char[])null, StringSplitOptions.RemoveEmptyEntries);
        Console.WriteLine(long.Parse(p[0]) + long.Parse(p[1]));
    }
}
`,
  php: `<?php
[$a, $b] = array_map('intval', preg_split('/\\s+/', trim(stream_get_contents(STDIN))));
echo $a + $b, "\\n";
`,
  ruby: `a, b = $stdin.read.split.map(&:to_i)
puts a + b
`,
  pascal: `program main;
var
  a, b: int64;
begin
  read(a, b);
  writeln(a + b);
end.
`,
  haskell: `main :: IO ()
main = do
  [a, b] <- map read . words <$> getContents :: IO [Integer]
  print (a + b)
`,
  kotlin: `fun main() {
    val (a, b) = System.\`in\`.bufferedReader().readText().trim().split(Regex("\\\\s+")).map { it.toLong() }
    println(a + b)
}
`,
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
      const compileFlags = ['-J-Xmx512m', '-J-XX:+UseSerialGC', '-J-XX:TieredStopAtLevel=1', '-J-XX:-UsePerfData', '-encoding', 'UTF-8'];
      // javac wants the public class in <Class>.java: a submission is compiled and run under its own class name.
      const javaFor = (cls: string): LanguageSpec => ({
        ...base,
        name: 'Java',
        description: `OpenJDK ${version}`,
        compileCommand: 'javac -encoding UTF-8 Main.java',
        contentType: 'text/x-java',
        template: TEMPLATES.java,
        sourceName: `${cls}.java`,
        compile: { argv: [javac, ...compileFlags, `${cls}.java`] },
        artifact: `${cls}.class`,
        artifactHint: cls === 'Main' ? ' (the class with main must be public, or be named Main)' : undefined,
        runsSource: false,
        // The JVM does not see the box cgroup: the heap limit must be given explicitly.
        run: (l) => ({
          argv: [java, `-Xmx${l.memoryLimitMb}m`, `-Xss${Math.min(l.stackLimitMb, 1024)}m`, ...JAVA_OPTS, '-DONLINE_JUDGE=true', '-cp', '/box', cls],
        }),
        allowance: ALLOWANCE.java,
        pids: 128,
        nofile: 256,
        compileMemoryMb: 1024,
        readOnlyBinds: [...etc, ...bindsFor(java, jdkHome)],
      });
      const main = javaFor('Main');
      // No public class (or one named Main): Main.java as before.
      main.forSource = (source) => {
        const cls = javaPublicClass(source);
        return cls && cls !== 'Main' ? javaFor(cls) : main;
      };
      langs.push(main);

      const kotlin = findKotlin();
      if (kotlin) {
        // The compiler runs on the same JVM; its main class is found by kotlinc and written into the
        // jar's manifest, so neither the file name nor the name of the class of `main` matters.
        const kt: LanguageSpec = {
          ...base,
          name: 'Kotlin',
          description: `Kotlin ${kotlin.version}`,
          compileCommand: 'kotlinc main.kt -include-runtime -d main.jar',
          contentType: 'text/x-kotlin',
          template: TEMPLATES.kotlin,
          sourceName: 'main.kt',
          compile: {
            argv: [
              java,
              '-Xmx768m',
              '-Xss16m',
              ...JAVA_OPTS.slice(0, 2),
              '-XX:TieredStopAtLevel=1',
              '-cp',
              path.join(kotlin.home, 'lib', 'kotlin-preloader.jar'),
              'org.jetbrains.kotlin.preloading.Preloader',
              '-cp',
              path.join(kotlin.home, 'lib', 'kotlin-compiler.jar'),
              'org.jetbrains.kotlin.cli.jvm.K2JVMCompiler',
              '-nowarn',
              'main.kt',
              '-include-runtime',
              '-d',
              'main.jar',
            ],
          },
          artifact: 'main.jar',
          runsSource: false,
          run: (l) => ({
            argv: [java, `-Xmx${l.memoryLimitMb}m`, `-Xss${Math.min(l.stackLimitMb, 1024)}m`, ...JAVA_OPTS, '-DONLINE_JUDGE=true', '-jar', '/box/main.jar'],
          }),
          allowance: ALLOWANCE.java,
          pids: 128,
          nofile: 256,
          compileMemoryMb: 1536,
          compileTimeMs: 30_000,
          readOnlyBinds: [...etc, ...bindsFor(java, jdkHome), ...kotlin.binds],
        };
        // A main that is a @JvmStatic member of an object is not in the manifest: run its class by name.
        kt.forSource = (source) => {
          const cls = kotlinMainClass(source);
          if (!cls) return kt;
          const run = kt.run;
          return { ...kt, run: (l) => ({ argv: [...run(l).argv.slice(0, -2), '-cp', '/box/main.jar', cls] }) };
        };
        langs.push(kt);
      }
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

  const mono = exists('/usr/bin/mono') && exists('/usr/lib/mono/4.5/mcs.exe') ? versionOf('/usr/bin/mono', ['--version'], /version (\d[\w.]*)/) : null;
  if (mono) {
    // mcs is a shell wrapper around mcs.exe: run the compiler on mono directly. Mono reads its
    // DLL map and machine.config from /etc/mono.
    const args = ['-optimize+', '-define:ONLINE_JUDGE', '-out:main.exe', 'Main.cs'];
    langs.push({
      ...base,
      name: 'C#',
      description: `Mono ${mono}`,
      compileCommand: `mcs ${args.join(' ')}`,
      contentType: 'text/x-csharp',
      template: TEMPLATES.csharp,
      sourceName: 'Main.cs',
      compile: { argv: ['/usr/bin/mono', '/usr/lib/mono/4.5/mcs.exe', ...args] },
      artifact: 'main.exe',
      runsSource: false,
      run: () => ({ argv: ['/usr/bin/mono', '/box/main.exe'] }),
      allowance: ALLOWANCE.mono,
      pids: 64,
      nofile: 128,
      compileMemoryMb: 1024,
      readOnlyBinds: existing(['/etc/mono']),
    });
  }

  const php = exists('/usr/bin/php') ? versionOf('/usr/bin/php', ['--version'], /^PHP (\d[\w.]*)/) : null;
  if (php) {
    // Debian loads PHP's extensions through the ini files of /etc/php; the CLI has no memory_limit there.
    langs.push({
      ...base,
      name: 'PHP',
      description: `PHP ${php}`,
      compileCommand: 'php -l main.php',
      contentType: 'text/x-php',
      template: TEMPLATES.php,
      sourceName: 'main.php',
      compile: { argv: ['/usr/bin/php', '-l', 'main.php'] },
      artifact: null,
      runsSource: true,
      run: () => ({ argv: ['/usr/bin/php', '-d', 'memory_limit=-1', '-d', 'display_errors=stderr', 'main.php'] }),
      allowance: ALLOWANCE.python,
      readOnlyBinds: existing(['/etc/php']),
    });
  }

  const ruby = exists('/usr/bin/ruby') ? versionOf('/usr/bin/ruby', ['--version'], /^ruby (\d+\.\d+\.\d+)/) : null;
  if (ruby) {
    langs.push({
      ...base,
      name: 'Ruby',
      description: `Ruby ${ruby}`,
      compileCommand: 'ruby -c main.rb',
      contentType: 'text/x-ruby',
      template: TEMPLATES.ruby,
      sourceName: 'main.rb',
      compile: { argv: ['/usr/bin/ruby', '-c', 'main.rb'] },
      artifact: null,
      runsSource: true,
      run: () => ({ argv: ['/usr/bin/ruby', 'main.rb'] }),
      allowance: ALLOWANCE.python,
      nofile: 128,
    });
  }

  const fpc = exists('/usr/bin/fpc') ? versionOf('/usr/bin/fpc', ['-iV'], /^(\d[\w.]*)/) : null;
  if (fpc) {
    // fpc finds its units through /etc/fpc.cfg (which includes /etc/fpc-<version>.cfg) and links with ld.
    const args = ['-O2', '-Xs', '-Sgic', '-dONLINE_JUDGE', '-omain', 'main.pas'];
    langs.push({
      ...base,
      name: 'Pascal',
      description: `Free Pascal ${fpc}`,
      compileCommand: `fpc ${args.join(' ')}`,
      contentType: 'text/x-pascal',
      template: TEMPLATES.pascal,
      sourceName: 'main.pas',
      compile: { argv: ['/usr/bin/fpc', ...args] },
      artifact: 'main',
      runsSource: false,
      run: () => ({ argv: ['/box/main'] }),
      allowance: ALLOWANCE.native,
      readOnlyBinds: existing(
        fs
          .readdirSync('/etc')
          .filter((f) => /^fpc(-[\d.]+)?\.cfg$/.test(f))
          .map((f) => `/etc/${f}`),
      ),
    });
  }

  const ghc = exists('/usr/bin/ghc') ? versionOf('/usr/bin/ghc', ['--numeric-version'], /^(\d[\w.]*)/) : null;
  if (ghc) {
    // Debian's global package database is /var/lib/ghc/package.conf.d (symlinked from /usr/lib/ghc).
    const args = ['-O2', '-DONLINE_JUDGE', '-o', 'main', 'main.hs'];
    langs.push({
      ...base,
      name: 'Haskell',
      description: `GHC ${ghc}`,
      compileCommand: `ghc ${args.join(' ')}`,
      contentType: 'text/x-haskell',
      template: TEMPLATES.haskell,
      sourceName: 'main.hs',
      // -outputdir: the .hi/.o files stay out of the copied-out program directory.
      compile: { argv: ['/usr/bin/ghc', ...args, '-outputdir', '/tmp/ghc'] },
      artifact: 'main',
      runsSource: false,
      run: () => ({ argv: ['/box/main'] }),
      allowance: ALLOWANCE.haskell,
      compileMemoryMb: 1024,
      compileTimeMs: 30_000,
      readOnlyBinds: existing(['/var/lib/ghc']),
    });
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

/** Those of `paths` present on this host, as read-only binds (a missing bind source fails the box). */
function existing(paths: string[]): ReadOnlyBind[] {
  return paths.filter((p) => fs.existsSync(p)).map((src) => ({ src }));
}

/** Kotlin's compiler jars: Debian's kotlinc (JetBrains' distribution has the same layout, with build.txt). */
function findKotlin(): { home: string; version: string; binds: ReadOnlyBind[] } | null {
  const candidates = [process.env.OJ_KOTLINC, '/usr/bin/kotlinc', '/usr/local/bin/kotlinc'];
  for (const c of candidates) {
    if (!c || !exists(c)) continue;
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
    return { home, version, binds };
  }
  return null;
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
