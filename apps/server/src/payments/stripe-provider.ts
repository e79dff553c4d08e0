/**
 * Stripe, through its official SDK: Checkout Sessions in subscription mode, the Billing Portal,
 * and webhook events signed with the endpoint's signing secret. STRIPE_API_URL points the SDK at
 * another address (the tests' local stand-in); otherwise it talks to api.stripe.com.
 */
import type Stripe from 'stripe';
import { PRODUCT_TYPE, type Product } from '@meet/shared';
import type { PaymentsConfig } from '../config/config.js';
import {
  ProviderUnavailableError,
  verifySignedEvent,
  type CheckoutRequest,
  type CheckoutState,
  type PaymentProvider,
  type SubscriptionSnapshot,
} from './payment-provider.js';
import { stripeSdk } from './stripe-sdk.js';

type StripeSettings = Extract<PaymentsConfig, { provider: 'stripe' }>;

const idOf = (value: unknown): string | null => {
  if (typeof value === 'string') return value;
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id : null;
};

const isNotFound = (error: unknown) => (error as { statusCode?: unknown }).statusCode === 404;

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe';
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
    const StripeSdk = stripeSdk();
    this.stripe = new StripeSdk(settings.secretKey, {
      maxNetworkRetries: 1,
      timeout: 10_000,
      ...(api
        ? {
            host: api.hostname,
            port: api.port || (api.protocol === 'https:' ? 443 : 80),
            protocol: api.protocol === 'http:' ? 'http' : 'https',
          }
        : {}),
    });
  }

  private priceOf(product: Product): string {
    return product.productType === PRODUCT_TYPE.yearly
      ? this.settings.prices.yearly
      : this.settings.prices.monthly;
  }

  private productTypeOf(priceId: string | undefined): number | null {
    if (priceId === this.settings.prices.monthly) return PRODUCT_TYPE.monthly;
    if (priceId === this.settings.prices.yearly) return PRODUCT_TYPE.yearly;
    return null;
  }

  /** Runs an API call; a failure of Stripe or of the network is ProviderUnavailableError. */
  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw new ProviderUnavailableError(error);
    }
  }

  async createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }> {
    const userId = String(request.userId);
    const customer: Partial<Stripe.Checkout.SessionCreateParams> = request.customerId
      ? { customer: request.customerId }
      : request.email
        ? { customer_email: request.email }
        : {};
    const session = await this.call(() =>
      this.stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: this.priceOf(request.product), quantity: 1 }],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        client_reference_id: userId,
        ...customer,
        subscription_data: { metadata: { userId } },
        metadata: { userId, productId: request.product.productId },
      }),
    );
    if (!session.url) throw new ProviderUnavailableError(new Error('checkout session has no url'));
    return { sessionId: session.id, url: session.url };
  }

  async checkout(sessionId: string): Promise<CheckoutState | null> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.retrieve(sessionId);
    } catch (error) {
      if (isNotFound(error)) return null;
      throw new ProviderUnavailableError(error);
    }
    return {
      sessionId: session.id,
      status:
        session.status === 'complete'
          ? 'complete'
          : session.status === 'expired'
            ? 'expired'
            : 'open',
      subscriptionId: idOf(session.subscription),
      customerId: idOf(session.customer),
      clientReference: session.client_reference_id,
    };
  }

  async subscription(subscriptionId: string): Promise<SubscriptionSnapshot | null> {
    let sub: Stripe.Subscription;
    try {
      sub = await this.stripe.subscriptions.retrieve(subscriptionId);
    } catch (error) {
      if (isNotFound(error)) return null;
      throw new ProviderUnavailableError(error);
    }
    // Periods are kept per item since Stripe's 2025 API versions; we sell one item.
    const item = sub.items.data[0];
    const periodEnd = (item?.current_period_end ?? 0) * 1000;
    return {
      id: sub.id,
      customerId: idOf(sub.customer) ?? '',
      userRef: sub.metadata?.userId ?? null,
      productType: this.productTypeOf(item?.price.id),
      status: sub.status,
      currentPeriodStart: (item?.current_period_start ?? 0) * 1000,
      currentPeriodEnd: periodEnd,
      // The portal may cancel by setting cancel_at to the period's end instead of the flag.
      cancelAtPeriodEnd:
        sub.cancel_at_period_end || (sub.cancel_at != null && sub.cancel_at * 1000 <= periodEnd),
    };
  }

  async createPortal(customerId: string, returnUrl: string): Promise<{ url: string }> {
    const session = await this.call(() =>
      this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
    );
    return { url: session.url };
  }

  verifyEvent(payload: string, signature: string | undefined, nowMs: number) {
    return verifySignedEvent(payload, signature, this.settings.webhookSecret, nowMs);
  }
}
