import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { ApiResponse, BodyOf, Endpoint, ParsedInput, QueryOf, ResponseOf } from '@oj/shared';
import { parse } from './validate.js';

/** What a handler of `serve` gets: the query and body already parsed by the endpoint's schemas. */
export interface EndpointCall<E extends Endpoint> {
  query: ParsedInput<QueryOf<E>>;
  body: ParsedInput<BodyOf<E>>;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** The route of `ep` inside a scope whose prefix is a start of `/api/<path>`. */
export function urlUnder(app: FastifyInstance, ep: Endpoint): string {
  const full = `/api/${ep.path}`;
  if (!full.startsWith(`${app.prefix}/`)) throw new Error(`${ep.method} ${full} cannot be served under ${app.prefix}`);
  return full.slice(app.prefix.length);
}

/**
 * Registers the route of a shared endpoint declaration (@oj/shared `endpoint`) on a scope whose prefix
 * is a start of `/api/<path>` (`/api`, `/api/admin`): the schemas parse the input (a bad one is a 400
 * naming the field) and the answer must carry the declared `data` type.
 */
export function serve<E extends Endpoint>(
  app: FastifyInstance,
  ep: E,
  options: { preHandler?: preHandlerHookHandler | preHandlerHookHandler[]; bodyLimit?: number },
  handler: (call: EndpointCall<E>) => Promise<ApiResponse<ResponseOf<E>>>,
): void {
  app.route({
    method: ep.method,
    url: urlUnder(app, ep),
    preHandler: options.preHandler,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: async (req, reply) =>
      handler({
        query: (ep.query ? parse(ep.query, req.query) : undefined) as ParsedInput<QueryOf<E>>,
        body: (ep.body ? parse(ep.body, req.body) : undefined) as ParsedInput<BodyOf<E>>,
        req,
        reply,
      }),
  });
}
