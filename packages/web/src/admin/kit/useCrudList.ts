import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Page } from '@oj/shared';
import { feedback } from '../../app/feedback';
import { successMsg } from '../../app/i18n';
import { usePageWithRows } from '../../components/list/usePageWithRows';
import type { Paging } from '../components/adminPaging';

/** What a list's calls answer: the server's msg, when it says one, makes the success toast. */
type Answer = { msg?: string } | null | undefined | unknown;
const msgOf = (a: Answer) => (a && typeof a === 'object' && 'msg' in a && typeof a.msg === 'string' ? a.msg : undefined);

/** Where the list stands and how to move it: `useSearchFilters` (the address) or `usePaging` (the component). */
export type CrudPaging = Paging & { setPage(page: number): void };

export interface CrudListOptions<T, Q, Id> {
  /** the list's query-key prefix; the query is appended, and a change reloads everything under it */
  key: QueryKey;
  /** the list endpoint's query (paging and filters) */
  query: Q;
  list(query: Q): Promise<Page<T>>;
  paging: CrudPaging;
  /** deletes one or several rows */
  remove?(ids: Id): Promise<Answer>;
  /** false while the query cannot be asked yet (an id from the address not valid) */
  enabled?: boolean;
  /** further keys a change reloads (the pages outside the admin area that show the same rows) */
  alsoRefresh?: QueryKey[];
  /** after a delete went through, before the reload (e.g. drop the ids from a selection) */
  onRemoved?(ids: Id): void;
  /** the success toast when the server says nothing more: "Deleted" unless a row leaves the list otherwise (refused, removed from a training) */
  removedKey?: string | ((ids: Id) => string);
}

/**
 * An admin list: one page of the list endpoint (the last page stays on show while the next loads),
 * `refresh`, and `remove` with the success toast (`useCrudRemove`). The last-row rule is the list's, not
 * the delete's: a later page that comes back empty moves to the last page with rows (`usePageWithRows`),
 * whichever action took its rows (a delete, a decision, a switch that filters them out). Failures are
 * toasted by the HTTP client's events, not here.
 */
export function useCrudList<T, Q, Id = number>({
  key,
  query,
  list,
  paging,
  remove,
  enabled,
  alsoRefresh = [],
  onRemoved,
  removedKey,
}: CrudListOptions<T, Q, Id>) {
  const client = useQueryClient();
  const page = useQuery({ queryKey: [...key, query], queryFn: () => list(query), enabled, placeholderData: keepPreviousData });
  usePageWithRows(page, paging.page, paging.limit, paging.setPage);
  const refresh = () => Promise.all([key, ...alsoRefresh].map((k) => client.invalidateQueries({ queryKey: k }))).then(() => undefined);
  const removing = useCrudRemove({ refresh, onRemoved, removedKey }, (ids: Id) =>
    remove ? remove(ids) : Promise.reject(new Error('This list deletes nothing')),
  );
  return { list: page, refresh, remove: removing };
}

/**
 * Deleting rows of a list on show: the success toast (the server's msg, else "Deleted" or `removedKey`),
 * then the reload; a page left empty is the list's to leave (`useCrudList`).
 */
export function useCrudRemove<Id>(
  crud: {
    refresh(): unknown;
    onRemoved?(ids: Id): void;
    removedKey?: string | ((ids: Id) => string);
  },
  remove: (ids: Id) => Promise<Answer>,
) {
  return useMutation({
    mutationFn: remove,
    onSuccess: (answer, ids) => {
      const { removedKey = 'admin.deleted' } = crud;
      feedback.success(successMsg(msgOf(answer), typeof removedKey === 'string' ? removedKey : removedKey(ids)));
      crud.onRemoved?.(ids);
      void crud.refresh();
    },
  });
}

/**
 * A change to a row or a form's save: the success toast (the server's msg, else `doneKey`), then the
 * list reloads and `onDone` runs.
 */
export function useCrudAction<V>(crud: { refresh(): unknown }, run: (v: V) => Promise<Answer>, doneKey: string | ((v: V) => string), onDone?: (v: V) => void) {
  return useMutation({
    mutationFn: run,
    onSuccess: (answer, v) => {
      feedback.success(successMsg(msgOf(answer), typeof doneKey === 'string' ? doneKey : doneKey(v)));
      onDone?.(v);
      void crud.refresh();
    },
  });
}
