/**
 * The remote judges by their key: the one place that names every site's module. The daemon picks an
 * adapter by a task's `oj` and knows nothing else of the site.
 */
import type { RemoteOj } from '@oj/shared';
import { createAtcoderAdapter } from './atcoder.js';
import { createCodeforcesAdapter, realTiming } from './codeforces.js';
import { createGymAdapter } from './gym.js';
import { createHduAdapter } from './hdu.js';
import { createLibreojAdapter } from './libreoj.js';
import { pojAdapter } from './poj.js';
import { spojAdapter } from './spoj.js';
import type { AdapterOptions, RemoteJudgeAdapter } from './types.js';

/**
 * Every adapter, waiting through `o.sleep` whenever a site asks it to (a rate limit, a run not listed
 * yet): a daemon under test gives one sleep to all of them. POJ and SPOJ never wait.
 */
export function createRemoteAdapters(o: AdapterOptions = {}): Record<RemoteOj, RemoteJudgeAdapter> {
  const cfTiming = o.sleep ? { ...realTiming, sleep: o.sleep } : realTiming;
  return {
    HDU: createHduAdapter(o),
    CF: createCodeforcesAdapter(cfTiming),
    GYM: createGymAdapter(cfTiming),
    POJ: pojAdapter,
    AC: createAtcoderAdapter(o),
    SPOJ: spojAdapter,
    LIBRE: createLibreojAdapter(o),
  };
}

export const REMOTE_ADAPTERS: Record<RemoteOj, RemoteJudgeAdapter> = createRemoteAdapters();
