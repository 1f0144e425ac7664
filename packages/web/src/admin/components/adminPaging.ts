import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ADMIN_PAGE_SIZES } from '../problemOptions';
import { currentSearch } from '../../app/currentSearch';

/** Where an admin table stands and how the pager moves it; made by `usePaging` or `useSearchFilters`. */
export interface Paging {
  page: number;
  limit: number;
  onChange(page: number, size: number): void;
}

/** Paging kept in the component: for lists inside a contest's pages and dialogs, which start over on each visit. */
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

const positiveInt = (v: string | null, fallback: number) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

type FilterPatch = Record<string, string | number | undefined>;

/**
 * Paging and filters kept in the query string (`page`, `limit`, and whatever the page adds), so that
 * coming back from an edit page finds the list as it was left.
 */
export function useSearchFilters() {
  const [params, setParams] = useSearchParams();
  const page = positiveInt(params.get('page'), 1);
  const limit = positiveInt(params.get('limit'), ADMIN_PAGE_SIZES[0]);
  const setFilter = (patch: FilterPatch) =>
    setParams(
      () => {
        const next = currentSearch();
        for (const [k, v] of Object.entries(patch)) {
          if (v === undefined || v === '') next.delete(k);
          else next.set(k, String(v));
        }
        // Any filter change starts again at page 1.
        if (!('page' in patch)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return {
    params,
    page,
    limit,
    setFilter,
    onChange: (p: number, size: number) => setFilter(size !== limit ? { limit: size, page: undefined } : { page: p }),
  };
}
