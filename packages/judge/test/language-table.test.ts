/**
 * The detected language table — names, versions shown, compile and run commands, limits, binds, the
 * A+B program, what a source changes — on three made-up hosts: every toolchain from Debian packages,
 * toolchains outside /usr (pyenv, rustup, a JDK and Kotlin under /opt), and a bare host. The
 * filesystem and the version commands are faked, so the table is the same on every machine and covers
 * languages this machine does not have. The snapshot files (JSON, named .snap so the formatter leaves
 * them as written) are the contract: a change in them is a change users (and the judges' self-test
 * cache keys) see.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

interface FakeHost {
  home: string;
  env: Record<string, string>;
  /** Executable files. */
  exec: string[];
  /** Symlinks: path → target (absolute). */
  links: Record<string, string>;
  /** Directory listings. */
  dirs: Record<string, string[]>;
  /** Regular files with their text. */
  files: Record<string, string>;
  /** Output (stdout + stderr) of `<command> <args…>`. */
  outputs: Record<string, string>;
}

const state = vi.hoisted(() => ({ host: null as FakeHost | null }));

function currentHost(): FakeHost {
  if (!state.host) throw new Error('no fake host');
  return state.host;
}

function resolve(p: string): string {
  const h = currentHost();
  for (let i = 0; i < 20 && h.links[p]; i++) p = h.links[p];
  return p;
}

function enoent(p: string) {
  return Object.assign(new Error(`ENOENT: no such file or directory, '${p}'`), { code: 'ENOENT' });
}

function existsFake(p: string): boolean {
  const h = currentHost();
  const r = resolve(p);
  return [p, r].some((x) => h.exec.includes(x) || x in h.dirs || x in h.files || x in h.links);
}

vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const fake = {
    ...real,
    existsSync: (p: string) => existsFake(p),
    accessSync: (p: string) => {
      if (!currentHost().exec.includes(resolve(p))) throw enoent(p);
    },
    realpathSync: (p: string) => {
      if (!existsFake(p)) throw enoent(p);
      return resolve(p);
    },
    readdirSync: (p: string) => {
      const d = currentHost().dirs[resolve(p)];
      if (!d) throw enoent(p);
      return [...d];
    },
    readFileSync: (p: string) => {
      const f = currentHost().files[resolve(p)];
      if (f === undefined) throw enoent(p);
      return f;
    },
  };
  return { ...fake, default: fake };
});

vi.mock('node:os', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:os')>();
  const fake = { ...real, homedir: () => currentHost().home };
  return { ...fake, default: fake };
});

vi.mock('node:child_process', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:child_process')>();
  const fake = {
    ...real,
    spawnSync: (cmd: string, args: string[]) => {
      const out = currentHost().outputs[[cmd, ...args].join(' ')];
      if (out === undefined) return { error: enoent(cmd), stdout: null, stderr: null };
      return { stdout: out, stderr: '', status: 0 };
    },
  };
  return { ...fake, default: fake };
});

const { detectLanguages, languagesFrom, runLimits } = await import('../src/languages.js');
const { LANGUAGE_ENTRIES } = await import('../src/language-entries.js');
type LanguageSpec = ReturnType<typeof detectLanguages>[number];

const NO_ENV = { OJ_KOTLINC: '', OJ_PYTHON2: '', OJ_RUSTC: '', PYENV_ROOT: '', PATH: '/usr/bin:/bin' };
const JDK17 = '/usr/lib/jvm/java-17-openjdk-amd64';

