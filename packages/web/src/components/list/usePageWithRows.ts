import { useEffect, useRef } from 'react';
import type { Page } from '@oj/shared';
import { pageWithRows } from './pageWithRows';

/** The list query as the hook reads it (a TanStack query of one page). */
interface PageQuery {
  data?: Page<unknown>;
  isPlaceholderData: boolean;
  isFetching: boolean;
}

/**
 * Moves a list whose page came back empty to the last page with rows (`pageWithRows`). `move` should
 * replace the history entry: Back to the empty page would only move again. Only the page's own,
 * settled answer counts: the previous page's rows kept on show while the next loads, or a cached page
 * being fetched again, say nothing about it.
 */
export function usePageWithRows(list: PageQuery, page: number, limit: number, move: (page: number) => void) {
  // Pages pass a new function each render; the latest is called.
  const moveRef = useRef(move);
  moveRef.current = move;
  const settled = list.data !== undefined && !list.isPlaceholderData && !list.isFetching;
  const target = settled && list.data ? pageWithRows(page, list.data.records.length, list.data.total, limit) : page;
  useEffect(() => {
    if (target !== page) moveRef.current(target);
  }, [target, page]);
}
