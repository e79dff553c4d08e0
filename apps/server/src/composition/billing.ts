/**
 * Pro subscriptions and card payments through the configured provider (Stripe, the local
 * sandbox, or none), and the timer that brings subscriptions up to date.
 */
import fp from 'fastify-plugin';
import { BillingService } from '../payments/billing-service.js';
import type { PaymentProvider } from '../payments/payment-provider.js';
import { SandboxProvider } from '../payments/sandbox/sandbox-provider.js';
import { StripeProvider } from '../payments/stripe-provider.js';
import { provide } from '../services.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pro subscriptions and card payments, through the configured provider. */
    billing: BillingService;
  }
}

const BILLING_TICK_MS = 60_000;

export interface BillingOptions {
  /**
   * How often subscriptions are brought up to date (the sandbox's renewals and period ends, Pro
   * that ran out, yearly payers' monthly credits); 0 turns it off (tests call billing.tick).
   */
  tickMs?: number;
}

export default fp<BillingOptions>(
  async (app, options) => {
    const { config, database, clock, credits, accountChanges } = app;
    const provider: PaymentProvider | undefined =
      config.payments.provider === 'stripe'
        ? new StripeProvider(config.payments)
        : config.payments.provider === 'sandbox'
          ? new SandboxProvider(database.db, clock, app.log)
          : undefined;
    const billing = new BillingService(database, credits, clock, provider, app.log, accountChanges);
    provide(app, { billing });
    const tickMs = options.tickMs ?? BILLING_TICK_MS;
    if (tickMs > 0) {
      const tick = setInterval(() => {
        billing.tick().catch((error: unknown) => {
          app.log.error({ err: error }, 'subscription check failed');
        });
      }, tickMs).unref();
      app.addHook('onClose', async () => {
        clearInterval(tick);
      });
    }
  },
  { name: 'billing', dependencies: ['accounts'] },
);
