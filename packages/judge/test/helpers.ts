/** Host-side observations for the sandbox tests: what a box could have left behind. */
import fs from 'node:fs';
import path from 'node:path';
import { sandboxConfig, sandboxEvents, type SandboxReport } from '../src/sandbox.js';

/**
 * Host processes running as one of the sandbox uids. `args` is the command line, so a test can tell its own
 * boxes from another test file's, which may take the same uid the moment this file's box frees it.
 */
export function boxUidProcesses(
  except: number[] = [],
  range = { from: sandboxConfig.uidBase, count: sandboxConfig.uidPoolSize },
): Array<{ pid: number; uid: number; cmd: string; args: string }> {
  const { from: uidBase, count: uidPoolSize } = range;
  const out: Array<{ pid: number; uid: number; cmd: string; args: string }> = [];
  for (const e of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    let status: string;
    try {
      status = fs.readFileSync(`/proc/${e}/status`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    const uid = Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]);
    if (uid >= uidBase && uid < uidBase + uidPoolSize && !except.includes(Number(e))) {
      let args = '';
      try {
        args = fs.readFileSync(`/proc/${e}/cmdline`, 'utf8').split('\0').join(' ').trim();
      } catch {
        // exited meanwhile
      }
      out.push({ pid: Number(e), uid, cmd: /^Name:\s+(.*)$/m.exec(status)?.[1] ?? '?', args });
    }
  }
  return out;
}

/** Directories of our own cgroups (where the runner creates its box cgroups). */
export function ownCgroupDirs(): string[] {
  const mounts = fs
    .readFileSync('/proc/self/mountinfo', 'utf8')
    .split('\n')
    .map((l) => {
      const [pre, post] = l.split(' - ');
      if (!post) return null;
      const f = pre.split(' ');
      const [fstype, , opts] = post.split(' ');
      return { root: f[3], point: f[4], fstype, opts: opts?.split(',') ?? [] };
    })
    .filter((m): m is NonNullable<typeof m> => !!m && (m.fstype === 'cgroup' || m.fstype === 'cgroup2'));
  const dirs = new Set<string>();
  for (const line of fs.readFileSync('/proc/self/cgroup', 'utf8').trim().split('\n')) {
    const [, ctrls, p] = line.split(':');
    const ctrlList = ctrls ? ctrls.split(',') : [];
    for (const m of mounts) {
      const match = m.fstype === 'cgroup2' ? !ctrls : ctrlList.some((c) => m.opts.includes(c));
      if (!match) continue;
      const rel = m.root === '/' ? p : p.startsWith(m.root) ? p.slice(m.root.length) : null;
      if (rel === null) continue;
      const dir = path.join(m.point, rel);
      dirs.add(dir);
      // v2: box cgroups are siblings of the judge's leaf
      if (path.basename(dir) === 'oj-supervisor') dirs.add(path.dirname(dir));
    }
  }
  return [...dirs].filter((d) => fs.existsSync(d));
}

/** Box cgroups that exist right now, by name. */
export function boxCgroups(): string[] {
  return ownCgroupDirs().flatMap((d) =>
    fs
      .readdirSync(d)
      .filter((n) => n.startsWith('ojbox-'))
      .map((n) => path.join(d, n)),
  );
}

/** Collects every sandbox report produced while `fn` runs. */
export async function collectReports<T>(fn: () => Promise<T>): Promise<{ result: T; reports: SandboxReport[] }> {
  const reports: SandboxReport[] = [];
  const on = (r: SandboxReport) => reports.push(r);
  sandboxEvents.on('report', on);
  try {
    return { result: await fn(), reports };
  } finally {
    sandboxEvents.off('report', on);
  }
}

/** The cgroups of finished runs must be gone (another test file may have live boxes meanwhile). */
export function leftoverCgroupsOf(reports: SandboxReport[]): string[] {
  const names = new Set(reports.map((r) => `ojbox-${r.runnerPid}`));
  return boxCgroups().filter((d) => names.has(path.basename(d)));
}

export function mountTable(): string[] {
  return fs
    .readFileSync('/proc/self/mountinfo', 'utf8')
    .trim()
    .split('\n')
    .map((l) => l.split(' ').slice(3, 6).join(' '))
    .sort();
}
