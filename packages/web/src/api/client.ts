import { ResultStatus, TIMINGS, type ApiResponse, type UserAuthInfo } from '@oj/shared';
import { i18n, loadMessageCatalogue, localeStore, translateMsg } from '../app/i18n';
import { session } from '../app/session';
import { raise } from './clientEvents';

/** A failed call: `message` is already translated; `data` carries details some callers need (login failures). */
export class ApiError extends Error {
  constructor(
    message: string,
    /** Envelope status (400 business failure, 401, …); 0 when no response arrived. */
    readonly status: number,
    /** HTTP status; 0 for timeouts and network errors. */
    readonly httpStatus: number,
    readonly data: unknown = null,
    /** The server's msg as sent (catalogue English), for callers that read its parameters. */
    readonly rawMsg: string = '',
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** JSON body. */
  body?: unknown;
  /** Multipart body (uploads). */
  form?: FormData;
  /**
   * No toasts and no Login dialog; the session is still cleared on 401 and refreshed tokens adopted.
   * Defaults to true inside `quietly`, false elsewhere.
   */
  silent?: boolean;
  /** Login calls go without the stored token. */
  withToken?: boolean;
  timeoutMs?: number;
}

export interface ApiResult<T> {
  data: T;
  msg: string;
  headers: Headers;
}

const t = (key: string) => i18n.t(key);

/*
 * One failure, shown once, where the user is looking:
 * - a call made by a user action (a button, a form) shows its failure as one toast, from here;
 * - a query that loads what a page shows is made through `quietly`, and the page shows the failure in
 *   its own error card or empty state instead (a toast as well would say it twice).
 */
let quietDepth = 0;

/**
 * Wraps a page-loading query function: the calls it starts (synchronously, as every query function of
 * this app does) are silent unless they ask otherwise. Use it only where the page renders the error.
 */
export function quietly<T>(load: () => Promise<T>): () => Promise<T> {
  return () => {
    quietDepth += 1;
    try {
      return load();
    } finally {
      quietDepth -= 1;
    }
  };
}

function buildUrl(path: string, query?: Record<string, QueryValue>) {
  const clean = path.replace(/^\/+/, '').replace(/^api\//, '');
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return { clean, url: `/api/${clean}${qs ? `?${qs}` : ''}` };
}

/** Keeps the session alive: after 12 h the server sends a fresh token with `Refresh-Token: true`. */
function adoptRefreshedToken(headers: Headers) {
  const token = headers.get('Authorization');
  if (headers.get('Refresh-Token') === 'true' && token && session.get().token) session.setToken(token);
}

async function readEnvelope(res: Response): Promise<ApiResponse | null> {
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('json')) return null;
  try {
    return (await res.json()) as ApiResponse;
  } catch {
    return null;
  }
}

/** Role list after a 403: the user's roles may have changed since login. */
async function refreshRoles() {
  if (!session.get().token) return;
  try {
    const { data } = await call<UserAuthInfo>('get-user-auth-info', { silent: true });
    session.setRoles(data.roles, data.permissions);
  } catch {
    /* the 403 message is already shown */
  }
}

/** HTTP-level failures and their messages. */
function httpFailure(httpStatus: number, body: ApiResponse | null, silent: boolean): ApiError {
  const serverText = body?.msg ? translateMsg(body.msg) : '';
  const show = (text: string, loud = !silent) => {
    if (loud && text) raise({ type: 'failure', text });
  };
  switch (httpStatus) {
    case 401: {
      // The tab's session ends here whichever call found out (a background one too, e.g. the polling
      // that takes over when the live stream of a disabled account ends): its holder is told why, once.
      show(serverText, !silent || !!session.get().token);
      session.clear();
      raise({ type: 'signedOut', prompt: !silent });
      return new ApiError(serverText || t('msg.loginFirst'), body?.status ?? 401, 401, body?.data, body?.msg);
    }
    case 403: {
      show(serverText);
      void refreshRoles();
      raise({ type: 'refused' });
      return new ApiError(serverText || t('msg.noPermission'), body?.status ?? 403, 403, body?.data, body?.msg);
    }
    case 404: {
      const text = t('msg.queryError');
      show(text);
      return new ApiError(text, body?.status ?? 404, 404, body?.data, body?.msg);
    }
    default: {
      const text = serverText || t('msg.serverError');
      show(text);
      return new ApiError(text, body?.status ?? httpStatus, httpStatus, body?.data, body?.msg);
    }
  }
}

/** One API call with the envelope rules; resolves only for status 200. */
export async function call<T>(path: string, opts: RequestOptions = {}): Promise<ApiResult<T>> {
  const { clean, url } = buildUrl(path, opts.query);
  const silent = opts.silent ?? quietDepth > 0;
  // The UI language goes with every call: mails the call sends (a register code, a reset link) are written in it.
  const headers: Record<string, string> = { 'Url-Type': clean.startsWith('admin/') ? 'admin' : 'general', 'Accept-Language': localeStore.get().lang };
  const token = session.get().token;
  if (opts.withToken !== false && token) headers.Authorization = token;
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = window.setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? TIMINGS.httpTimeoutMs);

  let res: Response;
  let envelope: ApiResponse | null;
  try {
    res = await fetch(url, { method: opts.method ?? 'GET', headers, body, signal: controller.signal });
    envelope = await readEnvelope(res);
  } catch {
    const text = timedOut ? t('msg.timeout') : t('msg.networkError');
    if (!silent) raise({ type: 'failure', text });
    throw new ApiError(text, 0, 0);
  } finally {
    window.clearTimeout(timer);
  }

  adoptRefreshedToken(res.headers);
  // The caller may show the msg (a toast, successMsg, a refusal on the page): it is translated from the
  // catalogue. A silent call that succeeded shows none (the language saved on a page's first load).
  if (envelope?.msg && envelope.msg !== 'success' && !(silent && res.ok && envelope.status === 200)) await loadMessageCatalogue();
  if (!res.ok) throw httpFailure(res.status, envelope, silent);
  if (!envelope) {
    const text = t('msg.serverError');
    if (!silent) raise({ type: 'failure', text });
    throw new ApiError(text, ResultStatus.SYSTEM_ERROR, res.status);
  }
  if (envelope.status !== ResultStatus.SUCCESS) {
    const text = translateMsg(envelope.msg) || t('msg.serverError');
    if (!silent) raise({ type: 'failure', text });
    throw new ApiError(text, envelope.status, res.status, envelope.data, envelope.msg);
  }
  return { data: envelope.data as T, msg: envelope.msg, headers: res.headers };
}

/** Shorthands returning only `data`. */
export const api = {
  get: <T>(path: string, query?: RequestOptions['query'], opts?: RequestOptions) => call<T>(path, { ...opts, query }).then((r) => r.data),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => call<T>(path, { ...opts, method: 'POST', body }).then((r) => r.data),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => call<T>(path, { ...opts, method: 'PUT', body }).then((r) => r.data),
  del: <T>(path: string, query?: RequestOptions['query'], opts?: RequestOptions) => call<T>(path, { ...opts, method: 'DELETE', query }).then((r) => r.data),
};
