import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { userMessageQuery, type Page, type UnreadCounts } from '@oj/shared';
import { messageApi, messageKeys, type MessageTab } from '../../api/message';
import { queryKeys, useUnread } from '../../api/queries';
import { useSession } from '../../app/session';
import { useCrudAction, useCrudList } from '../../admin/kit/useCrudList';
import { useListState } from '../../components/list/useListState';

/** Only the page is in the address bar (every message list pages alike); the size is the tab's. */
const addressQuery = userMessageQuery.pick({ currentPage: true });
/** A page left empty gives way in place: Back to it would only move again. */
const IN_PLACE = { replace: true };

const COUNTER: Record<MessageTab, keyof UnreadCounts> = { discuss: 'comment', reply: 'reply', like: 'like', sys: 'sys', mine: 'mine' };

/**
 * One page of a message tab (the kit's list: delete with its toast, and a page left empty moves to the
 * last page with messages), its page number in `?currentPage=` (an old `?page=` still read), and clean.
 * The server marks a page read when it lists it, so each load refreshes the unread counters: the
 * top-bar badge and the tab counts drop at once instead of at the next 120 s poll. A message arriving
 * while the tab is open (its counter goes up at a poll) reloads the page.
 */
export function useMessageList<T>(tab: MessageTab, size: number, fetchPage: (page: number, size: number) => Promise<Page<T>>) {
  const client = useQueryClient();
  const uid = useSession().user?.uid ?? '';
  const [{ currentPage: page }, setPaging] = useListState(addressQuery);
  const [, movePaging] = useListState(addressQuery, undefined, IN_PLACE);
  const setPage = (currentPage: number) => setPaging({ currentPage });
  const refreshUnread = useCallback(() => client.invalidateQueries({ queryKey: queryKeys.unread(uid) }), [client, uid]);

  const crud = useCrudList({
    key: messageKeys.tab(uid, tab),
    query: page,
    list: (p) => fetchPage(p, size),
    paging: { page, limit: size, onChange: setPage, setPage: (currentPage) => movePaging({ currentPage }) },
    enabled: !!uid,
    remove: (id: number) => messageApi.clean(tab, id),
    removedKey: 'message.deleted',
    // the other tabs, and the unread counts a deleted unread message leaves
    alsoRefresh: [messageKeys.all(uid), queryKeys.unread(uid)],
  });
  const { list } = crud;

  // Each page that arrives from the server has been marked read there.
  useEffect(() => {
    if (list.dataUpdatedAt) void refreshUnread();
  }, [list.dataUpdatedAt, refreshUnread]);

  const unread = useUnread().data?.[COUNTER[tab]] ?? 0;
  const seen = useRef(unread);
  const { refetch, isFetching } = list;
  useEffect(() => {
    if (unread > seen.current && !isFetching) void refetch();
    seen.current = unread;
  }, [unread, refetch, isFetching]);

  const clean = () => messageApi.clean(tab);
  // Every page of the tab is gone: back to its first.
  const cleanAll = useCrudAction<void>(crud, clean, 'message.cleaned', () => setPage(1));
  return { list, page, setPage, removeOne: crud.remove, cleanAll };
}
