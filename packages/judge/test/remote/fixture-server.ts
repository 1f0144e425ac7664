/**
 * A stand-in for a remote judge's site in tests (there is no internet here): an HTTP server on loopback
 * whose answers a test writes in the site's real formats (pages, encodings, cookies, redirects, JSON).
 * Each route is a function of the request, so a fixture can keep state (a login, a queue of verdicts)
 * and count what it was sent; `requests` records every call for assertions.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FixtureRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  cookies: Record<string, string>;
  /** the body as text, and parsed when it is a form or JSON */
  body: string;
  form: URLSearchParams;
  json: unknown;
}

export interface FixtureAnswer {
  status?: number;
  /** text, or bytes already encoded (a GBK page) */
  body?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
  /** Set-Cookie values: `name=value` (a path is added) */
  cookies?: string[];
  /** a redirect to this location (status 302 unless given) */
  location?: string;
}

export type FixtureRoute = (req: FixtureRequest) => FixtureAnswer | Promise<FixtureAnswer>;

export interface FixtureServer {
  baseUrl: string;
  requests: FixtureRequest[];
  /** adds or replaces the route for `METHOD /path` (query excluded) */
  on(method: 'GET' | 'POST', path: string, route: FixtureRoute): void;
  /** makes every request fail by closing its connection (the site is down) until `up()` */
  down(): void;
  up(): void;
  close(): Promise<void>;
}

function cookiesOf(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return out;
}

export async function startFixture(routes: Record<string, FixtureRoute> = {}): Promise<FixtureServer> {
  const table = new Map<string, FixtureRoute>(Object.entries(routes));
  const requests: FixtureRequest[] = [];
  let isDown = false;
  const server = http.createServer(async (req, res) => {
    if (isDown) {
      req.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fixture');
    const type = req.headers['content-type'] ?? '';
    let json: unknown = null;
    if (type.includes('json') && body) {
      try {
        json = JSON.parse(body);
      } catch {
        json = null;
      }
    }
    const request: FixtureRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      cookies: cookiesOf(req.headers.cookie),
      body,
      form: new URLSearchParams(type.includes('x-www-form-urlencoded') ? body : ''),
      json,
    };
    requests.push(request);
    const route = table.get(`${request.method} ${request.path}`);
    let answer: FixtureAnswer;
    try {
      answer = route ? await route(request) : { status: 404, body: 'Not Found' };
    } catch (e) {
      answer = { status: 500, body: String(e) };
    }
    const headers: Record<string, string | string[]> = { ...answer.headers };
    headers['content-type'] = answer.contentType ?? 'text/html; charset=utf-8';
    if (answer.cookies?.length) headers['set-cookie'] = answer.cookies.map((c) => (/;\s*path=/i.test(c) ? c : `${c}; Path=/`));
    if (answer.location) headers.location = answer.location;
    res.writeHead(answer.status ?? (answer.location ? 302 : 200), headers);
    res.end(answer.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    on: (method, path, route) => table.set(`${method} ${path}`, route),
    down: () => {
      isDown = true;
    },
    up: () => {
      isDown = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
