/**
 * Pro subscriptions: starting a card payment, telling the app how it went, the provider's
 * subscription page, and the plan that follows. A user's plan follows the subscription's state
 * at the provider, never the click: it changes only when a signed provider event arrives (or
 * when the provider is asked directly about a checkout the app is waiting for), and every
 * change goes through `applySnapshot`, one transaction per user. Events are applied once (their
 * ids are kept), provider reads that crossed are dropped (`isStale`), and the monthly AI credits
 * are keyed per subscription month, so replays and reordering change nothing twice.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  PAYMENT_STATUS,
  PRO_MONTHLY_AI_CREDITS,
  ResultCode,
  monthsElapsed,
  productById,
  productByType,
  type FrequencyStatus,
} from '@meet/shared';
import { isSiteUrl } from '../config/site-origins.js';
import type { Database, Db } from '../db/database.js';
import type { SubscriptionRow, UserRow } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';
import type { Clock } from '../lib/clock.js';
import { BillingRepository, PAYING_STATUSES, isStale } from './billing-repository.js';
import type { CreditsRepository } from './credits-repository.js';
import type { AccountChanges } from '../sessions/account-changes.js';
import { billingView, entitlementsOf } from './entitlements.js';
import {
  ProviderUnavailableError,
  type PaymentProvider,
  type ProviderEvent,
  type SubscriptionSnapshot,
} from './payment-provider.js';
import { SandboxProvider } from './sandbox/sandbox-provider.js';

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

const providerError = (cause: unknown) =>
  new AppError(ResultCode.failure, 502, 'paymentProviderError', {}, { cause });

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const idOf = (value: unknown): string | null =>
  str(value) ?? str((value as { id?: unknown } | null)?.id);
const userIdOf = (ref: string | null | undefined): number | undefined =>
  ref && /^\d{1,9}$/.test(ref) ? Number(ref) : undefined;

/** The subscription an invoice event is about (Stripe moved it under `parent` in 2025). */
function invoiceSubscription(invoice: Record<string, unknown>): string | null {
  const parent = invoice.parent as { subscription_details?: { subscription?: unknown } } | null;
  return idOf(parent?.subscription_details?.subscription) ?? idOf(invoice.subscription);
}

export class BillingService {
  private readonly repo: BillingRepository;

  constructor(
    private readonly database: Database,
    private readonly credits: CreditsRepository,
    private readonly clock: Clock,
    /** Undefined when payments are off. */
    readonly provider: PaymentProvider | undefined,
    private readonly log: FastifyBaseLogger,
    changes: AccountChanges,
  ) {
    this.repo = new BillingRepository(database.db, clock, changes);
    if (provider instanceof SandboxProvider) {
      provider.attach(async (payload, signature) => {
        await this.receiveWebhook(payload, signature);
      });
    }
  }

  private get db(): Db {
    return this.database.db;
  }

  private requireProvider(): PaymentProvider {
    if (!this.provider) throw new AppError(ResultCode.failure, 403, 'paymentsUnavailable');
    return this.provider;
  }

  // ---------------------------------------------------------------------------------------
  // The app's calls

  /**
   * Starts a card payment for a product; the return addresses must be on one of `siteOrigins`
   * (the configured ones, never the request's Host: the provider sends the payer there).
   */
  async createSession(
    user: UserRow,
    input: { productId: string; redirectUrl: string; errorUrl: string },
    siteOrigins: readonly string[],
  ): Promise<{ sessionId: string; url: string }> {
    const provider = this.requireProvider();
    const product = productById(input.productId);
    if (!product) throw AppError.badRequest('productNotFound');
    if (!isSiteUrl(input.redirectUrl, siteOrigins) || !isSiteUrl(input.errorUrl, siteOrigins)) {
      throw AppError.badRequest('invalidReturnUrl');
    }
    // A second subscription would charge twice; a cancelling one is resumed in the portal.
    if (await this.repo.payingSubscription(user.id)) {
      throw new AppError(ResultCode.failure, 409, 'alreadyPro');
    }
    // The provider still retries the old card: a new subscription could end up charged twice.
    if (await this.repo.unpaidSubscription(user.id)) {
      throw new AppError(ResultCode.failure, 409, 'subscriptionPastDue');
    }
    let created: { sessionId: string; url: string };
    try {
      created = await provider.createCheckout({
        userId: user.id,
        email: user.email ?? '',
        customerId: await this.repo.customerOf(user.id, provider.name),
        product,
        successUrl: input.redirectUrl,
        cancelUrl: input.errorUrl,
      });
    } catch (error) {
      if (error instanceof ProviderUnavailableError) throw providerError(error);
      throw error;
    }
    await this.repo.createSession({
      sessionId: created.sessionId,
      userId: user.id,
      provider: provider.name,
      productType: product.productType,
    });
    return created;
  }

