import path from 'node:path';

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
  };
}

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const v = (value ?? 'loopback').trim();
  if (v === 'true') return true;
  if (v === 'false' || v === '') return false;
  if (/^\d+$/.test(v)) return Number(v);
  return v.split(',').map((s) => s.trim()).filter(Boolean);
}
