import { adminUserEndpoints as ep, GENERATED_LIST_PATH, TIMINGS } from '@oj/shared';
import { downloadFile } from './adminFiles';
import { request, requestResult, type EndpointInput } from './endpoint';

/** The super admin's Users screen: list, edit, delete, CSV import, generation. */
export type AdminUserQuery = EndpointInput<typeof ep.list>['query'];
export type EditUserInput = EndpointInput<typeof ep.edit>['body'];
export type GenerateUsersInput = EndpointInput<typeof ep.generate>['body'];

export const adminUserApi = {
  list: (query: AdminUserQuery) => request(ep.list, { query }),
  edit: (body: EditUserInput) => request(ep.edit, { body }),
  remove: (ids: string[]) => request(ep.remove, { body: { ids } }),
  // An import hashes every password: a big file takes longer than the usual call timeout.
  check: (users: string[][]) => request(ep.checkImport, { body: { users } }, { timeoutMs: TIMINGS.downloadTimeoutMs }),
  import: (users: string[][]) => requestResult(ep.import, { body: { users } }, { timeoutMs: TIMINGS.downloadTimeoutMs }),
  generate: (body: GenerateUsersInput) => requestResult(ep.generate, { body }),
  downloadGenerated: (key: string) => downloadFile(GENERATED_LIST_PATH, { key }, 'users.csv'),
};

export const adminUserKeys = {
  users: ['admin-users'] as const,
  list: (q: unknown) => ['admin-users', q] as const,
};