  /**
   * How a payment the user started went: 1 pending, 2 success, 3 failure. While our records say
   * pending, the provider is asked, so a late webhook does not keep the user waiting.
   */
  async paymentStatus(
    user: UserRow,
    sessionId: string,
  ): Promise<{ sessionId: string; paymentStatus: number }> {
    const row = await this.repo.session(sessionId);
    if (!row || row.userId !== user.id) {
      throw new AppError(ResultCode.failure, 404, 'paymentSessionNotFound');
    }
    if (row.status === PAYMENT_STATUS.pending && this.provider) {
      try {
        const state = await this.provider.checkout(sessionId);
        if (state?.status === 'complete' && state.subscriptionId) {
          const snapshot = await this.provider.subscription(state.subscriptionId);
          if (snapshot) {
            await this.applySnapshot(snapshot, {
              checkoutSessionId: sessionId,
              clientReference: state.clientReference,
            });
          }
        } else if (!state || state.status === 'expired') {
          await this.repo.settleSession(sessionId, PAYMENT_STATUS.failed);
        }
      } catch (error) {
        if (!(error instanceof ProviderUnavailableError)) throw error;
        this.log.warn({ err: error }, 'payment status: provider unavailable, still pending');
      }
    }
    const now = await this.repo.session(sessionId);
    return { sessionId, paymentStatus: now!.status };
  }

  /** The provider's page where the user cancels, switches plan or changes their card. */
  async portal(
    user: UserRow,
    returnUrl: string,
    siteOrigins: readonly string[],
  ): Promise<{ url: string }> {
    const provider = this.requireProvider();
    if (!isSiteUrl(returnUrl, siteOrigins)) throw AppError.badRequest('invalidReturnUrl');
    const customerId = await this.repo.customerOf(user.id, provider.name);
    if (!customerId) throw new AppError(ResultCode.failure, 404, 'noSubscription');
    try {
      return await provider.createPortal(customerId, returnUrl);
    } catch (error) {
      if (error instanceof ProviderUnavailableError) throw providerError(error);
      throw error;
    }
  }

  /** What the user's plan gives now, and the subscription behind it. */
  async status(user: UserRow): Promise<FrequencyStatus> {
    const now = this.clock.now();
    const e = entitlementsOf(user, now);
    const subs = await this.repo.subscriptionsOf(user.id);
    const current =
      (await this.repo.payingSubscription(user.id)) ??
      subs.sort((a, b) => b.currentPeriodEnd - a.currentPeriodEnd)[0];
    return {
      plan: e.plan,
      ...billingView(user, now),
      videoRecord: e.videoRecording ? 1 : 0,
      audioRecord: e.audioRecording ? 1 : 0,
      storageBytes: e.storageBytes,
      monthlyAiCredits: e.monthlyAiCredits,
      translation: e.translation,
      energyPoint: user.creditBalance,
      subscription: current
        ? {
            productType: current.productType,
            status: current.status,
            cancelAtPeriodEnd: current.cancelAtPeriodEnd,
            currentPeriodEnd: current.currentPeriodEnd,
          }
        : null,
    };
  }

  // ---------------------------------------------------------------------------------------
  // Provider events

  /**
   * A webhook delivery (Stripe's, or the sandbox's through the same path): the signature is
   * checked first; an unsigned or tampered one is refused and changes nothing.
   */
  async receiveWebhook(payload: string, signature: string | undefined): Promise<EventOutcome> {
    const provider = this.provider;
    if (!provider) throw AppError.notFound();
    const event = provider.verifyEvent(payload, signature, this.clock.now());
    if (!event) throw AppError.badRequest('webhookSignatureInvalid');
    try {
      return await this.handleEvent(provider, event);
    } catch (error) {
      if (error instanceof ProviderUnavailableError) throw providerError(error);
      throw error;
    }
  }

