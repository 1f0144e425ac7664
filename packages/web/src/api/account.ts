import type {
  AvatarUploadResult,
  CaptchaData,
  ChangeUserInfoBody,
  HeatmapData,
  LoginBody,
  PuzzleChallenge,
  RegisterBody,
  UserAuthInfo,
  UserHomeInfo,
  UserInfo,
  UsernameOrEmailExists,
} from '@oj/shared';
import { api, call, ApiError } from './client';

export interface UserRef {
  uid?: string;
  username?: string;
}

/** Account calls of the contract; payload shapes are the zod schemas of @oj/shared. */
export const accountApi = {
  async login(body: LoginBody): Promise<{ token: string; user: UserInfo }> {
    const res = await call<UserInfo>('login', { method: 'POST', body, withToken: false });
    const token = res.headers.get('Authorization');
    if (!token) throw new ApiError(res.msg, 500, 200);
    return { token, user: res.data };
  },
  loginPuzzle: () => api.get<PuzzleChallenge>('get-login-puzzle', undefined, { withToken: false }),
  /** Silent: the local session ends whatever the server says (an expired token is no reason to prompt a login). */
  logout: () => call<null>('logout', { silent: true }),
  authInfo: () => api.get<UserAuthInfo>('get-user-auth-info'),
  /** Existence flags; failures are silent because the caller ignores them (spec 1 §5). */
  checkExists: (body: { username?: string; email?: string }) => api.post<UsernameOrEmailExists>('check-username-or-email', body, { silent: true }),
  registerCode: (email: string) => call<null>('get-register-code', { query: { email } }),
  register: (body: RegisterBody) => call<null>('register', { method: 'POST', body }),
  captcha: () => api.get<CaptchaData>('captcha'),
  applyResetPassword: (body: { email: string; captcha: string; captchaKey: string }) => call<null>('apply-reset-password', { method: 'POST', body }),
  resetPassword: (body: { username: string; password: string; code: string }) => call<null>('reset-password', { method: 'POST', body }),
  homeInfo: (ref: UserRef) => api.get<UserHomeInfo>('get-user-home-info', { ...ref }),
  /** Days are counted in the viewer's own time zone, so "today" matches the calendar they see. */
  heatmap: (ref: UserRef) => api.get<HeatmapData>('get-user-calendar-heatmap', { ...ref, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }),
  changePassword: (body: { oldPassword: string; newPassword: string }) => call<null>('change-password', { method: 'POST', body }),
  changeEmailCode: (email: string) => call<null>('get-change-email-code', { query: { email } }),
  changeEmail: (body: { password: string; newEmail: string; code: string }) => call<UserInfo>('change-email', { method: 'POST', body }),
  changeUserInfo: (body: ChangeUserInfoBody) => call<UserInfo>('change-userInfo', { method: 'POST', body }),
  updateCfSession: (cfSession: string) => call<null>('update-cfSession', { method: 'POST', body: { cfSession } }),
  deleteCfSession: () => call<null>('delete-cfSession', { method: 'DELETE' }),
  uploadAvatar(file: File) {
    const form = new FormData();
    form.append('image', file);
    return call<AvatarUploadResult>('file/upload-avatar', { method: 'POST', form });
  },
};
