import type { AvatarUploadResult, UserInfo } from '@oj/shared';
import { ApiError, call } from './client';
import { request, requestResult, type EndpointInput } from './endpoint';
import { accountRoutes as ep } from './routes';

export interface UserRef {
  uid?: string;
  username?: string;
}

type LoginEndpoint = typeof ep.login;

/** A login call (the site's or the admin area's): the token arrives in the `Authorization` header. */
export async function loginThrough(login: LoginEndpoint, body: EndpointInput<LoginEndpoint>['body']): Promise<{ token: string; user: UserInfo }> {
  const res = await requestResult(login, { body }, { withToken: false });
  const token = res.headers.get('Authorization');
  if (!token) throw new ApiError(res.msg, 500, 200);
  return { token, user: res.data };
}

type Body<K extends keyof typeof ep> = EndpointInput<(typeof ep)[K]>['body'];

/** Account calls of the contract (`accountEndpoints` of @oj/shared declares paths and shapes). */
export const accountApi = {
  login: (body: Body<'login'>) => loginThrough(ep.login, body),
  loginPuzzle: () => request(ep.loginPuzzle, {}, { withToken: false }),
  /** Silent: the local session ends whatever the server says (an expired token is no reason to prompt a login). */
  logout: () => requestResult(ep.logout, {}, { silent: true }),
  authInfo: () => request(ep.authInfo, {}),
  /** Existence flags; failures are silent because the caller ignores them. */
  checkExists: (body: Body<'checkExists'>) => request(ep.checkExists, { body }, { silent: true }),
  registerCode: (email: string) => requestResult(ep.registerCode, { query: { email } }),
  register: (body: Body<'register'>) => requestResult(ep.register, { body }),
  captcha: () => request(ep.captcha, {}),
  applyResetPassword: (body: Body<'applyResetPassword'>) => requestResult(ep.applyResetPassword, { body }),
  resetPassword: (body: Body<'resetPassword'>) => requestResult(ep.resetPassword, { body }),
  homeInfo: (ref: UserRef) => request(ep.homeInfo, { query: ref }),
  /** Days are counted in the viewer's own time zone, so "today" matches the calendar they see. */
  heatmap: (ref: UserRef) => request(ep.heatmap, { query: { ...ref, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone } }),
  changePassword: (body: Body<'changePassword'>) => requestResult(ep.changePassword, { body }),
  changeEmailCode: (email: string) => requestResult(ep.changeEmailCode, { query: { email } }),
  changeEmail: (body: Body<'changeEmail'>) => requestResult(ep.changeEmail, { body }),
  changeUserInfo: (body: Body<'changeUserInfo'>) => requestResult(ep.changeUserInfo, { body }),
  updateCfSession: (cfSession: string) => requestResult(ep.updateCfSession, { body: { cfSession } }),
  deleteCfSession: () => requestResult(ep.deleteCfSession, {}),
  /** Multipart (outside the endpoint table): the new avatar under `image`. */
  uploadAvatar(file: File) {
    const form = new FormData();
    form.append('image', file);
    return call<AvatarUploadResult>('file/upload-avatar', { method: 'POST', form });
  },
};
