/**
 * The admin dashboard (HOJ's admin/Dashboard calls, hoj-api-reference §11.1):
 * site figures for every admin-area role, and the state of the API nodes, the database and the judges
 * for holders of `system_info_admin`.
 */
import { z } from 'zod';
import { isTimeZone } from './account.js';
import { endpoint } from './endpoint.js';

/** The dashboard counts "today" in `timeZone` (IANA name, the browser's); default: the server's zone. */
export const dashboardInfoQuery = z.object({
  timeZone: z.string().trim().max(64).refine(isTimeZone, 'timeZone: unknown time zone.').optional(),
});

/** Contests "of the last 14 days": running at some moment of the last 14 days (or now). */
export const DASHBOARD_RECENT_DAYS = 14;
/** At most this many of them are listed (the count covers all). */
export const DASHBOARD_RECENT_CONTESTS = 10;

export interface DashboardContest {
  id: number;
  title: string;
  /** 0 ACM, 1 OI */
  type: number;
  /** ContestStatus: 0 running, 1 ended */
  status: number;
  startTime: string;
  endTime: string;
}

export interface DashboardInfo {
  userCount: number;
  /** submissions since midnight in the asked time zone */
  todaySubmissions: number;
  recentContestCount: number;
  /** newest first, at most DASHBOARD_RECENT_CONTESTS */
  recentContests: DashboardContest[];
}

/** The caller's login before the current one (HOJ: "recent session"); null on the first login. */
export interface LastLogin {
  time: string;
  ip: string | null;
  userAgent: string | null;
}

/** Heartbeat of an API node; one missed beat is tolerated, then the node shows unhealthy. */
export const API_NODE_TIMING = {
  heartbeatMs: 15_000,
  unhealthyAfterMs: 45_000,
  /** Rows of nodes not heard from for this long are deleted (a node killed outright leaves its row). */
  pruneAfterMs: 24 * 60 * 60 * 1000,
} as const;

export interface ApiNodeInfo {
  id: number;
  host: string;
  ip: string | null;
  port: number;
  pid: number;
  nodeVersion: string;
  cpuCount: number;
  /** percent; null before the first measurement */
  cpuUsage: number | null;
  memoryUsage: number | null;
  startedAt: string;
  lastHeartbeat: string;
  healthy: boolean;
  /** the node that answered this call */
  current: boolean;
}

export interface DatabaseStatus {
  reachable: boolean;
  /** e.g. "16.4" */
  version: string | null;
  sizeBytes: number | null;
  /** connections to this database right now, and the server's limit */
  connections: number | null;
  maxConnections: number | null;
  /** round trip of a trivial query from this node, ms */
  latencyMs: number | null;
}

export interface ServiceInfo {
  /** the request reached the site over HTTPS (directly, or through a trusted proxy saying so) */
  https: boolean;
  protocol: string;
  nodes: ApiNodeInfo[];
  unhealthyAfterMs: number;
  database: DatabaseStatus;
}

export interface JudgeServerInfo {
  id: number;
  name: string;
  ip: string | null;
  cpuCount: number;
  capacity: number;
  /** percent, as the judge last reported; null for judges that do not report it */
  cpuUsage: number | null;
  memoryUsage: number | null;
  languages: string[];
  version: string;
  /** tasks leased to it right now */
  inFlight: number;
  /** false when an administrator disabled it */
  enabled: boolean;
  lastHeartbeat: string;
  healthy: boolean;
}

export interface JudgeQueueInfo {
  /** tasks waiting for a judge */
  queued: number;
  /** tasks being judged */
  leased: number;
  /** when the oldest waiting task entered the queue; null when none waits */
  oldestQueuedAt: string | null;
  /** its age in seconds at the time of the answer */
  oldestQueuedSec: number | null;
}

export interface JudgeServiceInfo {
  judges: JudgeServerInfo[];
  queue: JudgeQueueInfo;
  unhealthyAfterMs: number;
}

/**
 * Setup problems the dashboard warns about. `baseUrlMissing`: neither the web config's base
 * URL nor OJ_BASE_URL is set, so links in mails (password reset) carry only a path.
 */
export interface SiteWarnings {
  baseUrlMissing: boolean;
}

// Calls (paths after /api/). Every admin/* call needs an admin-area role; the two config calls also
// need the permission system_info_admin (server modules/admin-dashboard/routes.ts).
export const adminDashboardEndpoints = {
  info: endpoint<DashboardInfo>()({ method: 'GET', path: 'admin/dashboard/get-dashboard-info', query: dashboardInfoQuery }),
  /** HOJ answers the "recent session" here; the body is empty */
  lastLogin: endpoint<LastLogin | null>()({ method: 'POST', path: 'admin/dashboard/get-sessions' }),
  serviceInfo: endpoint<ServiceInfo>()({ method: 'GET', path: 'admin/config/get-service-info' }),
  judgeServiceInfo: endpoint<JudgeServiceInfo>()({ method: 'GET', path: 'admin/config/get-judge-service-info' }),
  warnings: endpoint<SiteWarnings>()({ method: 'GET', path: 'admin/dashboard/get-site-warnings' }),
} as const;
