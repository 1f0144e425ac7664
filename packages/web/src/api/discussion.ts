import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { commentEndpoints as commentEp, discussionEndpoints as ep, type CommentSource, type DiscussionCategory, type DiscussionListPage } from '@oj/shared';
import { useSession } from '../app/session';
import { quietly } from './client';
import { request, type EndpointInput } from './endpoint';

/**
 * Discussions and comments: thin wrappers over the shared endpoint tables,
 * plus the query keys. Mutations are not quiet: the client shows the server's refusal as its toast.
 */

export type DiscussionListQuery = EndpointInput<typeof ep.list>['query'] & { currentPage: number };
export type DiscussionBody = EndpointInput<typeof ep.add>['body'];

export const discussionApi = {
  categories: () => request(ep.categories, {}),
  saveCategories: (body: { id?: number; name: string }[]) => request(ep.saveCategories, { body }),
  list: (query: DiscussionListQuery) => request(ep.list, { query }),
  detail: (did: number) => request(ep.detail, { query: { did } }),
  add: (body: DiscussionBody) => request(ep.add, { body }),
  update: (body: DiscussionBody & { id: number }) => request(ep.update, { body }),
  remove: (did: number) => request(ep.remove, { query: { did } }),
  like: (did: number, toLike: boolean) => request(ep.like, { query: { did, toLike } }),
  report: (body: EndpointInput<typeof ep.report>['body']) => request(ep.report, { body }),
};

/** Where a comment call goes: `{did}` or `{cid}` exactly as the source says. */
const sourceOf = (s: CommentSource) => (s.did !== undefined ? { did: s.did } : { cid: s.cid });

export const commentApi = {
  list: (source: CommentSource, currentPage: number, limit: number) => request(commentEp.list, { query: { ...sourceOf(source), currentPage, limit } }),
  add: (source: CommentSource, content: string) => request(commentEp.add, { body: { ...sourceOf(source), content } }),
  remove: (id: number) => request(commentEp.remove, { query: { id } }),
  like: (source: CommentSource, commentId: number, toLike: boolean) =>
    request(commentEp.like, {
      query: {
        cid: commentId,
        toLike,
        sourceId: source.did ?? source.cid!,
        sourceType: source.did !== undefined ? 'Discussion' : 'Contest',
      },
    }),
  replies: (source: CommentSource, commentId: number) => request(commentEp.replies, { query: { ...sourceOf(source), commentId } }),
  addReply: (
    source: CommentSource,
    reply: { commentId: number; content: string; toUid?: string },
    quote?: { quoteType: 'Comment' | 'Reply'; quoteId: number },
  ) => request(commentEp.addReply, { body: { ...sourceOf(source), reply, ...quote } }),
  removeReply: (id: number) => request(commentEp.removeReply, { query: { id } }),
};

export const discussionKeys = {
  categories: ['discussion-categories'] as const,
  lists: ['discussion-list'] as const,
  /** `gid`: a group's list (null: the site's) */
  list: (q: DiscussionListQuery, uid: string, gid: number | null = null) => ['discussion-list', q, uid, gid] as const,
  detail: (did: number, uid: string) => ['discussion', did, uid] as const,
  comments: (source: CommentSource) => ['comments', source.did !== undefined ? `d${source.did}` : `c${source.cid}`] as const,
};

export function useDiscussionCategories() {
  return useQuery<DiscussionCategory[]>({ queryKey: discussionKeys.categories, queryFn: quietly(discussionApi.categories), staleTime: 60_000 });
}

/** The site's list, or a place's (a group's: its own call and key). */
export function useDiscussionList(
  q: DiscussionListQuery,
  place: { gid: number | null; list: (q: DiscussionListQuery) => Promise<DiscussionListPage> } = { gid: null, list: discussionApi.list },
) {
  const { user } = useSession();
  return useQuery({
    queryKey: discussionKeys.list(q, user?.uid ?? '', place.gid),
    queryFn: quietly(() => place.list(q)),
    placeholderData: keepPreviousData,
  });
}

/** The detail counts one view per load: loaded once per visit, not again on focus. */
export function useDiscussionDetail(did: number) {
  const { user } = useSession();
  return useQuery({
    queryKey: discussionKeys.detail(did, user?.uid ?? ''),
    queryFn: quietly(() => discussionApi.detail(did)),
    enabled: Number.isInteger(did) && did > 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
}
