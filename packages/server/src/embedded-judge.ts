/**
 * The judge `oj start` runs inside the site process: the same daemon a remote judge host runs
 * (`@oj/judge`), talking the same HTTP protocol to this node over loopback with the judge token, one
 * worker per core. When the sandbox cannot isolate here (not root, no usable cgroups…) the site runs
 * without it and says so once — code is never run unsandboxed. OJ_EMBEDDED_JUDGE=0 turns it off
 * (judges elsewhere, or an API-only node). It judges on every remote site too unless OJ_REMOTE_JUDGE
 * says otherwise (a list of sites, or 0): the site's own judge is where remote judging works out of the box.
 */
import os from 'node:os';
import path from 'node:path';
import { consoleLogger, JudgeDaemon, parseLogLevel, remoteJudgeFromEnv, type DaemonInfo, type RemoteJudgeOptions } from '@oj/judge';

export interface EmbeddedJudgeOptions {
  /** The port the site listens on, and the address it listens on. */
  port: number;
  host: string;
  token: string;
  dataDir: string;
  logLevel: string;
}

export type EmbeddedJudge = { state: 'running'; daemon: JudgeDaemon; info: DaemonInfo } | { state: 'disabled'; reason: string } | { state: 'off' };

/** Where this node can be reached from itself. */
export function loopbackUrl(host: string, port: number): string {
  const h = host.trim();
  if (h === '' || h === '0.0.0.0' || h === 'localhost' || h.startsWith('127.')) return `http://127.0.0.1:${port}`;
  if (h === '::' || h === '::1') return `http://[::1]:${port}`;
  return `http://${h.includes(':') ? `[${h}]` : h}:${port}`;
}

export function embeddedJudgeEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return (env.OJ_EMBEDDED_JUDGE ?? '').trim() !== '0';
}

/** The remote judging of the built-in judge: every site unless OJ_REMOTE_JUDGE names others (or 0); a value it cannot use turns it off with a warning. */
export function embeddedRemoteJudging(env: NodeJS.ProcessEnv, warn: (msg: string) => void): RemoteJudgeOptions | undefined {
  try {
    return remoteJudgeFromEnv({ ...env, OJ_REMOTE_JUDGE: env.OJ_REMOTE_JUDGE ?? 'all' });
  } catch (e) {
    warn(`remote judging is off: ${(e as Error).message}`);
    return undefined;
  }
}

/** Starts the built-in judge; never throws (a judge that cannot start leaves the site running). */
export async function startEmbeddedJudge(o: EmbeddedJudgeOptions): Promise<EmbeddedJudge> {
  const name = `${os.hostname()}:${o.port}`;
  const log = consoleLogger('judge', parseLogLevel(o.logLevel === 'silent' ? 'silent' : o.logLevel, 'info'));
  const daemon = new JudgeDaemon({
    server: loopbackUrl(o.host, o.port),
    token: o.token,
    name,
    cacheDir: path.join(o.dataDir, 'judge-cache'),
    registerTimeoutMs: 15_000,
    stopGraceMs: 5000,
    remote: embeddedRemoteJudging(process.env, (msg) => log.warn(msg)),
    log,
  });
  try {
    const info = await daemon.start();
    return { state: 'running', daemon, info };
  } catch (e) {
    return { state: 'disabled', reason: (e as Error).message };
  }
}
