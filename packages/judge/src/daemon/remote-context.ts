/**
 * What the remote lane's workers share: the loop's context, the adapters of the sites this daemon
 * serves, where each site is, and how to wait between looks at a run. A session on a site is opened
 * per task or job (adapters keep no state; an account's login lives in the cookies saved with it).
 */
import type { RemoteOj } from '@oj/shared';
import { RemoteHttp } from '../remote/http.js';
import { RemoteError, type RemoteJudgeAdapter, type Sleep } from '../remote/types.js';
import type { LoopContext } from './poll-loop.js';

export interface RemoteContext extends LoopContext {
  /** the adapters of the sites this daemon serves, by key */
  adapters: Partial<Record<RemoteOj, RemoteJudgeAdapter>>;
  /** a site's address instead of the adapter's own */
  baseUrls: Partial<Record<RemoteOj, string>>;
  sleep: Sleep;
  pollIntervalMs: number;
  maxPollMs: number;
}

/** The adapter of `oj`, or a RemoteError when this daemon does not serve the site (the server asked the wrong judge). */
export function servedAdapter(ctx: RemoteContext, oj: RemoteOj): RemoteJudgeAdapter {
  const adapter = ctx.adapters[oj];
  if (!adapter) throw new RemoteError('unexpected', `judge "${ctx.name}" does not serve ${oj}`);
  return adapter;
}

/**
 * A session on the adapter's site, with an account's saved cookies. No charset is set: the sites that
 * write GBK (HDU, POJ) have their adapters decode the bytes themselves. Cookies that cannot be read
 * (saved by another version) are dropped: the adapter logs the account in again.
 */
export function openSession(ctx: RemoteContext, adapter: RemoteJudgeAdapter, cookies: string | null = null): RemoteHttp {
  const baseUrl = ctx.baseUrls[adapter.oj] ?? adapter.defaultBaseUrl;
  try {
    return new RemoteHttp({ baseUrl, cookies });
  } catch {
    ctx.log.warn(`the saved ${adapter.oj} session of an account could not be read; starting a new one`);
    return new RemoteHttp({ baseUrl });
  }
}
