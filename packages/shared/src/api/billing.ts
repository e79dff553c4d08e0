/**
 * Requests and replies of the plan and payment calls (SPEC.md section 7, "Other" and
 * "Payments"): the Pro benefit with its products, the card-payment session and its status, the
 * subscription portal, and what the caller's plan gives (`/frequency/status`).
 */
import { z } from 'zod';
import { intField } from './fields.js';

/** An address of this site to come back to after paying (checked against the site's host). */
export const returnUrlField = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .pipe(z.url({ error: 'invalidReturnUrl' }));

export const productInfo = z.object({
  productId: z.string(),
  /** 1 monthly, 2 yearly. */
  productType: z.number(),
  interval: z.enum(['month', 'year']),
  /** "4.99" */
  amount: z.string(),
  amountCents: z.number(),
  currency: z.string(),
  /** What a month costs on this product: "4.16" for yearly. */
  monthlyAmount: z.string(),
  freeMonths: z.number(),
});
export type ProductInfo = z.infer<typeof productInfo>;

export const benefitInfo = z.object({
  benefitId: z.string(),
  /** The userType this benefit makes a user (2: Pro). */
  userType: z.number(),
  videoRecording: z.boolean(),
  audioRecording: z.boolean(),
  storageBytes: z.number(),
  monthlyAiCredits: z.number(),
  translation: z.boolean(),
  products: z.array(productInfo),
});
export type BenefitInfo = z.infer<typeof benefitInfo>;

/** `userTypeList`: a list, a comma-separated string (forms) or one number; default Pro. */
export const getBenefitByUserTypeBody = z.object({
  userTypeList: z
    .union([
      z.array(intField).max(10),
      intField.transform((n) => [n]),
      z
        .string()
        .trim()
        .max(50)
        .regex(/^\d+(,\d+)*$/)
        .transform((s) => s.split(',').map(Number)),
    ])
    .optional(),
});

export const getBenefitByBenefitIdBody = z.object({ benefitId: z.string().trim().min(1).max(40) });

export const createSubscribeSessionBody = z.object({
  productId: z.string().trim().min(1).max(64),
  redirectUrl: returnUrlField,
  errorUrl: returnUrlField,
});
export const subscribeSessionPayload = z.object({ sessionId: z.string(), url: z.string() });
export type SubscribeSessionPayload = z.infer<typeof subscribeSessionPayload>;

export const paymentStatusBody = z.object({ sessionId: z.string().trim().min(1).max(255) });
export const paymentStatusPayload = z.object({
  sessionId: z.string(),
  /** 1 pending, 2 success, anything else failure. */
  paymentStatus: z.number(),
});
export type PaymentStatusPayload = z.infer<typeof paymentStatusPayload>;

export const customerPortalBody = z.object({ returnUrl: returnUrlField.optional() });
export const customerPortalPayload = z.object({ url: z.string() });

export const subscriptionInfo = z.object({
  productType: z.number(),
  /** The provider's state: active, past_due, canceled… */
  status: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: z.number(),
});
export type SubscriptionInfo = z.infer<typeof subscriptionInfo>;

export const frequencyStatusPayload = z.object({
  plan: z.enum(['basic', 'pro']),
  userType: z.number(),
  payType: z.number(),
  expiredTime: z.number(),
  /** 1 when the caller may record video (SPEC.md: Pro). */
  videoRecord: z.number(),
  audioRecord: z.number(),
  storageBytes: z.number(),
  monthlyAiCredits: z.number(),
  translation: z.boolean(),
  energyPoint: z.number(),
  /** The subscription that decides the plan, if any. */
  subscription: subscriptionInfo.nullable(),
});
export type FrequencyStatus = z.infer<typeof frequencyStatusPayload>;
