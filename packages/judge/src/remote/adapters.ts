/**
 * The remote judges by their key: the one place that names every site's module. The daemon picks an
 * adapter by a task's `oj` and knows nothing else of the site.
 */
import type { RemoteOj } from '@oj/shared';
import { atcoderAdapter } from './atcoder.js';
import { codeforcesAdapter } from './codeforces.js';
import { gymAdapter } from './gym.js';
import { hduAdapter } from './hdu.js';
import { libreojAdapter } from './libreoj.js';
import { pojAdapter } from './poj.js';
import { spojAdapter } from './spoj.js';
import type { RemoteJudgeAdapter } from './types.js';

export const REMOTE_ADAPTERS: Record<RemoteOj, RemoteJudgeAdapter> = {
  HDU: hduAdapter,
  CF: codeforcesAdapter,
  GYM: gymAdapter,
  POJ: pojAdapter,
  AC: atcoderAdapter,
  SPOJ: spojAdapter,
  LIBRE: libreojAdapter,
};
