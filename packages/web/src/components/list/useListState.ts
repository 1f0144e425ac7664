import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { currentSearch } from '../../app/currentSearch';
import { type ListSchema, type ListState, type ListStateOptions, parseListState, patchListState, serializeListState } from './listState';

export type SetListState<S extends ListSchema> = (patch: Partial<ListState<S>>) => void;

/**
 * A list page's state kept in the address bar (so a filtered page can be shared, reloaded and gone back
 * to), read through `querySchema`, the list endpoint's own query schema: missing or bad values fall back
 * to `defaults` or the schema's defaults. The setter merges a patch, goes back to page 1 unless the patch
 * names `currentPage`, and writes only the values that differ from their defaults.
 */
export function useListState<S extends ListSchema>(
  querySchema: S,
  defaults?: Partial<ListState<S>>,
  options?: ListStateOptions,
): [ListState<S>, SetListState<S>] {
  const [params, setParams] = useSearchParams();
  // Pages pass literal objects: the latest ones are read, without making each render a new state.
  const config = useRef({ defaults, options });
  config.current = { defaults, options };
  const search = params.toString();
  const state = useMemo(() => parseListState(querySchema, new URLSearchParams(search), config.current.defaults, config.current.options), [querySchema, search]);
  const set = useCallback<SetListState<S>>(
    (patch) => {
      const { defaults: d, options: o } = config.current;
      setParams(
        () => {
          // From the address as it is now, not as last rendered: two quick changes both land.
          const now = currentSearch();
          const next = patchListState(parseListState(querySchema, now, d, o), patch);
          return serializeListState(querySchema, next, d, now, o);
        },
        { replace: o?.replace ?? false },
      );
    },
    [querySchema, setParams],
  );
  return [state, set];
}
