/** The account calls of SPEC.md section 7 ("User"). */
import type { EmailCodeType, LoginPayload, SelfInfo } from '@meet/shared';
import { apiPost, type RequestOptions } from './client';

export const userApi = {
  generateEmailVerifyCode: (email: string, type: EmailCodeType, options?: RequestOptions) =>
    apiPost<null>('user/generateEmailVerifyCode', { email, type }, options),
  verifyEmailCode: (email: string, code: string, type: EmailCodeType, options?: RequestOptions) =>
    apiPost<null>('user/verifyEmailCode', { email, code, type }, options),
  emailRegister: (email: string, code: string, password: string, options?: RequestOptions) =>
    apiPost<LoginPayload>('user/emailRegister', { email, code, password }, options),
  emailLogin: (email: string, password: string, options?: RequestOptions) =>
    apiPost<LoginPayload>('user/emailLogin', { email, password }, options),
  resetEmailPassword: (email: string, code: string, password: string, options?: RequestOptions) =>
    apiPost<LoginPayload>('user/resetEmailPassword', { email, code, password }, options),
  visitorLogin: (uuid: string, options?: RequestOptions) =>
    apiPost<LoginPayload>('user/visitorLogin', { uuid, visitors: true }, options),
  /** Ends the sign-in of `token` (the stored one when not given). */
  logout: (token?: string) => apiPost<null>('user/logout', {}, { silent: true, token }),
  getUserInfo: () => apiPost<SelfInfo>('user/getUserInfo'),
  updateUserInfo: (username: string, options?: RequestOptions) =>
    apiPost<SelfInfo>('user/updateUserInfo', { username }, options),
  changeAvatar: (file: Blob, filename: string, options?: RequestOptions) => {
    const form = new FormData();
    form.append('avatar', file, filename);
    return apiPost<{ url: string }>('user/changeAvatar', form, options);
  },
};
