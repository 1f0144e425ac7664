import type { LoginBody, UserInfo } from '@oj/shared';
import { ApiError, call } from './client';

/** Admin-area account calls (docs/architecture.md: admin/login, admin/logout). */
export const adminApi = {
  /** Like the site login, but the server refuses accounts without an admin role (msg loginAsAdmin). */
  async login(body: LoginBody): Promise<{ token: string; user: UserInfo }> {
    const res = await call<UserInfo>('admin/login', { method: 'POST', body, withToken: false });
    const token = res.headers.get('Authorization');
    if (!token) throw new ApiError(res.msg, 500, 200);
    return { token, user: res.data };
  },
  /** Silent: the local session ends whatever the server says. */
  logout: () => call<null>('admin/logout', { silent: true }),
};