/** Every toolchain from Debian 12 packages. */
const debian: FakeHost = {
  home: '/root',
  env: NO_ENV,
  exec: [
    '/usr/bin/gcc',
    '/usr/bin/g++',
    `${JDK17}/bin/javac`,
    `${JDK17}/bin/java`,
    '/usr/share/kotlin/kotlinc/bin/kotlinc',
    '/usr/bin/python3',
    '/usr/bin/python2.7',
    '/usr/bin/pypy3',
    '/usr/lib/go-1.19/bin/go',
    '/usr/bin/node',
    '/usr/bin/mono',
    '/usr/lib/mono/4.5/mcs.exe',
    '/usr/bin/php',
    '/usr/bin/ruby',
    '/usr/bin/fpc',
    '/usr/bin/ghc',
    '/usr/bin/rustc',
  ],
  links: {
    '/usr/bin/javac': `${JDK17}/bin/javac`,
    '/usr/bin/java': `${JDK17}/bin/java`,
    '/usr/bin/kotlinc': '/usr/share/kotlin/kotlinc/bin/kotlinc',
    '/usr/share/kotlin/kotlinc/lib/kotlin-preloader.jar': '/usr/share/java/kotlin-preloader.jar',
    '/usr/share/kotlin/kotlinc/lib/kotlin-compiler.jar': '/usr/share/java/kotlin-compiler.jar',
    '/usr/share/kotlin/kotlinc/lib/kotlin-stdlib.jar': '/usr/share/java/kotlin-stdlib-1.3.31.jar',
    '/usr/bin/go': '/usr/lib/go-1.19/bin/go',
  },
  dirs: {
    '/etc': ['passwd', 'java-17-openjdk', 'mono', 'php', 'fpc.cfg', 'fpc-3.2.2.cfg', 'fpc-old.cfg'],
    '/etc/java-17-openjdk': [],
    '/etc/mono': [],
    '/etc/php': [],
    '/var/lib/ghc': [],
  },
  files: {
    '/usr/share/java/kotlin-preloader.jar': '',
    '/usr/share/java/kotlin-compiler.jar': '',
    '/usr/share/java/kotlin-stdlib-1.3.31.jar': '',
    '/etc/fpc.cfg': '',
    '/etc/fpc-3.2.2.cfg': '',
    '/etc/fpc-old.cfg': '',
  },
  outputs: {
    '/usr/bin/gcc -dumpfullversion': '12.2.0\n',
    '/usr/bin/g++ -dumpfullversion': '12.2.0\n',
    [`${JDK17}/bin/java -version`]: 'openjdk version "17.0.15" 2025-04-15\nOpenJDK Runtime Environment (build 17.0.15+6-Debian-1deb12u1)\n',
    '/usr/bin/python3 --version': 'Python 3.11.2\n',
    '/usr/bin/python2.7 --version': 'Python 2.7.18\n',
    '/usr/bin/pypy3 --version': 'Python 3.9.16 (7.3.11+dfsg-2+deb12u3, Dec 30 2024, 22:36:23)\n[PyPy 7.3.11 with GCC 12.2.0]\n',
    '/usr/bin/go version': 'go version go1.19.8 linux/amd64\n',
    '/usr/bin/node --version': 'v18.19.0\n',
    '/usr/bin/mono --version': 'Mono JIT compiler version 6.8.0.105 (Debian 6.8.0.105+dfsg-3.3)\n',
    '/usr/bin/php --version': 'PHP 8.2.28 (cli) (built: Mar 13 2025 18:21:38) (NTS)\n',
    '/usr/bin/ruby --version': 'ruby 3.1.2p20 (2022-04-12 revision 4491bb740a) [x86_64-linux-gnu]\n',
    '/usr/bin/fpc -iV': '3.2.2\n',
    '/usr/bin/ghc --numeric-version': '9.0.2\n',
    '/usr/bin/rustc --print sysroot': '/usr\n',
    '/usr/bin/rustc --version': 'rustc 1.63.0\n',
  },
};

const RUSTUP = '/home/judge/.rustup/toolchains/stable-x86_64-unknown-linux-gnu';
const PYENV27 = '/home/judge/.pyenv/versions/2.7.18';

/** Toolchains outside /usr: a JDK and Kotlin under /opt, pyenv's Python 2, rustup's Rust, Go and Node in /usr/local. */
const outside: FakeHost = {
  home: '/home/judge',
  env: { ...NO_ENV, OJ_KOTLINC: '/opt/kotlinc/bin/kotlinc', PATH: '/usr/local/bin:/usr/bin:/home/judge/.cargo/bin' },
  exec: [
    '/usr/bin/gcc',
    '/opt/jdk-21/bin/javac',
    '/opt/jdk-21/bin/java',
    '/opt/kotlinc/bin/kotlinc',
    `${PYENV27}/bin/python2.7`,
    '/home/judge/.pyenv/versions/2.6.9/bin/python2',
    '/usr/local/go/bin/go',
    '/usr/local/bin/node',
    '/usr/bin/mono',
    '/home/judge/.cargo/bin/rustc',
    `${RUSTUP}/bin/rustc`,
  ],
  links: {
    '/usr/bin/javac': '/opt/jdk-21/bin/javac',
    '/usr/bin/java': '/opt/jdk-21/bin/java',
    '/opt/kotlinc/lib/kotlin-compiler.jar': '/srv/java/kotlin-compiler-2.0.0.jar',
    [`${PYENV27}/bin/python2`]: `${PYENV27}/bin/python2.7`,
  },
  dirs: {
    '/etc': ['passwd'],
    '/home/judge/.pyenv/versions': ['2.6.9', '3.12.0', '2.7.18'],
  },
  files: {
    '/opt/kotlinc/lib/kotlin-preloader.jar': '',
    '/srv/java/kotlin-compiler-2.0.0.jar': '',
    '/opt/kotlinc/build.txt': '2.0.0-release-341\n',
  },
  outputs: {
    '/usr/bin/gcc -dumpfullversion': '13.2.0\n',
    '/opt/jdk-21/bin/java -version': 'openjdk version "21.0.2" 2024-01-16\n',
    [`${PYENV27}/bin/python2.7 --version`]: 'Python 2.7.18\n',
    '/home/judge/.pyenv/versions/2.6.9/bin/python2 --version': 'Python 2.6.9\n',
    '/usr/local/go/bin/go version': 'go version go1.22.1 linux/amd64\n',
    '/usr/local/bin/node --version': 'v20.20.2\n',
    '/usr/bin/mono --version': 'Mono JIT compiler version 6.12.0.200\n',
    '/home/judge/.cargo/bin/rustc --print sysroot': `${RUSTUP}\n`,
    [`${RUSTUP}/bin/rustc --version`]: 'rustc 1.95.0 (59807616e 2026-04-14)\n',
  },
};

