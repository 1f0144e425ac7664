/**
 * What the admin dashboard shows (docs/architecture.md, "Admin dashboard"). Health is decided by the
 * database's clock (now() against the last heartbeat), the same clock that wrote the heartbeats, so
 * nodes with skewed clocks are judged alike.
 */
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  DASHBOARD_RECENT_CONTESTS,
  DASHBOARD_RECENT_DAYS,
  GroupAuth,
  GroupLevel,
  type ApiNodeInfo,
  type DashboardContest,
  type DashboardInfo,
  type DatabaseStatus,
  type JudgeServerInfo,
  type JudgeServiceInfo,
  type LastLogin,
} from '@oj/shared';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { contests as contestTable } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { statusOf } from '../contest/access.js';
import { ownerFilter, siteOwner } from '../owner/index.js';
import { maySite } from '../policy/index.js';

const serverTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const iso = (d: Date | string) => new Date(d).toISOString();
const msInterval = (ms: number) => sql`make_interval(secs => ${ms / 1000})`;

/** The contest table as `c`, the name the queries below give it. */
const c = alias(contestTable, 'c');

/**
 * A contest the caller may see listed: the site's, a group's that is not private, or one of a private
 * group he belongs to (or owns); the super admin sees all. A private group's contests are its members':
 * an admin outside the group learns neither their titles nor their number.
 */
function listedFor(user: AuthUser): SQL {
  if (maySite(user, 'administerAllContests')) return sql`true`;
  return sql`(${ownerFilter(siteOwner(null), c.gid)} or exists (
    select 1 from "group" g where g.id = c.gid and (g.auth <> ${GroupAuth.PRIVATE} or g.owner_uid = ${user.uid}
      or exists (select 1 from group_member m where m.gid = g.id and m.uid = ${user.uid} and m.auth >= ${GroupLevel.MEMBER}))))`;
}

/** Users, today's submissions (midnight of `timeZone`) and the contests held during the last 14 days. */
export async function dashboardInfo(ctx: AppContext, user: AuthUser, timeZone: string = serverTimeZone()): Promise<DashboardInfo> {
  const { db } = ctx.database;
  const recent = sql`c.start_time <= now() and c.end_time >= now() - make_interval(days => ${DASHBOARD_RECENT_DAYS}) and ${listedFor(user)}`;
  const [counts] = (
    await db.execute<{ users: number; today: number; contests: number }>(sql`
      select (select count(*) from user_info)::int as users,
             (select count(*) from judge where submit_time >= date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone})::int as today,
             (select count(*) from contest c where ${recent})::int as contests`)
  ).rows;
  const contests = await db.execute<{ id: number; title: string; type: number; start_time: string; end_time: string }>(sql`
    select c.id, c.title, c.type, c.start_time, c.end_time from contest c where ${recent}
    order by c.start_time desc, c.id desc limit ${DASHBOARD_RECENT_CONTESTS}`);
  const now = Date.now();
  return {
    userCount: counts!.users,
    todaySubmissions: counts!.today,
    recentContestCount: counts!.contests,
    recentContests: contests.rows.map(
      (c): DashboardContest => ({
        id: c.id,
        title: c.title,
        type: c.type,
        status: statusOf({ startTime: new Date(c.start_time), endTime: new Date(c.end_time) }, now),
        startTime: iso(c.start_time),
        endTime: iso(c.end_time),
      }),
    ),
  };
}

/** The caller's login before the one of this request (HOJ's "recent session"), from the session rows. */
export async function lastLogin(ctx: AppContext, user: AuthUser): Promise<LastLogin | null> {
  const { rows } = await ctx.database.db.execute<{ created_at: string; ip: string | null; user_agent: string | null }>(sql`
    select s.created_at, s.ip, s.user_agent from auth_session s
    where s.uid = ${user.uid} and s.id <> ${user.sessionId}
      and s.created_at <= (select created_at from auth_session where id = ${user.sessionId})
    order by s.created_at desc limit 1`);
  const r = rows[0];
  return r ? { time: iso(r.created_at), ip: r.ip, userAgent: r.user_agent } : null;
}

