/**
 * One declaration per API call: method, path (after `/api/`), the zod schemas of its query and body,
 * and the type of `data` in its answer. The server registers the route from it (`serve`,
 * packages/server/src/lib/endpoint.ts) and the web calls it through it (`request`,
 * packages/web/src/api/endpoint.ts), so neither side writes a request shape by hand.
 */
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** `json`: bare JSON (no envelope, e.g. the CLICS contest API); `ndjson`: a stream of JSON lines */
export type RawTransfer = 'multipart' | 'octet-stream' | 'download' | 'event-stream' | 'json' | 'ndjson';

type Schema = z.ZodType | undefined;

export interface Endpoint<R = unknown, Q extends Schema = Schema, B extends Schema = Schema> {
  method: HttpMethod;
  /** path after `/api/`, e.g. `get-training-list` or `admin/training/category` */
  path: string;
  query?: Q;
  body?: B;
  /** not a JSON call: the body is a multipart upload (field `file`) or bytes, or the answer is a file's bytes */
  raw?: RawTransfer;
  /** never set: carries the type of the answer's `data` */
  readonly response?: R;
}

/**
 * `endpoint<Data>()({ method, path, query?, body? })`: the two steps let the answer's type be named
 * while the schemas' types are inferred.
 */
export const endpoint =
  <R>() =>
  <Q extends Schema = undefined, B extends Schema = undefined>(def: {
    method: HttpMethod;
    path: string;
    query?: Q;
    body?: B;
    raw?: RawTransfer;
  }): Endpoint<R, Q, B> =>
    def;

/** A declared path with its `:name` segments filled in (encoded), as it follows `/api/` in a request. */
export function endpointPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`path ${path} needs a value for :${name}`);
    return encodeURIComponent(value);
  });
}

/**
 * What a client passes for a schema: the parsed shape (numbers as numbers, even where the server
 * coerces query text), with the keys the schema lets be left out (optional or defaulted) optional.
 */
export type ClientInput<S extends Schema> = S extends z.ZodType
  ? { [K in keyof z.input<S>]: K extends keyof z.output<S> ? z.output<S>[K] : z.input<S>[K] }
  : undefined;

/** What the server's handler gets: the parsed query and body. */
export type ParsedInput<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

export type ResponseOf<E> = E extends Endpoint<infer R, Schema, Schema> ? R : never;
export type QueryOf<E> = E extends Endpoint<unknown, infer Q, Schema> ? Q : never;
export type BodyOf<E> = E extends Endpoint<unknown, Schema, infer B> ? B : never;
