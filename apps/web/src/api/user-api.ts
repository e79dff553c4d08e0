/** The account calls of SPEC.md section 7 ("User"). */
import type { EmailCodeType } from '@meet/shared';
import { apiPost, type RequestOptions } from './client';

export const userApi = {
  generateEmailVerifyCode: (email: string, type: EmailCodeType, options?: RequestOptions) =>
    apiPost('user/generateEmailVerifyCode', { email, type }, options),
  verifyEmailCode: (email: string, code: string, type: EmailCodeType, options?: RequestOptions) =>
    apiPost('user/verifyEmailCode', { email, code, type }, options),
  emailRegister: (email: string, code: string, password: string, options?: RequestOptions) =>
    apiPost('user/emailRegister', { email, code, password }, options),
  emailLogin: (email: string, password: string, options?: RequestOptions) =>
    apiPost('user/emailLogin', { email, password }, options),
  resetEmailPassword: (email: string, code: string, password: string, options?: RequestOptions) =>
    apiPost('user/resetEmailPassword', { email, code, password }, options),
  visitorLogin: (uuid: string, options?: RequestOptions) =>
    apiPost('user/visitorLogin', { uuid, visitors: true }, options),
  /** Ends the sign-in of `token` (the stored one when not given). */
  logout: (token?: string) => apiPost('user/logout', {}, { silent: true, token }),
  getUserInfo: () => apiPost('user/getUserInfo', {}),
  updateUserInfo: (username: string, options?: RequestOptions) =>
    apiPost('user/updateUserInfo', { username }, options),
  changeAvatar: (file: Blob, filename: string, options?: RequestOptions) => {
    const form = new FormData();
    form.append('avatar', file, filename);
    return apiPost('user/changeAvatar', form, options);
  },
};