/** Every registered API node; `instance` marks the one answering. */
export async function apiNodeList(db: Db, unhealthyAfterMs: number, instance: string | null): Promise<ApiNodeInfo[]> {
  const { rows } = await db.execute<{
    id: number;
    host: string;
    ip: string | null;
    port: number;
    pid: number;
    node_version: string;
    cpu_count: number;
    cpu_usage: number | null;
    memory_usage: number | null;
    started_at: string;
    last_heartbeat: string;
    healthy: boolean;
    instance: string;
  }>(sql`
    select *, last_heartbeat > now() - ${msInterval(unhealthyAfterMs)} as healthy
    from api_node order by host, port`);
  return rows.map((n) => ({
    id: n.id,
    host: n.host,
    ip: n.ip,
    port: n.port,
    pid: n.pid,
    nodeVersion: n.node_version,
    cpuCount: n.cpu_count,
    cpuUsage: n.cpu_usage,
    memoryUsage: n.memory_usage,
    startedAt: iso(n.started_at),
    lastHeartbeat: iso(n.last_heartbeat),
    healthy: n.healthy,
    current: n.instance === instance,
  }));
}

/**
 * Version, size and connections of the site's database. The call itself needed the database (the
 * session lookup), yet a failure here (e.g. no right to read the statistics) is shown, not a 500.
 */
export async function databaseStatus(db: Db): Promise<DatabaseStatus> {
  try {
    const started = performance.now();
    await db.execute(sql`select 1`);
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    const { rows } = await db.execute<{ version: string; size: string; connections: number; max_connections: number }>(sql`
      select current_setting('server_version') as version,
             pg_database_size(current_database())::text as size,
             (select count(*) from pg_stat_activity where datname = current_database())::int as connections,
             current_setting('max_connections')::int as max_connections`);
    const r = rows[0]!;
    return {
      reachable: true,
      version: r.version.split(' ')[0] ?? r.version,
      sizeBytes: Number(r.size),
      connections: r.connections,
      maxConnections: r.max_connections,
      latencyMs,
    };
  } catch {
    return { reachable: false, version: null, sizeBytes: null, connections: null, maxConnections: null, latencyMs: null };
  }
}

/** The registered judges (tasks in flight = leases they hold now) and the queue. */
export async function judgeServiceInfo(ctx: AppContext): Promise<JudgeServiceInfo> {
  const { db } = ctx.database;
  const unhealthyAfterMs = ctx.config.judgeQueue.offlineAfterMs;
  const judges = await db.execute<{
    id: number;
    name: string;
    ip: string | null;
    cpu_count: number;
    capacity: number;
    cpu_usage: number | null;
    memory_usage: number | null;
    languages: string[];
    version: string;
    status: number;
    last_heartbeat: string;
    in_flight: number;
    healthy: boolean;
  }>(sql`
    select s.id, s.name, s.ip, s.cpu_count, s.capacity, s.cpu_usage, s.memory_usage, s.languages, s.version, s.status, s.last_heartbeat,
           (select count(*) from judge_task t where t.status = 'leased' and t.lease_owner = s.id)::int as in_flight,
           s.last_heartbeat > now() - ${msInterval(unhealthyAfterMs)} as healthy
    from judge_server s order by s.name`);
  // Each count reads one partial index of the queue (done rows, one per submission ever made, are not scanned).
  const [q] = (
    await db.execute<{ queued: number; leased: number; oldest: string | null; age: number | null }>(sql`
      select (select count(*) from judge_task where status = 'queued')::int as queued,
             (select count(*) from judge_task where status = 'leased')::int as leased,
             o.queued_at as oldest,
             extract(epoch from now() - o.queued_at)::float8 as age
      from (select min(queued_at) as queued_at from judge_task where status = 'queued') o`)
  ).rows;
  return {
    judges: judges.rows.map(
      (j): JudgeServerInfo => ({
        id: j.id,
        name: j.name,
        ip: j.ip,
        cpuCount: j.cpu_count,
        capacity: j.capacity,
        cpuUsage: j.cpu_usage,
        memoryUsage: j.memory_usage,
        languages: j.languages,
        version: j.version,
        inFlight: j.in_flight,
        enabled: j.status === 0,
        lastHeartbeat: iso(j.last_heartbeat),
        healthy: j.healthy,
      }),
    ),
    queue: {
      queued: q!.queued,
      leased: q!.leased,
      oldestQueuedAt: q!.oldest ? iso(q!.oldest) : null,
      oldestQueuedSec: q!.age === null ? null : Math.max(0, Math.floor(q!.age)),
    },
    unhealthyAfterMs,
  };
}
