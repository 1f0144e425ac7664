/**
 * A site running in another process as a target of the typed client (client.ts) and the raw helpers:
 * `inject` sent over real HTTP to its base URL, answered in the shape of an injected response (status,
 * headers, JSON body, raw bytes), so a test of a real server process reads like any API test.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Target } from './client.js';

export function remoteTarget(base: string): Target {
  const inject = async (o: InjectOptions) => {
    const url = new URL(String(o.url), base);
    for (const [k, v] of Object.entries((o.query ?? {}) as Record<string, string | string[]>))
      for (const one of Array.isArray(v) ? v : [v]) url.searchParams.append(k, one);
    const headers: Record<string, string> = { ...((o.headers ?? {}) as Record<string, string>) };
    let body: Buffer | string | undefined;
    if (Buffer.isBuffer(o.payload) || typeof o.payload === 'string') body = o.payload;
    else if (o.payload !== undefined) {
      body = JSON.stringify(o.payload);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(url, { method: o.method ?? 'GET', headers, body });
    const rawPayload = Buffer.from(await res.arrayBuffer());
    const payload = rawPayload.toString('utf8');
    return { statusCode: res.status, headers: Object.fromEntries(res.headers), rawPayload, payload, body: payload, json: () => JSON.parse(payload) };
  };
  return { app: { inject } as unknown as FastifyInstance };
}
