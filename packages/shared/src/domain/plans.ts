/**
 * Plans and what they give (SPEC.md sections 1 and 6): the two Pro products, their prices, and
 * the entitlements of basic and Pro. Defined once here; the server enforces them and the web app
 * shows them.
 */
import {
  BASIC_STORAGE_BYTES,
  PRICE_CURRENCY,
  PRODUCT_TYPE,
  PRO_MONTHLY_AI_CREDITS,
  PRO_MONTHLY_PRICE_CENTS,
  PRO_STORAGE_BYTES,
  PRO_YEARLY_FREE_MONTHS,
  PRO_YEARLY_PRICE_CENTS,
  USER_TYPE_BASIC,
} from '../constants.js';

export type Plan = 'basic' | 'pro';

export interface Entitlements {
  plan: Plan;
  /** Cloud recording of video (audio recording is for everyone). */
  videoRecording: boolean;
  audioRecording: boolean;
  /** Cloud storage for recordings, in bytes. */
  storageBytes: number;
  /** AI credits added each paid month. */
  monthlyAiCredits: number;
  /**
   * AI translation of captions. Everyone may use it, paid from AI credits (SPEC.md section 6:
   * the creator pays); Pro's monthly credits are what make it part of Pro.
   */
  translation: boolean;
}

export const PLAN_ENTITLEMENTS: Readonly<Record<Plan, Entitlements>> = {
  basic: {
    plan: 'basic',
    videoRecording: false,
    audioRecording: true,
    storageBytes: BASIC_STORAGE_BYTES,
    monthlyAiCredits: 0,
    translation: true,
  },
  pro: {
    plan: 'pro',
    videoRecording: true,
    audioRecording: true,
    storageBytes: PRO_STORAGE_BYTES,
    monthlyAiCredits: PRO_MONTHLY_AI_CREDITS,
    translation: true,
  },
};

/** SPEC.md section 3: userType 0 or 1 is basic, anything else Pro. */
export function planOfUserType(userType: number): Plan {
  return userType <= USER_TYPE_BASIC ? 'basic' : 'pro';
}

export type ProductType = (typeof PRODUCT_TYPE)[keyof typeof PRODUCT_TYPE];

export interface Product {
  productId: string;
  productType: ProductType;
  interval: 'month' | 'year';
  /** Months one payment covers. */
  months: number;
  amountCents: number;
  currency: string;
  /** What one month costs on this product, rounded to the cent. */
  monthlyAmountCents: number;
  /** Months given free compared with paying monthly. */
  freeMonths: number;
}

export const PRODUCTS: readonly Product[] = [
  {
    productId: 'pro-monthly',
    productType: PRODUCT_TYPE.monthly,
    interval: 'month',
    months: 1,
    amountCents: PRO_MONTHLY_PRICE_CENTS,
    currency: PRICE_CURRENCY,
    monthlyAmountCents: PRO_MONTHLY_PRICE_CENTS,
    freeMonths: 0,
  },
  {
    productId: 'pro-yearly',
    productType: PRODUCT_TYPE.yearly,
    interval: 'year',
    months: 12,
    amountCents: PRO_YEARLY_PRICE_CENTS,
    currency: PRICE_CURRENCY,
    monthlyAmountCents: Math.round(PRO_YEARLY_PRICE_CENTS / 12),
    freeMonths: PRO_YEARLY_FREE_MONTHS,
  },
];

export function productById(productId: string): Product | undefined {
  return PRODUCTS.find((p) => p.productId === productId);
}

export function productByType(productType: number): Product | undefined {
  return PRODUCTS.find((p) => p.productType === productType);
}

/** Cents as the price is written: 499 → "4.99". */
export function formatAmount(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** The end of a period of `months` months starting at `startMs`, in UTC calendar months. */
export function addMonths(startMs: number, months: number): number {
  const d = new Date(startMs);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  // Jan 31 + 1 month is the last day of February, not March 3.
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.getTime();
}

/** Whole months from `startMs` to `nowMs` (0 during the first month), by `addMonths`. */
export function monthsElapsed(startMs: number, nowMs: number): number {
  if (nowMs < startMs) return 0;
  let n = 0;
  while (addMonths(startMs, n + 1) <= nowMs) n++;
  return n;
}