  private async handleEvent(
    provider: PaymentProvider,
    event: ProviderEvent,
  ): Promise<EventOutcome> {
    const object = event.object;
    switch (event.type) {
      case 'checkout.session.completed': {
        const subscriptionId = idOf(object.subscription);
        const snapshot = subscriptionId ? await provider.subscription(subscriptionId) : null;
        if (!snapshot) return this.recordOnly(event);
        return this.applySnapshot(snapshot, {
          event,
          checkoutSessionId: str(object.id),
          clientReference: str(object.client_reference_id),
        });
      }
      case 'checkout.session.expired':
      case 'checkout.session.async_payment_failed':
        return this.recordOnly(event, str(object.id));
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
      case 'invoice.paid':
      case 'invoice.payment_succeeded':
      case 'invoice.payment_failed': {
        const subscriptionId = event.type.startsWith('invoice.')
          ? invoiceSubscription(object)
          : str(object.id);
        // Whatever the event says, the subscription is read back as it is now, so events that
        // arrive late or out of order cannot move it backwards.
        const snapshot = subscriptionId ? await provider.subscription(subscriptionId) : null;
        if (!snapshot) return this.recordOnly(event);
        return this.applySnapshot(snapshot, { event });
      }
      default:
        return this.recordOnly(event);
    }
  }

  /** Notes an event that changes no subscription; an expired checkout fails its session. */
  private recordOnly(event: ProviderEvent, failedSession?: string | null): Promise<EventOutcome> {
    return this.db.transaction(async (tx) => {
      if (!(await this.repo.recordEvent(tx, event))) return 'duplicate';
      if (failedSession)
        await this.repo.settleSession(failedSession, PAYMENT_STATUS.failed, null, tx);
      return 'ignored';
    });
  }

  /**
   * Brings our copy of a subscription up to the provider's and the user's plan with it, in one
   * transaction holding the subscription and the user: a replayed event stops at its id, a
   * stale read changes nothing, and the plan is worked out again from all the user's
   * subscriptions.
   */
  private applySnapshot(
    snapshot: SubscriptionSnapshot,
    options: {
      event?: ProviderEvent;
      checkoutSessionId?: string | null;
      clientReference?: string | null;
    },
  ): Promise<EventOutcome> {
    const provider = this.requireProvider().name;
    return this.db.transaction(async (tx) => {
      if (options.event && !(await this.repo.recordEvent(tx, options.event))) return 'duplicate';
      const held = await this.repo.subscription(snapshot.id, tx, true);
      const userId =
        held?.userId ??
        userIdOf(snapshot.userRef) ??
        userIdOf(options.clientReference) ??
        (await this.repo.userOfCustomer(snapshot.customerId, tx));
      if (userId === undefined || !(await this.repo.lockUser(tx, userId))) {
        this.log.warn({ subscription: snapshot.id }, 'a subscription of no known user; ignored');
        return 'ignored';
      }
      if (!held || !isStale(held, snapshot)) {
        const productType = snapshot.productType ?? held?.productType ?? 0;
        await this.repo.saveSubscription(tx, snapshot, userId, provider, productType);
      }
      const best = await this.repo.applyPlan(tx, userId);
      if (best) await this.grantMonthlyCredits(tx, userId, best);
      if (options.checkoutSessionId) {
        const paying = PAYING_STATUSES.includes(snapshot.status);
        // "incomplete": the first payment is still being confirmed.
        if (paying || snapshot.status !== 'incomplete') {
          await this.repo.settleSession(
            options.checkoutSessionId,
            paying ? PAYMENT_STATUS.success : PAYMENT_STATUS.failed,
            snapshot.id,
            tx,
          );
        }
      }
      return 'applied';
    });
  }

  /** Pro's AI credits for the month of the subscription we are in, once per month. */
  private async grantMonthlyCredits(tx: Db, userId: number, sub: SubscriptionRow): Promise<void> {
    const month = monthsElapsed(sub.currentPeriodStart, this.clock.now());
    const months = productByType(sub.productType)?.months ?? 1;
    // Past the period's end (a renewal on its way) is not a new month of this period.
    if (month >= months) return;
    await this.credits.grant(userId, PRO_MONTHLY_AI_CREDITS, 'proGrant', {
      chargeKey: `proGrant:${sub.id}:${sub.currentPeriodStart}:${month}`,
      tx,
    });
  }

  // ---------------------------------------------------------------------------------------
  // Time

  /**
   * What is due by now: the sandbox renews and ends its subscriptions (and tells us by event),
   * Pro that ran out is written down as basic, and yearly payers get this month's credits.
   */
  async tick(): Promise<void> {
    if (this.provider instanceof SandboxProvider) await this.provider.tick();
    const due = new Set([
      ...(await this.repo.lapsedProUsers()),
      ...(await this.repo.yearlyPayers()),
    ]);
    for (const userId of due) {
      await this.db.transaction(async (tx) => {
        if (!(await this.repo.lockUser(tx, userId))) return;
        const best = await this.repo.applyPlan(tx, userId);
        if (best) await this.grantMonthlyCredits(tx, userId, best);
      });
    }
  }
}
