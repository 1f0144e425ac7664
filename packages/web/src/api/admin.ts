import { adminEndpoints as ep } from '@oj/shared';
import { loginThrough } from './account';
import { requestResult, type EndpointInput } from './endpoint';

/** Admin-area account calls (docs/architecture.md: admin/login, admin/logout). */
export const adminApi = {
  /** Like the site login, but the server refuses accounts without an admin role (msg loginAsAdmin). */
  login: (body: EndpointInput<typeof ep.login>['body']) => loginThrough(ep.login, body),
  /** Silent: the local session ends whatever the server says. */
  logout: () => requestResult(ep.logout, {}, { silent: true }),
};
