import path from 'node:path';
import { DEFAULT_UI_LANGUAGE, JUDGE_PROTOCOL, UI_LANGUAGES, type UiLanguage } from '@oj/shared';

/** Timings of the judge queue (docs/architecture.md, "Judge protocol"); tests shorten them. */
export interface JudgeQueueConfig {
  /** Lease length given with a task and by every progress report. */
  leaseMs: number;
  /** Failed leases after which the submission ends as System Error. */
  maxAttempts: number;
  /** Every node runs the sweeper (expired leases, unserved languages) this often. */
  sweepIntervalMs: number;
  /** Polls also sweep, at most this often per node. */
  sweepThrottleMs: number;
  /** A waiting poll looks at the queue at least this often (NOTIFY usually wakes it sooner). */
  pollIntervalMs: number;
  /** A queued task whose language no online judge offers ends as System Error after this long. */
  unservedTimeoutMs: number;
  /** A judge without heartbeat or poll for this long counts as offline. */
  offlineAfterMs: number;
  /** A job (compile a checker, run a package's programs) no judge leased within this long fails with "no judge". */
  jobQueueTimeoutMs: number;
  /** A remote submission still waiting for a free account (or a site that answers) this long after it was queued ends as Submitted Failed. */
  remoteWaitMs: number;
  /** …and after this long when no online judge serves its site or the site has no usable account at all. */
  remoteUnservedMs: number;
  /** Failed leases (site down, rate limited, judge died) after which a remote submission ends as Submitted Failed. */
  remoteMaxAttempts: number;
  /** Back-off after a remote failure: this, doubled per attempt, at most a minute (or what the site asked). */
  remoteBackoffMs: number;
}

export const DEFAULT_JUDGE_QUEUE: JudgeQueueConfig = {
  leaseMs: JUDGE_PROTOCOL.defaultLeaseMs,
  maxAttempts: JUDGE_PROTOCOL.maxAttempts,
  sweepIntervalMs: 5000,
  sweepThrottleMs: 1000,
  pollIntervalMs: 1000,
  unservedTimeoutMs: 10 * 60 * 1000,
  offlineAfterMs: JUDGE_PROTOCOL.offlineAfterMs,
  // Judges poll continuously: one that is online takes a job in well under a second.
  jobQueueTimeoutMs: 20_000,
  remoteWaitMs: 15 * 60 * 1000,
  remoteUnservedMs: 60_000,
  remoteMaxAttempts: 6,
  remoteBackoffMs: 5000,
};

/** Deployment settings come from the environment; site settings live in the database. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  rootPassword: string | undefined;
  /** Where the built SPA lives; absent in API-only test runs. */
  webDist: string | undefined;
  logLevel: string;
  /**
   * Which peers may set X-Forwarded-For (login throttling is per IP, so trusting everyone would let a
   * client pick its own IP): "loopback" (default, a proxy on this host), "true", "false", a hop count,
   * or a comma list of addresses/CIDRs.
   */
  trustProxy: boolean | number | string[];
  /**
   * Where users reach the site (`OJ_BASE_URL`, e.g. https://oj.example.org), for links in mails; the web
   * config's base URL wins when an administrator set one. Never taken from a request's headers.
   */
  baseUrl: string | undefined;
  /** Token judge daemons send in X-Judge-Token; unset: generated at first start and kept in site_config. */
  judgeToken: string | undefined;
  judgeQueue: JudgeQueueConfig;
  /**
   * `OJ_DEMO` (default 1): the first start fills an empty site with demo content (problems, contests,
   * trainings, discussions, groups, a welcome announcement and a carousel image); 0 starts it empty
   * but for the super admin and the settings.
   */
  demo: boolean;
  /**
   * `OJ_DEMO_LANG` (default zh-CN, the site's default language): the one language the demo content's
   * texts are written in at the first start (problem statements, titles, posts, the announcement).
   */
  demoLang: UiLanguage;
  /** `OJ_METRICS_TOKEN`: /metrics answers whoever sends it as a bearer token; unset, only the private network (modules/ops). */
  metricsToken: string | undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    rootPassword: env.OJ_ROOT_PASSWORD || undefined,
    webDist: env.OJ_WEB_DIST,
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    baseUrl: parseBaseUrl(env.OJ_BASE_URL),
    judgeToken: parseJudgeToken(env.OJ_JUDGE_TOKEN),
    judgeQueue: { ...DEFAULT_JUDGE_QUEUE, leaseMs: parseLease(env.OJ_JUDGE_LEASE_MS) },
    demo: parseDemo(env.OJ_DEMO),
    demoLang: parseDemoLang(env.OJ_DEMO_LANG),
    metricsToken: env.OJ_METRICS_TOKEN?.trim() || undefined,
  };
}

function parseDemo(value: string | undefined): boolean {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === '1' || v === 'true') return true;
  if (v === '0' || v === 'false') return false;
  throw new Error(`OJ_DEMO must be 1 (demo content on the first start, the default) or 0 (none), got "${value}"`);
}

function parseDemoLang(value: string | undefined): UiLanguage {
  const v = (value ?? '').trim();
  if (v === '') return DEFAULT_UI_LANGUAGE;
  const lang = UI_LANGUAGES.find((l) => l.toLowerCase() === v.toLowerCase());
  if (lang) return lang;
  throw new Error(`OJ_DEMO_LANG must be one of ${UI_LANGUAGES.join(', ')} (the language of the demo texts; default ${DEFAULT_UI_LANGUAGE}), got "${value}"`);
}

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const v = (value ?? 'loopback').trim();
  if (v === 'true') return true;
  if (v === 'false' || v === '') return false;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function parseBaseUrl(value: string | undefined): string | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw new Error(`OJ_BASE_URL must be an http(s) URL such as https://oj.example.org, got "${value}"`);
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.search || u.hash || u.username)
    throw new Error(`OJ_BASE_URL must be an http(s) URL such as https://oj.example.org, got "${value}"`);
  return `${u.origin}${u.pathname}`.replace(/\/+$/, '');
}

function parseJudgeToken(value: string | undefined): string | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (v.length < 16) throw new Error('OJ_JUDGE_TOKEN must be at least 16 characters long');
  return v;
}

function parseLease(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return JUDGE_PROTOCOL.defaultLeaseMs;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 5000 || ms > 3_600_000) throw new Error(`OJ_JUDGE_LEASE_MS must be 5000…3600000 (ms), got "${value}"`);
  return ms;
}
