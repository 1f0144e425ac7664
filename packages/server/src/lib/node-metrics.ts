/**
 * This node's Prometheus registry and the counters other modules feed: requests (ops/routes.ts) and
 * the verdicts the judge protocol records. Here in lib so the judge's result paths can count without
 * importing the ops module (which reads the live hub and the queue for its gauges: modules/ops/metrics.ts).
 * Each app has a registry of its own (tests run several in one process).
 */
import client from 'prom-client';
import { JUDGE_STATUS_SHORT, type JudgeStatusCode } from '@oj/shared';
import type { AppContext } from '../context.js';

export interface NodeMetrics {
  registry: client.Registry;
  requests: client.Histogram<'method' | 'route' | 'status'>;
  verdicts: client.Counter<'language' | 'judge' | 'status'>;
  runTime: client.Histogram<'language' | 'judge'>;
}

const byApp = new WeakMap<AppContext, NodeMetrics>();

export function nodeMetricsOf(ctx: AppContext): NodeMetrics {
  const known = byApp.get(ctx);
  if (known) return known;
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'oj_node_' });
  const metrics: NodeMetrics = {
    registry,
    requests: new client.Histogram({
      name: 'oj_http_request_duration_seconds',
      help: 'API and page requests served by this node, by route (the pattern, not the URL)',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    verdicts: new client.Counter({
      name: 'oj_verdicts_total',
      help: 'Final verdicts recorded by this node, by language, judge (local or the remote site) and status name',
      labelNames: ['language', 'judge', 'status'] as const,
      registers: [registry],
    }),
    runTime: new client.Histogram({
      name: 'oj_run_time_seconds',
      help: 'The run time a verdict reports (the slowest case), by language and judge',
      labelNames: ['language', 'judge'] as const,
      buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
      registers: [registry],
    }),
  };
  byApp.set(ctx, metrics);
  return metrics;
}

/** A final verdict this node recorded (the judge protocol's result calls). */
export function countVerdict(ctx: AppContext, v: { language: string; judge: string; status: number; timeMs: number | null }) {
  const m = nodeMetricsOf(ctx);
  m.verdicts.inc({ language: v.language, judge: v.judge, status: JUDGE_STATUS_SHORT[v.status as JudgeStatusCode] ?? String(v.status) });
  if (v.timeMs !== null) m.runTime.observe({ language: v.language, judge: v.judge }, v.timeMs / 1000);
}
