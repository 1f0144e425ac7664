import { rankEndpoints as ep, type RankTypeCode } from '@oj/shared';
import { request, type EndpointInput } from './endpoint';

/** Query of get-rank-list (`rankEndpoints.list`), with the page and the list type always given. */
export type RankListParams = EndpointInput<typeof ep.list>['query'] & { type: RankTypeCode; currentPage: number; limit: number };

/** Site-wide rank lists. */
export const rankApi = {
  list: (q: RankListParams) => request(ep.list, { query: q }),
};

export const rankKeys = {
  list: (q: RankListParams) => ['rank-list', q] as const,
};
