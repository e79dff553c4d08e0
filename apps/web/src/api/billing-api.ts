/** The plan and payment calls (SPEC.md section 7, "Other" and "Payments"). */
import {
  USER_TYPE_PRO,
  type BenefitInfo,
  type FrequencyStatus,
  type PaymentStatusPayload,
  type SubscribeSessionPayload,
} from '@meet/shared';
import { apiPost, type RequestOptions } from './client';

export const billingApi = {
  proBenefit: async () => {
    const list = await apiPost<BenefitInfo[]>(
      'benefit/getBenefitByUserType',
      { userTypeList: [USER_TYPE_PRO] },
      { silent: true },
    );
    const pro = list[0];
    if (!pro) throw new Error('the server sells no Pro plan');
    return pro;
  },
  createSubscribeSession: (productId: string, redirectUrl: string, errorUrl: string) =>
    apiPost<SubscribeSessionPayload>('payment/stripe/createSubscribeSession', {
      productId,
      redirectUrl,
      errorUrl,
    }),
  paymentStatus: (sessionId: string, options: RequestOptions = { silent: true }) =>
    apiPost<PaymentStatusPayload>('payment/stripe/paymentStatus', { sessionId }, options),
  customerPortal: (returnUrl: string) =>
    apiPost<{ url: string }>('payment/stripe/customerPortal', { returnUrl }),
  frequencyStatus: () => apiPost<FrequencyStatus>('frequency/status', {}, { silent: true }),
};
