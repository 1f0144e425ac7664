/**
 * The judge's languages as data, in the order they are offered; `languages.ts` reads them. An entry
 * is offered when all its finders find their toolchain on this host (only toolchains present are
 * offered). Adding a language is adding an entry (and, when one command cannot find the toolchain, a
 * finder in `language-finders.ts`). Fields are described on `LanguageEntry`; "Languages" in
 * docs/architecture.md says how to add one.
 */
import type { FindSpec, Mount, SourceHookName, Vars } from './language-finders.js';

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

/** A command with `{var}` templates: a whole `{list}` argument is spliced, an argument that ends up empty is dropped. */
export interface CommandTemplate {
  argv: string[];
  env?: Record<string, string>;
}

/**
 * One language, or (`abstract`) a base others extend. Text fields marked "templated" may use
 * `{var}`: the entry's `vars`, its finders' variables and, in `run`, the problem's limits
 * `{memoryLimitMb}`, `{stackLimitMb}`, `{timeLimitMs}`.
 */
export interface LanguageEntry {
  /** Key stored with submissions, e.g. "C++ 17 With O2" (an abstract entry's name is only for `extends`). */
  name: string;
  /** Name of the entry this one starts from: its fields, with this entry's fields and vars on top. */
  extends?: string;
  abstract?: boolean;
  /** Finders run in order; all must find their toolchain; their variables join `vars`. */
  find?: FindSpec[];
  vars?: Vars;
  /** Shown to users with the detected version (templated), e.g. "G++ {version}". */
  description?: string;
  /** Shown to users (templated; the real argv runs in /box). */
  compileCommand?: string;
  /** CodeMirror MIME type. */
  contentType?: string;
  /** A+B solution: the language's example and its self-test before a judge offers it. */
  template?: string;
  /** Source file name in /box (templated). */
  sourceName?: string;
  /** Compile (or syntax-check) step, null when there is none (templated). */
  compile?: CommandTemplate | null;
  /** File the compile step must produce (templated). */
  artifact?: string | null;
  /** Added to "<artifact> was not produced" (templated). */
  artifactHint?: string;
  /** True when the run needs the source file (interpreters), false when it needs the compiler output. */
  runsSource?: boolean;
  /** Run command (templated, with the problem's limits). */
  run?: CommandTemplate;
  /** Upper bounds on the problem's limits as the run command sees them. */
  limitCaps?: { stackLimitMb?: number };
  allowance?: keyof typeof ALLOWANCE;
  pids?: number;
  nofile?: number;
  /** Compile limits (CPU ms, memory MB). */
  compileTimeMs?: number;
  compileMemoryMb?: number;
  /** Host paths bound read-only into the box (configuration under /etc, package databases…), when present. */
  mounts?: Mount[];
  /** Named hook (`language-finders.ts`) that adapts the entry to one submission. */
  sourceHook?: SourceHookName;
}

/** What every entry starts from. */
export const ENTRY_DEFAULTS = {
  pids: 64,
  nofile: 64,
  compileTimeMs: 10_000,
  compileMemoryMb: 512,
  mounts: [] as Mount[],
} satisfies Partial<LanguageEntry>;

const GCC_FLAGS = ['-DONLINE_JUDGE', '-w', '-fmax-errors=3', '-std={std}', '{opt}'];
const PYTHON_ENV = { PYTHONIOENCODING: 'utf-8', PYTHONDONTWRITEBYTECODE: '1' };

