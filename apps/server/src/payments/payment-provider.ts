/**
 * What this service needs from a card-payment provider, whichever runs: Stripe, or the built-in
 * sandbox that stands in for it offline. Both sign their webhook events the same way (Stripe's
 * scheme, checked with the stripe SDK), so one code path receives them.
 */
import type Stripe from 'stripe';
import { stripeSdk } from './stripe-sdk.js';
import type { Product } from '@meet/shared';

export interface CheckoutRequest {
  userId: number;
  /** The user's email for the receipt, '' when they have none. */
  email: string;
  /** Their existing customer record at this provider, so one customer holds every subscription. */
  customerId: string | undefined;
  product: Product;
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutState {
  sessionId: string;
  /** Stripe's words: open (not paid yet), complete (paid), expired (closed unpaid). */
  status: 'open' | 'complete' | 'expired';
  subscriptionId: string | null;
  customerId: string | null;
  /** Our user id as given when the checkout was made. */
  clientReference: string | null;
}

/** A subscription as the provider has it now. Times in ms. */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  /** Our user id from the subscription's metadata, when set. */
  userRef: string | null;
  /** 1 monthly, 2 yearly; null when the price is not one of ours. */
  productType: number | null;
  status: string;
  currentPeriodStart: number;
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
}

/** A verified webhook event, reduced to what the service reads. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** When the provider made it, ms. */
  created: number;
  object: Record<string, unknown>;
}

export interface PaymentProvider {
  readonly name: 'stripe' | 'sandbox';
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** The checkout's state, or null when the provider does not know it. */
  checkout(sessionId: string): Promise<CheckoutState | null>;
  subscription(subscriptionId: string): Promise<SubscriptionSnapshot | null>;
  /** A page where the customer cancels, switches plan or changes their card. */
  createPortal(customerId: string, returnUrl: string): Promise<{ url: string }>;
  /**
   * Checks a webhook request's signature (`Stripe-Signature`) against this provider's secret.
   * The event, or null when the signature is missing, wrong or too old.
   */
  verifyEvent(payload: string, signature: string | undefined, nowMs: number): ProviderEvent | null;
}

/** A provider's API failed or did not answer; the caller may try again later. */
export class ProviderUnavailableError extends Error {
  constructor(cause: unknown) {
    super('payment provider unavailable', { cause });
    this.name = 'ProviderUnavailableError';
  }
}

/** Checks a signed event with the stripe SDK; `nowMs` is the server's clock (tests move it). */
export function verifySignedEvent(
  payload: string,
  signature: string | undefined,
  secret: string,
  nowMs: number,
): ProviderEvent | null {
  if (!signature || signature.length > 2000) return null;
  const { webhooks } = stripeSdk();
  let event: Stripe.Event;
  try {
    event = webhooks.constructEvent(
      payload,
      signature,
      secret,
      webhooks.DEFAULT_TOLERANCE,
      undefined,
      // In ms (the SDK divides by 1000), from our clock.
      nowMs,
    );
  } catch {
    return null;
  }
  const object = (event.data as { object?: unknown } | undefined)?.object;
  if (typeof event.id !== 'string' || typeof event.type !== 'string') return null;
  if (typeof object !== 'object' || object === null) return null;
  return {
    id: event.id,
    type: event.type,
    created: Number(event.created) * 1000,
    object: object as Record<string, unknown>,
  };
}

/** Signs a payload as Stripe does (the sandbox's deliveries, and tests). */
export function signPayload(payload: string, secret: string, nowMs: number): string {
  return stripeSdk().webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: Math.floor(nowMs / 1000),
  });
}
