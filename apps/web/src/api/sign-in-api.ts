/** The other ways to sign in: text-message codes, Google, and QR codes (SPEC.md section 7). */
import { apiPost, type RequestOptions } from './client';

export const signInApi = {
  methods: () => apiPost('user/signInMethods', {}, { silent: true }),
  sendSms: (phone: string, options?: RequestOptions) =>
    apiPost('tool/send-sms', { phone }, options),
  phoneLogin: (phone: string, code: string, options?: RequestOptions) =>
    apiPost('user/phone-login', { phone, code }, options),
  googleStart: (purpose: 'login' | 'bind', from?: string) =>
    apiPost('user/google/start', { purpose, ...(from ? { from } : {}) }),
  firebaseLogin: (ticket: string, options?: RequestOptions) =>
    apiPost('user/firebaseLogin', { ticket }, options),
  bindGoogle: (ticket: string, password?: string, options?: RequestOptions) =>
    apiPost(
      'user/bindGoogle',
      { ticket, ...(password === undefined ? {} : { password }) },
      options,
    ),
  uploadScanInfo: () => apiPost('user/upload-scan-info', {}, { silent: true }),
  getScanResult: (scanId: string, pollKey: string) =>
    apiPost('user/get-scan-result', { scanId, pollKey }, { silent: true }),
  scanInfo: (scanId: string, options?: RequestOptions) =>
    apiPost('user/scan-info', { scanId }, options),
  approveScan: (scanId: string, approve: boolean, options?: RequestOptions) =>
    apiPost('user/approve-scan', { scanId, approve }, options),
};
