/**
 * The HTTP session of one account on one remote site: a base URL (the site's, or a test's fixture), a
 * cookie jar that can be saved with the account and given back later (a login survives a restart), the
 * site's text encoding (HDU and POJ answer in GBK), a timeout per request, and redirects left to the
 * adapter (a login or a submit is told by its 302). Network failures and 5xx answers become
 * `RemoteError('unreachable')`, so an adapter only reads pages.
 */
import { RemoteError } from './types.js';

export interface RemoteHttpOptions {
  baseUrl: string;
  /** the pages' encoding when the answer does not name one (default utf-8) */
  charset?: string;
  /** per request (default 20 s) */
  timeoutMs?: number;
  /** cookies saved by `saveCookies` */
  cookies?: string | null;
  userAgent?: string;
}

export interface RemoteResponse {
  status: number;
  /** the Location of a redirect, absolute */
  location: string | null;
  headers: Headers;
  /** the body decoded as text */
  text: string;
  bytes: Buffer;
  url: string;
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  /** an urlencoded form (the sites' forms), a JSON body, or raw text */
  form?: Record<string, string>;
  json?: unknown;
  headers?: Record<string, string>;
  /** follow redirects (GET pages); a login or submit keeps them off to see the 302 */
  follow?: boolean;
  /** 5xx answers are returned instead of thrown (a site that says "wait" with a 503) */
  allowServerError?: boolean;
}

const DEFAULT_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

export class RemoteHttp {
  readonly baseUrl: string;
  private readonly jar = new Map<string, string>();
  private readonly charset: string;
  private readonly timeoutMs: number;
  private readonly userAgent: string;

  constructor(o: RemoteHttpOptions) {
    this.baseUrl = o.baseUrl.replace(/\/+$/, '');
    this.charset = o.charset ?? 'utf-8';
    this.timeoutMs = o.timeoutMs ?? 20_000;
    this.userAgent = o.userAgent ?? DEFAULT_UA;
    if (o.cookies) {
      for (const [k, v] of Object.entries(JSON.parse(o.cookies) as Record<string, string>)) this.jar.set(k, v);
    }
  }

  /** An absolute URL of the site from a path (`/status.php?x=1`) or an absolute URL. */
  url(pathOrUrl: string): string {
    return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${this.baseUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
  }

  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  setCookie(name: string, value: string) {
    this.jar.set(name, value);
  }

  clearCookies() {
    this.jar.clear();
  }

  /** The jar as text, to be stored with the account (never shown by any API). */
  saveCookies(): string {
    return JSON.stringify(Object.fromEntries(this.jar));
  }

  async request(pathOrUrl: string, o: RequestOptions = {}): Promise<RemoteResponse> {
    let url = this.url(pathOrUrl);
    let method = o.method ?? (o.form || o.json !== undefined ? 'POST' : 'GET');
    let body: string | undefined;
    const headers: Record<string, string> = { 'user-agent': this.userAgent, ...o.headers };
    if (o.form) {
      body = new URLSearchParams(o.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else if (o.json !== undefined) {
      body = JSON.stringify(o.json);
      headers['content-type'] = 'application/json';
    }
    for (let hop = 0; ; hop++) {
      const res = await this.once(url, method, body, headers);
      const location = res.headers.get('location');
      const absolute = location ? new URL(location, url).toString() : null;
      if (o.follow !== false && absolute && res.status >= 300 && res.status < 400 && hop < 5) {
        url = absolute;
        method = 'GET';
        body = undefined;
        delete headers['content-type'];
        continue;
      }
      if (res.status >= 500 && !o.allowServerError) throw new RemoteError('unreachable', `${new URL(url).host} answered ${res.status}`);
      const bytes = Buffer.from(await res.arrayBuffer());
      return { status: res.status, location: absolute, headers: res.headers, text: this.decode(bytes, res.headers), bytes, url };
    }
  }

  get(pathOrUrl: string, o: Omit<RequestOptions, 'method'> = {}) {
    return this.request(pathOrUrl, { ...o, method: 'GET' });
  }

  post(pathOrUrl: string, o: Omit<RequestOptions, 'method'> = {}) {
    return this.request(pathOrUrl, { ...o, method: 'POST' });
  }

  private async once(url: string, method: string, body: string | undefined, headers: Record<string, string>): Promise<Response> {
    const cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        body,
        headers: cookie ? { ...headers, cookie } : headers,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (e) {
      throw new RemoteError('unreachable', `${new URL(url).host} did not answer: ${(e as Error).message}`);
    }
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      if (eq <= 0) continue;
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      // An expired or emptied cookie is the site logging the session out.
      if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return res;
  }

  private decode(bytes: Buffer, headers: Headers): string {
    const named = /charset=([\w-]+)/i.exec(headers.get('content-type') ?? '')?.[1];
    const charset = named ?? this.charset;
    try {
      return new TextDecoder(charset).decode(bytes);
    } catch {
      return new TextDecoder('utf-8').decode(bytes);
    }
  }
}
