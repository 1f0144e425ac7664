/**
 * What one API node tells Prometheus (`GET /metrics`): its own requests, the verdicts it recorded and
 * its push connections and pool, and — read from the database at each scrape, the same on every node —
 * the judge queue per task kind and the judges. Each app has a registry of its own (tests run several).
 */
import client from 'prom-client';
import { JUDGE_STATUS_SHORT, type JudgeStatusCode } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { liveHubOf } from '../live/routes.js';
import { judgeQueueState } from './queue-state.js';

export interface NodeMetrics {
  registry: client.Registry;
  requests: client.Histogram<'method' | 'route' | 'status'>;
  verdicts: client.Counter<'language' | 'judge' | 'status'>;
  runTime: client.Histogram<'language' | 'judge'>;
  /** reads what the database knows into the gauges; called before each scrape */
  refresh(): Promise<void>;
}

const byApp = new WeakMap<AppContext, NodeMetrics>();

export function metricsOf(ctx: AppContext): NodeMetrics {
  const known = byApp.get(ctx);
  if (known) return known;
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'oj_node_' });
  const requests = new client.Histogram({
    name: 'oj_http_request_duration_seconds',
    help: 'API and page requests served by this node, by route (the pattern, not the URL)',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const verdicts = new client.Counter({
    name: 'oj_verdicts_total',
    help: 'Final verdicts recorded by this node, by language, judge (local or the remote site) and status name',
    labelNames: ['language', 'judge', 'status'] as const,
    registers: [registry],
  });
  const runTime = new client.Histogram({
    name: 'oj_run_time_seconds',
    help: 'The run time a verdict reports (the slowest case), by language and judge',
    labelNames: ['language', 'judge'] as const,
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
    registers: [registry],
  });
  const queueLength = new client.Gauge({
    name: 'oj_judge_queue_length',
    help: 'Tasks waiting for a judge, by task kind',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const queueOldest = new client.Gauge({
    name: 'oj_judge_queue_oldest_seconds',
    help: 'How long the oldest waiting task of each kind has waited (0 when none waits)',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const leased = new client.Gauge({
    name: 'oj_judge_tasks_leased',
    help: 'Tasks a judge is working on, by task kind',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const judgesOnline = new client.Gauge({ name: 'oj_judges_online', help: 'Enabled judges heard from lately', registers: [registry] });
  const judgeRunning = new client.Gauge({
    name: 'oj_judge_running',
    help: 'Submissions each online judge said it is judging at its last report',
    labelNames: ['judge'] as const,
    registers: [registry],
  });
  const judgeCapacity = new client.Gauge({
    name: 'oj_judge_capacity',
    help: 'Submissions each online judge judges at once',
    labelNames: ['judge'] as const,
    registers: [registry],
  });
  const judgeCpu = new client.Gauge({
    name: 'oj_judge_cpu_percent',
    help: 'Host CPU use each online judge reported last',
    labelNames: ['judge'] as const,
    registers: [registry],
  });
  new client.Gauge({
    name: 'oj_push_connections',
    help: 'Live-update streams (Server-Sent Events) open on this node',
    registers: [registry],
    collect() {
      this.set(liveHubOf(ctx.database)?.size ?? 0);
    },
  });
  new client.Gauge({
    name: 'oj_db_pool_connections',
    help: "This node's PostgreSQL pool: connections open, idle, and callers waiting for one",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const { pool } = ctx.database;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });

  const metrics: NodeMetrics = {
    registry,
    requests,
    verdicts,
    runTime,
    async refresh() {
      const state = await judgeQueueState(ctx);
      for (const g of [queueLength, queueOldest, leased, judgeRunning, judgeCapacity, judgeCpu]) g.reset();
      for (const k of state.kinds) {
        queueLength.set({ kind: k.kind }, k.queued);
        queueOldest.set({ kind: k.kind }, k.oldestSeconds);
        leased.set({ kind: k.kind }, k.leased);
      }
      judgesOnline.set(state.judges.length);
      for (const j of state.judges) {
        judgeRunning.set({ judge: j.name }, j.running);
        judgeCapacity.set({ judge: j.name }, j.capacity);
        if (j.cpuUsage !== null) judgeCpu.set({ judge: j.name }, j.cpuUsage);
      }
    },
  };
  byApp.set(ctx, metrics);
  return metrics;
}

/** A final verdict this node recorded (the judge protocol's result calls). */
export function countVerdict(ctx: AppContext, v: { language: string; judge: string; status: number; timeMs: number | null }) {
  const m = metricsOf(ctx);
  m.verdicts.inc({ language: v.language, judge: v.judge, status: JUDGE_STATUS_SHORT[v.status as JudgeStatusCode] ?? String(v.status) });
  if (v.timeMs !== null) m.runTime.observe({ language: v.language, judge: v.judge }, v.timeMs / 1000);
}
