/**
 * The route table's plan and payment calls (routes.ts): what Pro gives and costs
 * (`/benefit/*`), card payments (`/payment/stripe/*`) and what the caller's plan gives
 * (`/frequency/status`). The provider's webhook is not a client call and is not here.
 */
import { z } from 'zod';
import type { ApiRoute } from './api-route.js';
import {
  benefitInfo,
  createSubscribeSessionBody,
  customerPortalBody,
  customerPortalPayload,
  frequencyStatusPayload,
  getBenefitByBenefitIdBody,
  getBenefitByUserTypeBody,
  paymentStatusBody,
  paymentStatusPayload,
  subscribeSessionPayload,
} from './billing.js';

export const benefitList = z.array(benefitInfo);

export const billingRoutes = {
  'benefit/getBenefitByUserType': { body: getBenefitByUserTypeBody.optional(), reply: benefitList },
  'benefit/getBenefitByBenefitId': { body: getBenefitByBenefitIdBody, reply: benefitInfo },
  'payment/stripe/createSubscribeSession': {
    body: createSubscribeSessionBody,
    reply: subscribeSessionPayload,
  },
  'payment/stripe/paymentStatus': { body: paymentStatusBody, reply: paymentStatusPayload },
  'payment/stripe/customerPortal': {
    body: customerPortalBody.optional(),
    reply: customerPortalPayload,
  },
  'frequency/status': { reply: frequencyStatusPayload },
} as const satisfies Record<string, ApiRoute>;
