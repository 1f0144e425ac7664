/**
 * What `GET /metrics` shows beyond the node's own counters (lib/node-metrics.ts): read from the
 * database at each scrape, the same on every node, the judge queue per task kind and the online judges;
 * and this node's push streams and PostgreSQL pool.
 */
import client from 'prom-client';
import type { AppContext } from '../../context.js';
import { nodeMetricsOf } from '../../lib/node-metrics.js';
import { liveHubOf } from '../live/routes.js';
import { judgeQueueState } from './queue-state.js';

const gaugesByApp = new WeakMap<AppContext, () => Promise<void>>();

/** Registers the gauges on the node's registry once; returns what refreshes them from the database. */
function gaugesOf(ctx: AppContext): () => Promise<void> {
  const known = gaugesByApp.get(ctx);
  if (known) return known;
  const registers = [nodeMetricsOf(ctx).registry];
  const queueLength = new client.Gauge({
    name: 'oj_judge_queue_length',
    help: 'Tasks waiting for a judge, by task kind',
    labelNames: ['kind'] as const,
    registers,
  });
  const queueOldest = new client.Gauge({
    name: 'oj_judge_queue_oldest_seconds',
    help: 'How long the oldest waiting task of each kind has waited (0 when none waits)',
    labelNames: ['kind'] as const,
    registers,
  });
  const leased = new client.Gauge({
    name: 'oj_judge_tasks_leased',
    help: 'Tasks a judge is working on, by task kind',
    labelNames: ['kind'] as const,
    registers,
  });
  const judgesOnline = new client.Gauge({ name: 'oj_judges_online', help: 'Enabled judges heard from lately', registers });
  const judgeRunning = new client.Gauge({
    name: 'oj_judge_running',
    help: 'Submissions each online judge said it is judging at its last report',
    labelNames: ['judge'] as const,
    registers,
  });
  const judgeCapacity = new client.Gauge({
    name: 'oj_judge_capacity',
    help: 'Submissions each online judge judges at once',
    labelNames: ['judge'] as const,
    registers,
  });
  const judgeCpu = new client.Gauge({
    name: 'oj_judge_cpu_percent',
    help: 'Host CPU use each online judge reported last',
    labelNames: ['judge'] as const,
    registers,
  });
  new client.Gauge({
    name: 'oj_push_connections',
    help: 'Live-update streams (Server-Sent Events) open on this node',
    registers,
    collect() {
      this.set(liveHubOf(ctx.database)?.size ?? 0);
    },
  });
  new client.Gauge({
    name: 'oj_db_pool_connections',
    help: "This node's PostgreSQL pool: connections open, idle, and callers waiting for one",
    labelNames: ['state'] as const,
    registers,
    collect() {
      const { pool } = ctx.database;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });

  const refresh = async () => {
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
  };
  gaugesByApp.set(ctx, refresh);
  return refresh;
}

/** The scrape: the gauges read anew, then every metric of the node in Prometheus text. */
export async function scrapeMetrics(ctx: AppContext): Promise<{ contentType: string; text: string }> {
  await gaugesOf(ctx)();
  const { registry } = nodeMetricsOf(ctx);
  return { contentType: registry.contentType, text: await registry.metrics() };
}
