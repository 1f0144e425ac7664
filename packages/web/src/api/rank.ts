import type { Page, RankRecord, RankTypeCode } from '@oj/shared';
import { api } from './client';

export interface RankListParams {
  type: RankTypeCode;
  currentPage: number;
  limit: number;
  searchUser?: string;
}

/** Site-wide rank lists (spec 2 §7). */
export const rankApi = {
  list: (q: RankListParams) => api.get<Page<RankRecord>>('get-rank-list', { ...q }),
};

export const rankKeys = {
  list: (q: RankListParams) => ['rank-list', q] as const,
};
