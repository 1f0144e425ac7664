/**
 * `oj start` (bin/oj) under a service manager: it exits non-zero when the server dies by a
 * signal nobody sent to `oj` (the OOM killer, `kill -9`), so Restart=on-failure starts it again, and 0
 * when the stop was asked for by signalling `oj` itself (Ctrl-C, `systemctl stop`). A real `oj`-like
 * parent (bin/supervise.js, what bin/oj runs its children with) and real child processes.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SUPERVISE = pathToFileURL(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'bin', 'supervise.js')).href;

/** Child programs: each prints "ready" once its handlers are in place. */
const CHILDREN = {
  /** Killed outright, as the OOM killer does. */
  killed: `process.kill(process.pid, 'SIGKILL');`,
  /** A crash. */
  crashes: `console.log('ready'); setTimeout(() => process.exit(3), 50);`,
  /** Like the server: stop signals run exit hooks, then exit with 128 + signo (async-exit-hook). */
  server: `for (const [s, n] of [['SIGINT', 2], ['SIGTERM', 15]]) process.on(s, () => setTimeout(() => process.exit(128 + n), 20));
           console.log('ready'); setInterval(() => {}, 1000);`,
  /** No handlers: a stop signal kills it. */
  plain: `console.log('ready'); setInterval(() => {}, 1000);`,
} as const;

/**
 * Runs the supervisor over one child; `signalParent` is sent to the supervisor once the child is
 * ready, `signalChild` to the child only. Resolves with the supervisor's exit code.
 */
function supervised(child: keyof typeof CHILDREN, o: { signalParent?: NodeJS.Signals; signalChild?: NodeJS.Signals } = {}) {
  const program = `
    import { spawn } from 'node:child_process';
    import { supervise } from ${JSON.stringify(SUPERVISE)};
    const child = spawn(process.execPath, ['-e', ${JSON.stringify(CHILDREN[child])}], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.setEncoding('utf8').on('data', (d) => { if (d.includes('ready')) console.log('child ' + child.pid); });
    supervise(child);`;
  const parent = spawn(process.execPath, ['--input-type=module', '-e', program], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    parent.stdout!.setEncoding('utf8').on('data', (d: string) => {
      const m = /child (\d+)/.exec(d);
      if (!m) return;
      if (o.signalParent) parent.kill(o.signalParent);
      if (o.signalChild) process.kill(Number(m[1]), o.signalChild);
    });
    parent.on('exit', (code, signal) => resolve({ code, signal }));
  });
}

describe('oj start: exit code for a service manager', () => {
  it('a server killed by SIGKILL makes oj exit 137 (128 + 9), not 0', async () => {
    expect(await supervised('killed')).toEqual({ code: 137, signal: null });
  });

  it('a server killed by a SIGTERM sent to it alone makes oj exit non-zero', async () => {
    expect(await supervised('plain', { signalChild: 'SIGTERM' })).toEqual({ code: 143, signal: null });
    expect(await supervised('server', { signalChild: 'SIGTERM' })).toEqual({ code: 143, signal: null });
  });

  it('a crash keeps its exit code', async () => {
    expect(await supervised('crashes')).toEqual({ code: 3, signal: null });
  });

  it('stopping oj itself (SIGTERM from systemctl stop, SIGINT from Ctrl-C) is a clean 0', async () => {
    expect(await supervised('server', { signalParent: 'SIGTERM' })).toEqual({ code: 0, signal: null });
    expect(await supervised('server', { signalParent: 'SIGINT' })).toEqual({ code: 0, signal: null });
    expect(await supervised('plain', { signalParent: 'SIGTERM' })).toEqual({ code: 0, signal: null });
  });
});
