/** The plan and payment calls (SPEC.md section 7, "Other" and "Payments"). */
import { USER_TYPE_PRO } from '@meet/shared';
import { apiPost, type RequestOptions } from './client';

export const billingApi = {
  proBenefit: async () => {
    const list = await apiPost(
      'benefit/getBenefitByUserType',
      { userTypeList: [USER_TYPE_PRO] },
      { silent: true },
    );
    const pro = list[0];
    if (!pro) throw new Error('the server sells no Pro plan');
    return pro;
  },
  createSubscribeSession: (productId: string, redirectUrl: string, errorUrl: string) =>
    apiPost('payment/stripe/createSubscribeSession', {
      productId,
      redirectUrl,
      errorUrl,
    }),
  paymentStatus: (sessionId: string, options: RequestOptions = { silent: true }) =>
    apiPost('payment/stripe/paymentStatus', { sessionId }, options),
  customerPortal: (returnUrl: string) => apiPost('payment/stripe/customerPortal', { returnUrl }),
  frequencyStatus: () => apiPost('frequency/status', {}, { silent: true }),
};
