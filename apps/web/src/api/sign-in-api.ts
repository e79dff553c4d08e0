/** The other ways to sign in: text-message codes, Google, and QR codes (SPEC.md section 7). */
import type {
  LoginPayload,
  ScanCodePayload,
  ScanInfoPayload,
  ScanResultPayload,
  ScanStatus,
} from '@meet/shared';
import { apiPost, type RequestOptions } from './client';

export interface SignInMethods {
  phone: boolean;
  google: boolean;
  scan: boolean;
}

export const signInApi = {
  methods: () => apiPost<SignInMethods>('user/signInMethods', {}, { silent: true }),
  sendSms: (phone: string, options?: RequestOptions) =>
    apiPost<null>('tool/send-sms', { phone }, options),
  phoneLogin: (phone: string, code: string, options?: RequestOptions) =>
    apiPost<LoginPayload>('user/phone-login', { phone, code }, options),
  googleStart: (purpose: 'login' | 'bind', from?: string) =>
    apiPost<{ url: string }>('user/google/start', { purpose, ...(from ? { from } : {}) }),
  firebaseLogin: (ticket: string, options?: RequestOptions) =>
    apiPost<LoginPayload>('user/firebaseLogin', { ticket }, options),
  bindGoogle: (ticket: string, password?: string, options?: RequestOptions) =>
    apiPost<LoginPayload>(
      'user/bindGoogle',
      { ticket, ...(password === undefined ? {} : { password }) },
      options,
    ),
  uploadScanInfo: () => apiPost<ScanCodePayload>('user/upload-scan-info', {}, { silent: true }),
  getScanResult: (scanId: string, pollKey: string) =>
    apiPost<ScanResultPayload>('user/get-scan-result', { scanId, pollKey }, { silent: true }),
  scanInfo: (scanId: string, options?: RequestOptions) =>
    apiPost<ScanInfoPayload>('user/scan-info', { scanId }, options),
  approveScan: (scanId: string, approve: boolean, options?: RequestOptions) =>
    apiPost<{ status: ScanStatus }>('user/approve-scan', { scanId, approve }, options),
};
