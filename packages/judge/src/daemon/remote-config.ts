/**
 * Which remote judges a daemon serves and how its remote workers behave: the options, read from the
 * environment by the CLI (and by whoever starts a daemon in-process), and what registration tells the
 * server about them.
 */
import { REMOTE_OJS, type RemoteLanguageReport, type RemoteOj } from '@oj/shared';
import type { RemoteJudgeAdapter, Sleep } from '../remote/types.js';

export interface RemoteJudgeOptions {
  /** the sites this daemon's remote workers judge on */
  ojs: RemoteOj[];
  /** remote tasks and jobs handled at once (each waits on a site, not on a core) */
  workers: number;
  /** a site's address instead of the adapter's own (a test's or an e2e run's fixture) */
  baseUrls: Partial<Record<RemoteOj, string>>;
  /** how the workers and the adapters wait (between looks at a run, when a site asks): tests pass one that does not */
  sleep?: Sleep;
  /** between two looks at a run on its site; default 2.5 s */
  pollIntervalMs?: number;
  /** how long a run may stay unfinished on its site before the task is given back; default 15 min */
  maxPollMs?: number;
}

export const DEFAULT_REMOTE_WORKERS = 4;
export const DEFAULT_REMOTE_POLL_INTERVAL_MS = 2500;
export const DEFAULT_REMOTE_MAX_POLL_MS = 15 * 60_000;

/** A value of the environment the daemon cannot work with; the CLI shows it with its usage. */
export class RemoteConfigError extends Error {
  override name = 'RemoteConfigError';
}

function isRemoteOj(key: string): key is RemoteOj {
  return (REMOTE_OJS as readonly string[]).includes(key);
}

/** OJ_REMOTE_JUDGE: `1` or `all` = every site, a comma list of site keys = those, `0` or unset = none. */
export function parseRemoteOjs(raw: string | undefined): RemoteOj[] {
  const value = (raw ?? '').trim();
  if (value === '' || value === '0') return [];
  if (value === '1' || value.toLowerCase() === 'all') return [...REMOTE_OJS];
  const keys = value.split(',').map((k) => k.trim().toUpperCase());
  const unknown = keys.filter((k) => !isRemoteOj(k));
  if (unknown.length) {
    throw new RemoteConfigError(
      `OJ_REMOTE_JUDGE: unknown site ${unknown.map((k) => `"${k}"`).join(', ')} (the sites: ${REMOTE_OJS.join(', ')}, or 1/all, or 0)`,
    );
  }
  return [...new Set(keys.filter(isRemoteOj))];
}

/**
 * The remote options the environment asks for, or undefined when remote judging is off:
 * OJ_REMOTE_JUDGE (the sites), OJ_REMOTE_WORKERS (default 4), OJ_REMOTE_URL_<KEY> (a site's address,
 * e.g. OJ_REMOTE_URL_CF). Throws `RemoteConfigError` on a value that cannot be meant.
 */
export function remoteJudgeFromEnv(env: NodeJS.ProcessEnv = process.env): RemoteJudgeOptions | undefined {
  const ojs = parseRemoteOjs(env.OJ_REMOTE_JUDGE);
  if (!ojs.length) return undefined;
  const rawWorkers = (env.OJ_REMOTE_WORKERS ?? '').trim();
  const workers = rawWorkers === '' ? DEFAULT_REMOTE_WORKERS : Number(rawWorkers);
  if (!Number.isInteger(workers) || workers < 1 || workers > 256) {
    throw new RemoteConfigError(`OJ_REMOTE_WORKERS must be a whole number from 1 to 256, got "${rawWorkers}"`);
  }
  const baseUrls: Partial<Record<RemoteOj, string>> = {};
  for (const oj of REMOTE_OJS) {
    const url = (env[`OJ_REMOTE_URL_${oj}`] ?? '').trim();
    if (!url) continue;
    let protocol = '';
    try {
      protocol = new URL(url).protocol;
    } catch {
      // reported below with the variable's name
    }
    if (protocol !== 'http:' && protocol !== 'https:') throw new RemoteConfigError(`OJ_REMOTE_URL_${oj} must be an http(s) URL, got "${url}"`);
    baseUrls[oj] = url;
  }
  return { ojs, workers, baseUrls };
}

/** The languages each served site takes, as registration reports them (the editor's menu of a remote problem). */
export function remoteLanguageReports(ojs: readonly RemoteOj[], adapters: Record<RemoteOj, RemoteJudgeAdapter>): RemoteLanguageReport[] {
  return ojs.flatMap((oj) => adapters[oj].languages.map((l) => ({ oj, name: l.name, contentType: l.contentType })));
}
