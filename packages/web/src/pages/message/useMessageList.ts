import { useCallback, useEffect, useRef } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryFunction } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { userMessageQuery, type Page, type UnreadCounts } from '@oj/shared';
import { messageApi, messageKeys, type MessageTab } from '../../api/message';
import { queryKeys, useUnread } from '../../api/queries';
import { useSession } from '../../app/session';
import { feedback } from '../../app/feedback';
import { useListState } from '../../components/list/useListState';

/** Only the page is in the address bar (every message list pages alike); the size is the tab's. */
const addressQuery = userMessageQuery.pick({ currentPage: true });

const COUNTER: Record<MessageTab, keyof UnreadCounts> = { discuss: 'comment', reply: 'reply', like: 'like', sys: 'sys', mine: 'mine' };

/**
 * One page of a message tab, its page number in `?currentPage=` (an old `?page=` still read), and
 * delete / clean. The server marks a page read when it lists it, so each load refreshes the unread
 * counters: the top-bar badge and the tab counts drop at once instead of at the next 120 s poll. A
 * message arriving while the tab is open (its counter goes up at a poll) reloads the page.
 */
export function useMessageList<T>(tab: MessageTab, fetchPage: (page: number) => Promise<Page<T>>) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const uid = useSession().user?.uid ?? '';
  const [{ currentPage: page }, setPaging] = useListState(addressQuery);
  const setPage = (currentPage: number) => setPaging({ currentPage });

  const queryFn: QueryFunction<Page<T>> = () => fetchPage(page);
  const list = useQuery({ queryKey: messageKeys.list(uid, tab, page), queryFn, enabled: !!uid, placeholderData: keepPreviousData });
  const refreshUnread = useCallback(() => client.invalidateQueries({ queryKey: queryKeys.unread(uid) }), [client, uid]);

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

  const afterDelete = () => {
    void client.invalidateQueries({ queryKey: messageKeys.all(uid) });
    void refreshUnread();
  };
  const removeOne = useMutation({
    mutationFn: (id: number) => messageApi.clean(tab, id),
    onSuccess: () => {
      feedback.success(t('message.deleted'));
      // The last message of a page: go back one page rather than show an empty one.
      if (list.data?.records.length === 1 && page > 1) setPage(page - 1);
      afterDelete();
    },
  });
  const cleanAll = useMutation({
    mutationFn: () => messageApi.clean(tab),
    onSuccess: () => {
      feedback.success(t('message.cleaned'));
      setPage(1);
      afterDelete();
    },
  });
  return { list, page, setPage, removeOne, cleanAll };
}
