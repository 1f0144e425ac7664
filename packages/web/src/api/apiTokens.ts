import { apiTokenEndpoints as ep, type ApiTokenScope } from '@oj/shared';
import { request, requestResult } from './endpoint';

/** The caller's API tokens (settings). A token is shown once, in the answer that made it. */
export const apiTokenApi = {
  list: () => request(ep.list, {}),
  create: (body: { name: string; scopes: ApiTokenScope[]; days: 7 | 30 | 90 | 365 }) => requestResult(ep.create, { body }),
  revoke: (id: string) => requestResult(ep.revoke, { query: { id } }),
};

export const apiTokenKeys = { list: ['api-tokens'] as const };
