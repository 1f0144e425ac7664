/**
 * A stand-in for the API server's judge protocol in tests: every route of the protocol table answers as
 * the contract says, each body is checked against the table's own schema first (a body the real server
 * would refuse fails the test with the schema's words), and every call is recorded. Polls hand out what
 * a test queued on their lane; a route can be made to answer 409 (the lease is lost).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { judgeEndpoints, type PolledTask, type PollLane } from '@oj/shared';
import { JudgeClient } from '../../src/daemon/client.js';

export interface JudgeCall {
  path: string;
  /** the body after the schema's parse (defaults filled in), as the server would read it */
  body: Record<string, unknown>;
  /** the body as sent */
  sent: Record<string, unknown>;
}

export interface FakeJudge {
  url: string;
  client: JudgeClient;
  calls: JudgeCall[];
  /** the parsed bodies of one route (`remote/progress`, `remote/result`, `job/result`…) */
  bodies(route: string): Record<string, unknown>[];
  queue: Record<PollLane, PolledTask[]>;
  /** routes answered with 409 */
  leaseLost: Set<string>;
  /** bodies the schemas refused, with why */
  refused: string[];
  close(): Promise<void>;
}

const TOKEN = 'fake-judge-token-0123456789';

const answers: Record<string, (body: Record<string, unknown>) => unknown> = {
  register: () => ({ judgeId: 1, leaseMs: 60_000, maxWaitMs: 30_000, heartbeatMs: 20_000 }),
  heartbeat: () => ({ enabled: true }),
  progress: () => ({ leaseDeadline: new Date(Date.now() + 60_000).toISOString() }),
  result: () => ({ submitId: 1, duplicate: false }),
  testRunResult: () => ({ duplicate: false }),
  fail: () => ({ requeued: true }),
  remoteProgress: () => ({ leaseDeadline: new Date(Date.now() + 60_000).toISOString() }),
  remoteResult: () => ({ submitId: 1, duplicate: false }),
  remoteFail: () => ({ requeued: true }),
  jobResult: () => ({ duplicate: false }),
};

export async function startFakeJudge(): Promise<FakeJudge> {
  const calls: JudgeCall[] = [];
  const refused: string[] = [];
  const queue: Record<PollLane, PolledTask[]> = { local: [], remote: [] };
  const leaseLost = new Set<string>();
  const routes = new Map(Object.entries(judgeEndpoints).map(([name, ep]) => [`/api/${ep.path}`, { name, ep }]));

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      const send = (status: number, data: unknown, msg = 'success') => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ status, msg, data }));
      };
      const path = (req.url ?? '').split('?')[0]!;
      const route = routes.get(path);
      if (!route || req.headers['x-judge-token'] !== TOKEN) return send(404, null, 'no such route');
      const sent = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      const schema = 'body' in route.ep ? route.ep.body : undefined;
      const parsed = schema ? schema.safeParse(sent) : { success: true as const, data: sent };
      if (!parsed.success) {
        refused.push(`${path}: ${parsed.error.message}`);
        return send(400, null, parsed.error.message);
      }
      const body = parsed.data as Record<string, unknown>;
      const short = path.replace('/api/judge/', '');
      calls.push({ path: short, body, sent });
      if (leaseLost.has(short)) return send(409, null, 'The lease on this task is no longer valid: drop the task.');
      if (route.name === 'poll') {
        const lane = body.lane as PollLane;
        const task = queue[lane].shift();
        if (task) return send(200, task);
        // An empty queue answers after a short wait, so a loop under test does not spin.
        return void setTimeout(() => send(200, null), Math.min(50, Number(body.wait)));
      }
      const answer = answers[route.name];
      return answer ? send(200, answer(body)) : send(404, null, 'not served by the fake');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = new JudgeClient({ server: url, token: TOKEN, timeoutMs: 5000 });
  return {
    url,
    client,
    calls,
    bodies: (route) => calls.filter((c) => c.path === route).map((c) => c.body),
    queue,
    leaseLost,
    refused,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export const FAKE_JUDGE_TOKEN = TOKEN;
