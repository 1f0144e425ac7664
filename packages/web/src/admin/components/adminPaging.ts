import { useState } from 'react';
import { ADMIN_PAGE_SIZES } from '../problemOptions';
import type { ListSchema, ListState } from '../../components/list/listState';
import { useListState } from '../../components/list/useListState';

/** Where an admin table stands and how the pager moves it; made by `usePaging` or `useSearchFilters`. */
export interface Paging {
  page: number;
  limit: number;
  onChange(page: number, size: number): void;
}

/**
 * Paging kept in the component: for lists inside dialogs (add a problem to a training or a contest),
 * which start over each time they open and have no address of their own. A page's list is kept in the
 * address instead (`useSearchFilters`).
 */
export function usePaging() {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(ADMIN_PAGE_SIZES[0]);
  return {
    page,
    limit,
    setPage,
    onChange: (p: number, size: number) => {
      // The old page number may not exist at the new size.
      setPage(size !== limit ? 1 : p);
      setLimit(size);
    },
  };
}

/** Admin tables open on the admin page size; the address replaces its entry, so Back leaves the page. */
const ADMIN_DEFAULTS = { limit: ADMIN_PAGE_SIZES[0] };
const ADMIN_OPTIONS = { replace: true };

/**
 * Paging and filters kept in the query string through the list endpoint's query schema (`useListState`:
 * `currentPage`, `limit`, and the schema's filters), so that a reload or coming back from an edit page
 * finds the list as it was left. The second list of a page (another tab's) names a `prefix`: its keys
 * then live apart from the first list's (`reportPage`, `reportStatus`), and paging one leaves the other.
 */
export function useSearchFilters<S extends ListSchema>(querySchema: S, prefix?: string) {
  const options = prefix ? { ...ADMIN_OPTIONS, prefix } : ADMIN_OPTIONS;
  const [state, setFilter] = useListState(querySchema, ADMIN_DEFAULTS as unknown as Partial<ListState<S>>, options);
  // Every admin list query is a paging query.
  const { currentPage: page, limit } = state as ListState<S> & { currentPage: number; limit: number };
  return {
    state,
    page,
    limit,
    setFilter,
    setPage: (p: number) => setFilter({ currentPage: p } as unknown as Partial<ListState<S>>),
    // A new page size starts again at page 1 (the patch does not name the page).
    onChange: (p: number, size: number) => setFilter((size !== limit ? { limit: size } : { currentPage: p }) as unknown as Partial<ListState<S>>),
  };
}
