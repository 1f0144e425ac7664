import type { z } from 'zod';

/**
 * A list's state in the address bar, read and written through the list endpoint's own query schema
 * (`@oj/shared`), so the page, its filters and the API call agree on names and bounds. Pure functions
 * here; the React hook over them is `useListState`.
 */
export type ListSchema = z.ZodObject;
export type ListState<S extends ListSchema> = z.output<S>;

export interface ListStateOptions {
  /** the page sizes the pager offers; any other `limit` in the address falls back to the default */
  pageSizes?: readonly number[];
  /** replace the history entry instead of pushing one (admin tables: Back leaves the page) */
  replace?: boolean;
  /**
   * The second list of a page (a second table, another tab): its keys go into the address under this
   * prefix (`applyPage`, `reportStatus`), so that neither list reads the other's page or filters. The
   * state keeps the schema's names, so the page rules stay the same.
   */
  prefix?: string;
}

/** The one page parameter (the spec's name). */
export const PAGE_KEY = 'currentPage';

/** Older names of the page parameter, still read so saved links keep working; never written. */
export const PAGE_ALIASES: readonly string[] = ['page'];

type Values = Record<string, unknown>;

const fieldsOf = (schema: ListSchema) => schema.shape as Record<string, z.ZodType>;

/** What a key holds when the address says nothing (or nothing usable): the page's default, else the schema's. */
function fallbackOf(field: z.ZodType, key: string, defaults: Values): unknown {
  if (key in defaults) return defaults[key];
  const empty = field.safeParse(undefined);
  return empty.success ? empty.data : undefined;
}

/** The name of a schema key in the address: `<prefix>Page` for a prefixed list's page, `<prefix><Key>` for its other keys. */
export function addressName(key: string, prefix?: string): string {
  if (!prefix) return key;
  return key === PAGE_KEY ? `${prefix}Page` : `${prefix}${key.charAt(0).toUpperCase()}${key.slice(1)}`;
}

/** The raw text of one key; the page also under its old names. Blank counts as absent (`?status=` is no filter). */
function rawOf(params: URLSearchParams, key: string, prefix?: string): string | string[] | undefined {
  // Saved links only ever held the unprefixed page.
  const names = key === PAGE_KEY && !prefix ? [key, ...PAGE_ALIASES] : [addressName(key, prefix)];
  for (const name of names) {
    const all = params.getAll(name).filter((v) => v.trim() !== '');
    if (all.length === 1) return all[0];
    if (all.length > 1) return all;
  }
  return undefined;
}

/**
 * The typed state of `params`: each key parsed on its own by its field of the schema, so one bad value
 * (`?currentPage=abc`, `?status=99`) falls back to its default and leaves the others alone. Never throws.
 */
export function parseListState<S extends ListSchema>(
  schema: S,
  params: URLSearchParams,
  defaults: Partial<ListState<S>> = {},
  options: ListStateOptions = {},
): ListState<S> {
  const out: Values = {};
  for (const [key, field] of Object.entries(fieldsOf(schema))) {
    const fallback = fallbackOf(field, key, defaults as Values);
    const raw = rawOf(params, key, options.prefix);
    const parsed = raw === undefined ? undefined : field.safeParse(raw);
    let value = parsed?.success ? parsed.data : fallback;
    if (key === 'limit' && options.pageSizes && !options.pageSizes.includes(value as number)) value = fallback;
    out[key] = value;
  }
  return out as ListState<S>;
}

const textOf = (v: unknown) => (Array.isArray(v) ? v.join(',') : String(v));

/** True when `value` says nothing the address needs: absent, blank, the default, or an unset flag. */
function isDefault(value: unknown, fallback: unknown) {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value) && value.length === 0) return true;
  if (value === false && fallback === undefined) return true;
  return fallback !== undefined && fallback !== null && textOf(value) === textOf(fallback);
}

/**
 * `state` written onto a copy of `base`: only the values that differ from their default, arrays as comma
 * lists, the page as `currentPage` (its old names dropped), each key under the list's prefix if it has
 * one. Keys the schema does not know (another widget's, another list's, the language) are kept.
 */
export function serializeListState<S extends ListSchema>(
  schema: S,
  state: Partial<ListState<S>>,
  defaults: Partial<ListState<S>> = {},
  base: URLSearchParams = new URLSearchParams(),
  options: ListStateOptions = {},
): URLSearchParams {
  const out = new URLSearchParams(base);
  const values = state as Values;
  for (const [key, field] of Object.entries(fieldsOf(schema))) {
    const name = addressName(key, options.prefix);
    out.delete(name);
    if (key === PAGE_KEY && !options.prefix) for (const alias of PAGE_ALIASES) out.delete(alias);
    const value = values[key];
    if (!isDefault(value, fallbackOf(field, key, defaults as Values))) out.set(name, textOf(value));
  }
  return out;
}

/**
 * The state after `patch`. A patch that does not name the page is a filter change (or a new page size)
 * and starts again at page 1: the old page may not exist in the new result. A key set to `undefined`
 * goes back to its default.
 */
export function patchListState<S extends ListSchema>(state: ListState<S>, patch: Partial<ListState<S>>): Partial<ListState<S>> {
  const values = state as Values;
  const next: Values = { ...values, ...patch };
  if (PAGE_KEY in values && !(PAGE_KEY in patch)) next[PAGE_KEY] = undefined;
  return next as Partial<ListState<S>>;
}