const bare: FakeHost = { home: '/root', env: NO_ENV, exec: [], links: {}, dirs: { '/etc': [] }, files: {}, outputs: {} };

const LIMITS = [
  { timeLimitMs: 1000, memoryLimitMb: 256, stackLimitMb: 128 },
  { timeLimitMs: 2500, memoryLimitMb: 1024, stackLimitMb: 2048 },
];

/** Sources that change how some languages compile or run (the file and class names the code decides). */
const SOURCES = {
  javaPublicSolution: 'import java.util.*;\npublic class Solution {\n  public static void main(String[] a) {}\n}\n',
  javaPublicMain: 'public class Main { public static void main(String[] a) {} }\n',
  javaNoPublic: 'class Helper {}\nclass Main { public static void main(String[] a) {} }\n',
  kotlinObject: 'object App {\n  @JvmStatic fun main(args: Array<String>) { println(1) }\n}\n',
  kotlinTopLevel: 'fun main() { println(1) }\n',
};

/** One language as plain data: every field, run commands and sandbox limits for two problems. */
function entry(l: LanguageSpec): Record<string, unknown> {
  const { forSource: _f, run: _r, ...fields } = l;
  const sorted = Object.fromEntries(Object.entries(fields).sort(([a], [b]) => a.localeCompare(b)));
  return {
    ...sorted,
    // Key order inside nested objects is kept: the judges' self-test cache hashes them as JSON.
    compileJson: JSON.stringify(l.compile),
    allowanceJson: JSON.stringify(l.allowance),
    run: LIMITS.map((lim) => ({ limits: lim, command: JSON.stringify(l.run(lim)), sandbox: runLimits(l, lim) })),
  };
}

function table(): Record<string, unknown>[] {
  return detectLanguages().map((l) => ({
    ...entry(l),
    forSource: l.forSource
      ? Object.fromEntries(
          Object.entries(SOURCES).map(([k, src]) => {
            const s = l.forSource?.(src);
            return [k, s === l ? 'itself' : s ? entry(s) : null];
          }),
        )
      : null,
  }));
}

function onHost(h: FakeHost) {
  state.host = h;
  for (const [k, v] of Object.entries(h.env)) vi.stubEnv(k, v);
}

describe('detected language table', () => {
  beforeEach(() => {
    vi.unstubAllEnvs();
  });

  it('Debian packages: 21 languages, as users and judges see them', async () => {
    onHost(debian);
    const t = table();
    expect(t.map((l) => l.name)).toEqual([
      'C',
      'C With O2',
      'C++',
      'C++ With O2',
      'C++ 17',
      'C++ 17 With O2',
      'C++ 20',
      'C++ 20 With O2',
      'Java',
      'Kotlin',
      'Python3',
      'Python2',
      'PyPy3',
      'Golang',
      'JavaScript Node',
      'C#',
      'PHP',
      'Ruby',
      'Pascal',
      'Haskell',
      'Rust',
    ]);
    await expect(`${JSON.stringify(t, null, 2)}\n`).toMatchFileSnapshot('./snapshots/language-table.debian.snap');
  });

  it('toolchains outside /usr are found and bound into the box', async () => {
    onHost(outside);
    const t = table();
    expect(t.map((l) => l.name)).toEqual(['C', 'C With O2', 'Java', 'Kotlin', 'Python2', 'Golang', 'JavaScript Node', 'Rust']);
    await expect(`${JSON.stringify(t, null, 2)}\n`).toMatchFileSnapshot('./snapshots/language-table.outside.snap');
  });

  it('a host without toolchains offers no language', () => {
    onHost(bare);
    expect(detectLanguages()).toEqual([]);
  });
});

describe('language entries', () => {
  it('each name is offered once', () => {
    const names = LANGUAGE_ENTRIES.map((e) => e.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it('an entry that cannot be read says which entry and why', () => {
    onHost(debian);
    const c = LANGUAGE_ENTRIES[0];
    expect(() => languagesFrom([{ ...c, name: 'C typo', compileCommand: 'gcc {flagz}' }])).toThrow('language C typo: no variable {flagz}');
    expect(() => languagesFrom([{ name: 'C 89', extends: 'C89 base' }])).toThrow('language C 89: extends unknown "C89 base"');
    expect(() =>
      languagesFrom([
        { name: 'A', extends: 'B' },
        { name: 'B', extends: 'A' },
      ]),
    ).toThrow('language A: extends itself (A → B → A)');
    expect(() => languagesFrom([{ ...c, name: 'C looped', vars: { flags: ['{more}'], more: '{flags}' } }])).toThrow(
      'language C looped: variables refer to each other in a loop',
    );
    expect(() => languagesFrom([{ ...c, name: 'C lists', vars: { flags: ['{more}'], more: ['{flags}'] } }])).toThrow(
      'language C lists: variables refer to each other in a loop',
    );
  });
});
