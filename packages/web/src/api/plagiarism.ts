import { plagiarismEndpoints as ep, type PlagiarismMode } from '@oj/shared';
import { request, requestResult } from './endpoint';

/** A check's scope: a contest or a problem. */
export type PlagiarismScope = { cid: number; pid?: undefined } | { pid: number; cid?: undefined };

/** The plagiarism check calls (contest and problem staff). */
export const plagiarismApi = {
  start: (scope: PlagiarismScope, body: { mode: PlagiarismMode; languages: string[] }) => requestResult(ep.start, { body: { ...scope, ...body } }),
  checks: (scope: PlagiarismScope) => request(ep.checks, { query: scope }),
  check: (id: number) => request(ep.check, { query: { id } }),
  pairs: (q: { checkId: number; pid?: number; language?: string; currentPage: number; limit: number }) => request(ep.pairs, { query: q }),
  pair: (id: number) => request(ep.pair, { query: { id } }),
  reviewed: (id: number, reviewed: boolean) => request(ep.reviewed, { body: { id, reviewed } }),
};

export const plagiarismKeys = {
  checks: (scope: PlagiarismScope) => ['plagiarism', 'checks', scope.cid ?? null, scope.pid ?? null] as const,
  pairs: (q: object) => ['plagiarism', 'pairs', q] as const,
  pair: (id: number) => ['plagiarism', 'pair', id] as const,
};
