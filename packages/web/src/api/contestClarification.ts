import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CLARIFICATION_LIMITS, type ClientInput, contestClarificationEndpoints as ep, type answerClarificationBody } from '@oj/shared';
import { useSession } from '../app/session';
import { request } from './endpoint';

/** Contest clarifications (the contest shell's Clarifications tab): ask, list, answer. */

export const clarificationKeys = {
  /** every page of one contest's list (invalidated by the live stream and after asking or answering) */
  all: (cid: number) => ['contest', cid, 'clarifications'] as const,
  page: (cid: number, page: number) => ['contest', cid, 'clarifications', page] as const,
};

export const getClarifications = (cid: number, currentPage: number) =>
  request(ep.list, { query: { cid, currentPage, limit: CLARIFICATION_LIMITS.pageSize } }, { silent: true });

export const askClarification = (cid: number, displayId: string | null, content: string) => request(ep.ask, { body: { cid, displayId, content } });

export const answerClarification = (body: ClientInput<typeof answerClarificationBody>) => request(ep.answer, { body });

export const deleteClarification = (cid: number, id: number) => request(ep.remove, { query: { cid, id } });

/** One page of the list; `pollMs` while the live stream is down (false: the stream tells of changes). */
export function useClarifications(cid: number, page: number, pollMs: number | false) {
  const { token } = useSession();
  return useQuery({
    queryKey: clarificationKeys.page(cid, page),
    queryFn: () => getClarifications(cid, page),
    enabled: !!token,
    placeholderData: keepPreviousData,
    refetchInterval: pollMs,
    retry: false,
  });
}
