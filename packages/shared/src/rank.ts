/** User rank lists (rank records, get-rank-list). */
import { z } from 'zod';
import { LIMITS } from './constants.js';
import { pagingQuery } from './paging.js';
import { endpoint } from './endpoint.js';
import type { Page } from './envelope.js';

/** `type` of get-rank-list: HOJ sends 0 / 1; the names are accepted too. */
export const RankType = { ACM: 0, OI: 1 } as const;
export type RankTypeCode = (typeof RankType)[keyof typeof RankType];

/** Page size 30, top 10 charted. */
export const RANK_PAGE_SIZE = 30;
export const RANK_CHART_TOP = 10;

export const rankListQuery = pagingQuery(RANK_PAGE_SIZE).extend({
  type: z.preprocess(
    (v) => (typeof v === 'string' && /^(acm|oi)$/i.test(v.trim()) ? RankType[v.trim().toUpperCase() as 'ACM' | 'OI'] : v),
    z.coerce
      .number({ error: 'type: must be ACM (0) or OI (1)' })
      .int()
      .refine((n) => n === 0 || n === 1, 'type: must be ACM (0) or OI (1)'),
  ),
  /** part of a username or nickname */
  searchUser: z.string().trim().max(LIMITS.shortText).optional(),
});

/** One user of a rank list. `rank` is the position in the whole list (1-based), also when searching. */
export interface RankRecord {
  rank: number;
  uid: string;
  username: string;
  nickname: string | null;
  avatar: string | null;
  titleName: string | null;
  titleColor: string | null;
  signature: string | null;
  /** distinct problems accepted outside contests and groups */
  ac: number;
  /** submissions outside contests and groups */
  total: number;
  /** sum over problems of the best OI rank score */
  score: number;
}

export const rankEndpoints = {
  list: endpoint<Page<RankRecord>>()({ method: 'GET', path: 'get-rank-list', query: rankListQuery }),
} as const;
