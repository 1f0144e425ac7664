/**
 * Operations endpoints: /healthz and /readyz for load balancers, /metrics for Prometheus — what an
 * operator's scraper reads after real calls, a submission and a verdict, and who may read it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/shared';
import { isPrivateAddress } from '../src/modules/ops/metrics-access.js';
import { putSetting } from '../src/lib/site-config.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, login } from './helpers.js';
import { client } from './client.js';
import { acceptedResult, createProblem, FakeJudge, testQueue } from './judge-helpers.js';

let t: TestApp;
let judge: FakeJudge;

beforeAll(async () => {
  t = await createTestApp({ judgeQueue: testQueue() });
  await putSetting(t.database.db, 'switch', { submitIntervalSec: 0 });
  judge = await FakeJudge.start(t, 'ops-judge');
});
afterAll(() => t?.close());

type Scrape = { remoteAddress?: string; headers?: Record<string, string>; app?: TestApp };
const scrape = async (o: Scrape = {}) => (o.app ?? t).app.inject({ method: 'GET', url: '/metrics', remoteAddress: o.remoteAddress, headers: o.headers });

/** The value of one series in Prometheus text (labels in the order the exposition writes them). */
function series(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('health', () => {
  it('/healthz answers while the process runs, /readyz once the database has every migration of this code', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready' });
    const applied = ready.json().migrations as number;
    // The newest migration taken back (a node started on a database not yet migrated): not ready.
    const last = await t.database.db.execute<{ id: number; hash: string; created_at: string }>(
      sql`select id, hash, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    const row = last.rows[0]!;
    await t.database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${row.id}`);
    try {
      const pending = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(pending.statusCode).toBe(503);
      expect(pending.json().reason).toBe(`database migrations pending (${applied - 1} of ${applied} applied)`);
    } finally {
      await t.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at}::bigint)`,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('/metrics', () => {
  it('counts requests by route, the queue per kind, the judges, verdicts by language and status, the pool and the push streams', async () => {
    await client(t).call('problem.list', { query: {} });
    const pid = await createProblem(t, { problemId: 'OPS1' });
    await createUser(t, { username: 'opsuser' });
    const token = await login(t, 'opsuser');
    const sub = await client(t, token).call('submission.submit', { body: { pid: 'OPS1', language: 'C++', code: 'int main(){}' } });
    expect(sub.status).toBe(200);
    expect(pid).toBeGreaterThan(0);

    const waiting = await scrape();
    expect(waiting.statusCode).toBe(200);
    expect(waiting.headers['content-type']).toMatch(/^text\/plain/);
    const text = waiting.body;
    expect(series(text, 'oj_http_request_duration_seconds_count', 'method="GET",route="/api/get-problem-list",status="200"')).toBe(1);
    expect(series(text, 'oj_judge_queue_length', 'kind="submission"')).toBe(1);
    expect(series(text, 'oj_judge_queue_length', 'kind="testRun"')).toBe(0);
    expect(series(text, 'oj_judge_queue_oldest_seconds', 'kind="submission"')).toBeGreaterThanOrEqual(0);
    expect(series(text, 'oj_judges_online')).toBe(1);
    expect(series(text, 'oj_judge_capacity', 'judge="ops-judge"')).toBeGreaterThan(0);
    expect(series(text, 'oj_push_connections')).toBe(0);
    expect(series(text, 'oj_db_pool_connections', 'state="total"')).toBeGreaterThan(0);
    expect(series(text, 'oj_node_process_cpu_seconds_total')).toBeGreaterThan(0);

    await judge.result(await judge.take(), { ...acceptedResult(1), status: JudgeStatus.WRONG_ANSWER, time: 300 });
    const after = (await scrape()).body;
    expect(series(after, 'oj_judge_queue_length', 'kind="submission"')).toBe(0);
    expect(series(after, 'oj_verdicts_total', 'language="C++",judge="local",status="WA"')).toBe(1);
    expect(series(after, 'oj_run_time_seconds_bucket', 'le="0.25",language="C++",judge="local"')).toBe(0);
    expect(series(after, 'oj_run_time_seconds_bucket', 'le="0.5",language="C++",judge="local"')).toBe(1);
  });

  it('is refused to the internet: another network, or anything that came through a proxy', async () => {
    expect((await scrape({ remoteAddress: '10.1.2.3' })).statusCode).toBe(200);
    const outside: Scrape[] = [
      { remoteAddress: '203.0.113.9' },
      { headers: { 'x-forwarded-for': '203.0.113.9' } },
      { headers: { forwarded: 'for=203.0.113.9' } },
    ];
    for (const o of outside) {
      const r = await scrape(o);
      expect(r.statusCode).toBe(403);
      expect(r.body).not.toContain('oj_');
    }
  });

  it('with OJ_METRICS_TOKEN, answers the bearer of the token only, wherever it comes from', async () => {
    const withToken = await createTestApp({ metricsToken: 'scrape-secret' });
    try {
      expect((await scrape({ app: withToken })).statusCode).toBe(403);
      expect((await scrape({ app: withToken, headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(403);
      const ok = await scrape({ app: withToken, remoteAddress: '203.0.113.9', headers: { authorization: 'Bearer scrape-secret' } });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('oj_judge_queue_length');
    } finally {
      await withToken.close();
    }
  });

  it('knows the private networks', () => {
    for (const a of ['127.0.0.1', '10.0.0.8', '172.16.4.1', '172.31.255.255', '192.168.1.1', '::1', '::ffff:192.168.0.9', 'fd12::1'])
      expect(isPrivateAddress(a)).toBe(true);
    for (const a of ['172.32.0.1', '8.8.8.8', '::ffff:8.8.8.8', '2001:db8::1', '', undefined]) expect(isPrivateAddress(a)).toBe(false);
  });
});
