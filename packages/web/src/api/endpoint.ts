import type { z } from 'zod';
import type { BodyOf, ClientInput, Endpoint, QueryOf, ResponseOf } from '@oj/shared';
import { call, type ApiResult, type RequestOptions } from './client';

type QueryValue = string | number | boolean | null | undefined;

/** The input of one endpoint: `query` and/or `body` exactly when it declares them. */
export type EndpointInput<E extends Endpoint> = (QueryOf<E> extends z.ZodType ? { query: ClientInput<QueryOf<E>> } : { query?: undefined }) &
  (BodyOf<E> extends z.ZodType ? { body: ClientInput<BodyOf<E>> } : { body?: undefined });

/**
 * Calls a shared endpoint declaration (@oj/shared `endpoint`): its method and path, the input its
 * schemas describe (`{}` for none), and `data` typed as it declares. The envelope rules of `call` apply.
 */
export async function request<E extends Endpoint>(
  ep: E,
  input: EndpointInput<E>,
  opts?: Omit<RequestOptions, 'method' | 'query' | 'body'>,
): Promise<ResponseOf<E>> {
  return (await requestResult(ep, input, opts)).data;
}

/** Like `request`, with the server's message (pages that toast the catalogue's text of a save). */
export function requestResult<E extends Endpoint>(
  ep: E,
  input: EndpointInput<E>,
  opts?: Omit<RequestOptions, 'method' | 'query' | 'body'>,
): Promise<ApiResult<ResponseOf<E>>> {
  return call<ResponseOf<E>>(ep.path, {
    ...opts,
    method: ep.method,
    query: input.query as Record<string, QueryValue> | undefined,
    body: input.body,
  });
}