export const LANGUAGE_ENTRIES: LanguageEntry[] = [
  {
    name: 'C',
    find: [{ finder: 'command', paths: ['/usr/bin/gcc'], versionArgs: ['-dumpfullversion'], version: '^(\\d[\\w.]*)' }],
    vars: { std: 'c11', opt: '', flags: [...GCC_FLAGS, 'main.c', '-lm', '-o', 'main'] },
    description: 'GCC {version}',
    compileCommand: 'gcc {flags}',
    contentType: 'text/x-csrc',
    template: `#include <stdio.h>

int main(void) {
    long long a, b;
    scanf("%lld %lld", &a, &b);
    printf("%lld\\n", a + b);
    return 0;
}
`,
    sourceName: 'main.c',
    compile: { argv: ['{tool}', '{flags}'] },
    artifact: 'main',
    runsSource: false,
    run: { argv: ['/box/main'] },
    allowance: 'native',
  },
  { name: 'C With O2', extends: 'C', vars: { opt: '-O2' } },
  {
    name: 'C++',
    extends: 'C',
    find: [{ finder: 'command', paths: ['/usr/bin/g++'], versionArgs: ['-dumpfullversion'], version: '^(\\d[\\w.]*)' }],
    vars: { std: 'c++14', flags: [...GCC_FLAGS, 'main.cpp', '-lm', '-o', 'main'] },
    description: 'G++ {version}',
    compileCommand: 'g++ {flags}',
    contentType: 'text/x-c++src',
    template: `#include <iostream>
using namespace std;

int main() {
    long long a, b;
    cin >> a >> b;
    cout << a + b << endl;
    return 0;
}
`,
    sourceName: 'main.cpp',
  },
  { name: 'C++ With O2', extends: 'C++', vars: { opt: '-O2' } },
  { name: 'C++ 17', extends: 'C++', vars: { std: 'c++17' } },
  { name: 'C++ 17 With O2', extends: 'C++ 17', vars: { opt: '-O2' } },
  { name: 'C++ 20', extends: 'C++', vars: { std: 'c++20' } },
  { name: 'C++ 20 With O2', extends: 'C++ 20', vars: { opt: '-O2' } },

  {
    // The JVM does not see the box cgroup: the heap limit is given explicitly. Debian keeps the JDK's
    // configuration under /etc/java-N-openjdk (symlinked from the JDK).
    name: 'JVM',
    abstract: true,
    find: [{ finder: 'jdk' }],
    vars: { jvmOpts: ['-XX:+UseSerialGC', '-XX:-UsePerfData', '-Dfile.encoding=UTF-8'] },
    runsSource: false,
    limitCaps: { stackLimitMb: 1024 },
    allowance: 'java',
    pids: 128,
    nofile: 256,
    mounts: [{ dir: '/etc', names: '^java-\\d+' }],
  },
  {
    // javac wants the public class in <Class>.java: the source hook names the file and the class to run.
    name: 'Java',
    extends: 'JVM',
    vars: { class: 'Main' },
    description: 'OpenJDK {jdkVersion}',
    compileCommand: 'javac -encoding UTF-8 Main.java',
    contentType: 'text/x-java',
    template: `import java.util.Scanner;

public class Main {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        long a = in.nextLong(), b = in.nextLong();
        System.out.println(a + b);
    }
}
`,
    sourceName: '{class}.java',
    compile: {
      argv: ['{javac}', '-J-Xmx512m', '-J-XX:+UseSerialGC', '-J-XX:TieredStopAtLevel=1', '-J-XX:-UsePerfData', '-encoding', 'UTF-8', '{class}.java'],
    },
    artifact: '{class}.class',
    artifactHint: ' (the class with main must be public, or be named Main)',
    run: { argv: ['{java}', '-Xmx{memoryLimitMb}m', '-Xss{stackLimitMb}m', '{jvmOpts}', '-DONLINE_JUDGE=true', '-cp', '/box', '{class}'] },
    compileMemoryMb: 1024,
    sourceHook: 'javaPublicClass',
  },
  {
    // The compiler runs on the same JVM; kotlinc finds the main class and writes it into the jar's
    // manifest, so neither the file name nor the name of the class of `main` matters.
    name: 'Kotlin',
    extends: 'JVM',
    find: [{ finder: 'jdk' }, { finder: 'kotlin' }],
    vars: { mainTarget: ['-jar', '/box/main.jar'] },
    description: 'Kotlin {kotlinVersion}',
    compileCommand: 'kotlinc main.kt -include-runtime -d main.jar',
    contentType: 'text/x-kotlin',
    template: `fun main() {
    val (a, b) = System.\`in\`.bufferedReader().readText().trim().split(Regex("\\\\s+")).map { it.toLong() }
    println(a + b)
}
`,
    sourceName: 'main.kt',
    compile: {
      argv: [
        '{java}',
        '-Xmx768m',
        '-Xss16m',
        '-XX:+UseSerialGC',
        '-XX:-UsePerfData',
        '-XX:TieredStopAtLevel=1',
        '-cp',
        '{kotlinHome}/lib/kotlin-preloader.jar',
        'org.jetbrains.kotlin.preloading.Preloader',
        '-cp',
        '{kotlinHome}/lib/kotlin-compiler.jar',
        'org.jetbrains.kotlin.cli.jvm.K2JVMCompiler',
        '-nowarn',
        'main.kt',
        '-include-runtime',
        '-d',
        'main.jar',
      ],
    },
    artifact: 'main.jar',
    run: { argv: ['{java}', '-Xmx{memoryLimitMb}m', '-Xss{stackLimitMb}m', '{jvmOpts}', '-DONLINE_JUDGE=true', '{mainTarget}'] },
    compileMemoryMb: 1536,
    compileTimeMs: 30_000,
    sourceHook: 'kotlinMainClass',
  },

  {
    name: 'Python',
    abstract: true,
    compileCommand: '{shown} -m py_compile main.py',
    contentType: 'text/x-python',
    template: `a, b = map(int, input().split())
print(a + b)
`,
    sourceName: 'main.py',
    compile: { argv: ['{tool}', '-m', 'py_compile', 'main.py'] },
    artifact: null,
    runsSource: true,
    run: { argv: ['{tool}', 'main.py'], env: PYTHON_ENV },
    allowance: 'python',
  },
  {
    name: 'Python3',
    extends: 'Python',
    find: [{ finder: 'command', paths: ['/usr/bin/python3'], versionArgs: ['--version'], version: 'Python (\\S+)' }],
    vars: { shown: 'python3' },
    description: 'Python {version}',
  },
  {
    name: 'Python2',
    extends: 'Python',
    find: [{ finder: 'python2' }],
    vars: { shown: 'python2' },
    description: 'Python {version}',
    template: `a, b = map(int, raw_input().split())
print a + b
`,
  },
  {
    name: 'PyPy3',
    extends: 'Python',
    find: [
      {
        finder: 'command',
        paths: ['/usr/bin/pypy3'],
        versionArgs: ['--version'],
        version: 'PyPy (\\S+)',
        extra: { pythonVersion: { pattern: 'Python (\\S+)', format: ' (Python $1)' } },
      },
    ],
    vars: { shown: 'pypy3' },
    description: 'PyPy {version}{pythonVersion}',
    allowance: 'pypy',
    nofile: 128,
  },

  {
    name: 'Golang',
    find: [{ finder: 'command', paths: ['/usr/bin/go', '/usr/local/go/bin/go'], versionArgs: ['version'], version: 'go version go(\\S+)', bindPrefix: true }],
    description: 'Go {version}',
    compileCommand: 'go build -o main main.go',
    contentType: 'text/x-go',
    template: `package main

import "fmt"

func main() {
	var a, b int64
	fmt.Scan(&a, &b)
	fmt.Println(a + b)
}
`,
    sourceName: 'main.go',
    compile: {
      argv: ['{toolReal}', 'build', '-o', 'main', 'main.go'],
      env: { GOCACHE: '/tmp/gocache', GOPATH: '/tmp/gopath', GO111MODULE: 'off', CGO_ENABLED: '0', GOPROXY: 'off', GOTOOLCHAIN: 'local', GOFLAGS: '' },
    },
    artifact: 'main',
    runsSource: false,
    run: { argv: ['/box/main'], env: { GODEBUG: 'madvdontneed=1' } },
    allowance: 'go',
    pids: 128,
    nofile: 128,
    compileMemoryMb: 1024,
    compileTimeMs: 20_000,
  },
  {
    name: 'JavaScript Node',
    find: [{ finder: 'command', paths: ['/usr/bin/node', '/usr/local/bin/node'], versionArgs: ['--version'], version: '^v?(\\S+)' }],
    description: 'Node {version}',
    compileCommand: 'node --check main.js',
    contentType: 'text/javascript',
    template: `const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(BigInt);
console.log((a + b).toString());
`,
    sourceName: 'main.js',
    compile: { argv: ['{tool}', '--check', 'main.js'] },
    artifact: null,
    runsSource: true,
    run: { argv: ['{tool}', '--max-old-space-size={memoryLimitMb}', 'main.js'] },
    allowance: 'node',
    nofile: 128,
  },
  {
    // mcs is a shell wrapper around mcs.exe: the compiler runs on mono directly. Mono reads its DLL map
    // and machine.config from /etc/mono.
    name: 'C#',
    find: [
      {
        finder: 'command',
        paths: ['/usr/bin/mono'],
        requires: ['/usr/lib/mono/4.5/mcs.exe'],
        versionArgs: ['--version'],
        version: 'version (\\d[\\w.]*)',
      },
    ],
    vars: { flags: ['-optimize+', '-define:ONLINE_JUDGE', '-out:main.exe', 'Main.cs'] },
    description: 'Mono {version}',
    compileCommand: 'mcs {flags}',
    contentType: 'text/x-csharp',
    template: `using System;

public class Program {
    public static void Main() {
        string[] p = Console.In.ReadToEnd().Split((char[])null, StringSplitOptions.RemoveEmptyEntries);
        Console.WriteLine(long.Parse(p[0]) + long.Parse(p[1]));
    }
}
`,
    sourceName: 'Main.cs',
    compile: { argv: ['{tool}', '/usr/lib/mono/4.5/mcs.exe', '{flags}'] },
    artifact: 'main.exe',
    runsSource: false,
    run: { argv: ['{tool}', '/box/main.exe'] },
    allowance: 'mono',
    nofile: 128,
    compileMemoryMb: 1024,
    mounts: ['/etc/mono'],
  },
  {
    // Debian loads PHP's extensions through the ini files of /etc/php; the CLI has no memory_limit there.
    name: 'PHP',
    find: [{ finder: 'command', paths: ['/usr/bin/php'], versionArgs: ['--version'], version: '^PHP (\\d[\\w.]*)' }],
    description: 'PHP {version}',
    compileCommand: 'php -l main.php',
    contentType: 'text/x-php',
    template: `<?php
[$a, $b] = array_map('intval', preg_split('/\\s+/', trim(stream_get_contents(STDIN))));
echo $a + $b, "\\n";
`,
    sourceName: 'main.php',
    compile: { argv: ['{tool}', '-l', 'main.php'] },
    artifact: null,
    runsSource: true,
    run: { argv: ['{tool}', '-d', 'memory_limit=-1', '-d', 'display_errors=stderr', 'main.php'] },
    allowance: 'python',
    mounts: ['/etc/php'],
  },
  {
    name: 'Ruby',
    find: [{ finder: 'command', paths: ['/usr/bin/ruby'], versionArgs: ['--version'], version: '^ruby (\\d+\\.\\d+\\.\\d+)' }],
    description: 'Ruby {version}',
    compileCommand: 'ruby -c main.rb',
    contentType: 'text/x-ruby',
    template: `a, b = $stdin.read.split.map(&:to_i)
puts a + b
`,
    sourceName: 'main.rb',
    compile: { argv: ['{tool}', '-c', 'main.rb'] },
    artifact: null,
    runsSource: true,
    run: { argv: ['{tool}', 'main.rb'] },
    allowance: 'python',
    nofile: 128,
  },
  {
    // fpc finds its units through /etc/fpc.cfg (which includes /etc/fpc-<version>.cfg) and links with ld.
    name: 'Pascal',
    find: [{ finder: 'command', paths: ['/usr/bin/fpc'], versionArgs: ['-iV'], version: '^(\\d[\\w.]*)' }],
    vars: { flags: ['-O2', '-Xs', '-Sgic', '-dONLINE_JUDGE', '-omain', 'main.pas'] },
    description: 'Free Pascal {version}',
    compileCommand: 'fpc {flags}',
    contentType: 'text/x-pascal',
    template: `program main;
var
  a, b: int64;
begin
  read(a, b);
  writeln(a + b);
end.
`,
    sourceName: 'main.pas',
    compile: { argv: ['{tool}', '{flags}'] },
    artifact: 'main',
    runsSource: false,
    run: { argv: ['/box/main'] },
    allowance: 'native',
    mounts: [{ dir: '/etc', names: '^fpc(-[\\d.]+)?\\.cfg$' }],
  },
  {
    // Debian's global package database is /var/lib/ghc/package.conf.d (symlinked from /usr/lib/ghc).
    // -outputdir: the .hi/.o files stay out of the copied-out program directory.
    name: 'Haskell',
    find: [{ finder: 'command', paths: ['/usr/bin/ghc'], versionArgs: ['--numeric-version'], version: '^(\\d[\\w.]*)' }],
    vars: { flags: ['-O2', '-DONLINE_JUDGE', '-o', 'main', 'main.hs'] },
    description: 'GHC {version}',
    compileCommand: 'ghc {flags}',
    contentType: 'text/x-haskell',
    template: `main :: IO ()
main = do
  [a, b] <- map read . words <$> getContents :: IO [Integer]
  print (a + b)
`,
    sourceName: 'main.hs',
    compile: { argv: ['{tool}', '{flags}', '-outputdir', '/tmp/ghc'] },
    artifact: 'main',
    runsSource: false,
    run: { argv: ['/box/main'] },
    allowance: 'haskell',
    compileMemoryMb: 1024,
    compileTimeMs: 30_000,
    mounts: ['/var/lib/ghc'],
  },
  {
    name: 'Rust',
    find: [{ finder: 'rust' }],
    vars: { flags: ['-O', '--edition', '2021', '-o', 'main', 'main.rs'] },
    description: 'rustc {version}',
    compileCommand: 'rustc {flags}',
    contentType: 'text/x-rustsrc',
    template: `use std::io::Read;

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_whitespace().map(|x| x.parse().unwrap()).collect();
    println!("{}", v[0] + v[1]);
}
`,
    sourceName: 'main.rs',
    compile: { argv: ['{tool}', '{flags}'] },
    artifact: 'main',
    runsSource: false,
    run: { argv: ['/box/main'] },
    allowance: 'native',
    compileMemoryMb: 1024,
    compileTimeMs: 20_000,
  },
];
