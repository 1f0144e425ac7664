/**
 * A typed client over the endpoint tables for API tests: a call is named as its OpenAPI operation
 * (`<table without "Endpoints">.<key>`, e.g. `problem.list`, `adminContest.create`, `judge.poll`), its
 * method and path come from the declaration, its query and body are typed by the declaration's schemas
 * and the answer's `data` by its response type. A renamed call or a changed field fails the typecheck
 * of the tests that use it instead of a run later.
 *
 * It does not parse its input: the server's schemas judge it, as for any client. Tests of bad input (a
 * wrong type, a missing field, an unknown path) send literal bodies through `call`/`get`/`post` of
 * helpers.ts, which stay the raw way in.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { z } from 'zod';
import { endpointPath, JUDGE_TOKEN_HEADER, type BodyOf, type Endpoint, type QueryOf, type ResponseOf } from '@oj/shared';
import { ENDPOINT_TABLES, type EndpointTables } from '@oj/shared/openapi';
import { unpack, type Call } from './helpers.js';

type Area<T> = T extends `${infer A}Endpoints` ? A : never;

/** Every call's name: `problem.list`, `adminTraining.addCategory`, … */
export type EndpointName = { [T in keyof EndpointTables]: `${Area<T>}.${keyof EndpointTables[T] & string}` }[keyof EndpointTables];

/** The declaration a name stands for. */
export type EndpointNamed<N extends EndpointName> = N extends `${infer A}.${infer K}`
  ? `${A}Endpoints` extends keyof EndpointTables
    ? K extends keyof EndpointTables[`${A}Endpoints`]
      ? EndpointTables[`${A}Endpoints`][K]
      : never
    : never
  : never;

/** The judge protocol's calls (authenticated by the judge token, not a login). */
export type JudgeEndpointName = Extract<EndpointName, `judge.${string}`>;

export interface TypedOptions {
  /** Values of `:name` segments of the path. */
  params?: Record<string, string>;
  /** Client IP as a proxy on loopback would report it. */
  ip?: string;
  headers?: Record<string, string>;
}

/** A call's result as helpers.ts unpacks it, with `data` typed as the declaration answers (on success). */
export type TypedCall<N extends EndpointName> = Omit<Call, 'data'> & { data: ResponseOf<EndpointNamed<N>> };

/**
 * What a client sends for a schema, as the web's `ClientInput` but at every depth: the keys it accepts
 * (a defaulted or optional key may be left out, in nested objects too) with the parsed value where that
 * is a plain value (a coerced query number is a number, not any text), the accepted one where the
 * schema builds a structure from it (a comma list of ids is sent as text).
 */
type Sent<I, O> = unknown extends I
  ? O
  : I extends readonly (infer IE)[]
    ? O extends readonly (infer OE)[]
      ? Sent<IE, OE>[]
      : I
    : I extends object
      ? O extends object
        ? { [K in keyof I]: K extends keyof O ? Sent<I[K], O[K]> : I[K] }
        : I
      : O extends object
        ? I
        : O;

type SentFor<S> = S extends z.ZodType ? Sent<z.input<S>, z.output<S>> : undefined;

/** A key is optional when all of its value may be left out (a query of optional filters). */
type Part<K extends string, V> = undefined extends V ? { [P in K]?: undefined } : Partial<V> extends V ? { [P in K]?: V } : { [P in K]: V };

export type TypedInput<N extends EndpointName> = Part<'query', SentFor<QueryOf<EndpointNamed<N>>>> & Part<'body', SentFor<BodyOf<EndpointNamed<N>>>>;

/** The input argument: optional when nothing in it is required. */
type InputArgs<N extends EndpointName> =
  Partial<TypedInput<N>> extends TypedInput<N> ? [input?: TypedInput<N>, opts?: TypedOptions] : [input: TypedInput<N>, opts?: TypedOptions];

export interface Client<N extends EndpointName = EndpointName> {
  call<M extends N>(name: M, ...args: InputArgs<M>): Promise<TypedCall<M>>;
}

type QueryText = Record<string, string | string[]>;

/** Query values written out as text, as a browser's URL would carry them; absent ones are left out. */
function queryText(query: object | undefined): QueryText | undefined {
  if (!query) return undefined;
  const out: QueryText = {};
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    out[k] = Array.isArray(v) ? v.map(String) : String(v);
  }
  return out;
}

function declaration(name: string) {
  const [area, key] = name.split('.');
  const ep = (ENDPOINT_TABLES as Record<string, Record<string, Endpoint>>)[`${area}Endpoints`]?.[key!];
  if (!ep) throw new Error(`no endpoint ${name}`);
  // Uploads send a multipart form or bytes: helpers.ts and the upload helpers build those.
  if (ep.raw === 'multipart' || ep.raw === 'octet-stream') throw new Error(`${name} is a raw upload, not a JSON call`);
  return ep;
}

/** What the calls go to: a test's app (`TestApp`) or any other instance built by the test. */
export interface Target {
  app: FastifyInstance;
}

async function send(t: Target, authHeaders: Record<string, string>, name: string, input: { query?: object; body?: unknown } = {}, o: TypedOptions = {}) {
  const ep = declaration(name);
  const headers: Record<string, string> = { ...authHeaders, ...(o.headers ?? {}) };
  if (o.ip) headers['x-forwarded-for'] = o.ip;
  // Like helpers.ts: a POST or PUT always carries a JSON body, `{}` when the call declares none.
  const payload = ep.method === 'POST' || ep.method === 'PUT' ? (input.body ?? {}) : input.body;
  const res = await t.app.inject({
    method: ep.method,
    url: `/api/${endpointPath(ep.path, o.params)}`,
    query: queryText(input.query),
    headers,
    payload: payload as InjectOptions['payload'],
  });
  return unpack(res);
}

/** Calls as a signed-in user (`token` from `login`), or anonymously without one. */
export function client(t: Target, token?: string | null): Client {
  const auth: Record<string, string> = token ? { authorization: token } : {};
  return { call: (name, ...[input, opts]) => send(t, auth, name, input, opts) as Promise<never> };
}

/** Calls of the judge protocol as a judge daemon makes them, with the judge token in its header. */
export function judgeClient(t: Target, token: string | null): Client<JudgeEndpointName> {
  const auth: Record<string, string> = token !== null ? { [JUDGE_TOKEN_HEADER]: token } : {};
  return { call: (name, ...[input, opts]) => send(t, auth, name, input, opts) as Promise<never> };
}
