/**
 * The built-in sandbox payment provider: a small stand-in for Stripe that runs inside this
 * server, so the whole payment flow works offline. It keeps its own records (checkouts,
 * subscriptions with a test card on file, portal sessions), serves real checkout and portal
 * pages (sandbox-routes.ts), renews and ends subscriptions as its clock passes their period ends,
 * and tells this service what happened through Stripe-style events signed with its own secret —
 * delivered at least once, through the same verification path as Stripe's webhooks.
 */
import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { addMonths, productById, type CheckoutTextKey, type Product } from '@meet/shared';
import type { Db } from '../../db/database.js';
import {
  sandboxCheckouts,
  sandboxPortalSessions,
  sandboxSubscriptions,
  type SandboxCheckoutRow,
  type SandboxSubscriptionRow,
} from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';
import { randomCode } from '../../lib/crypto.js';
import {
  verifySignedEvent,
  type CheckoutRequest,
  type CheckoutState,
  type PaymentProvider,
  type SubscriptionSnapshot,
} from '../payment-provider.js';
import {
  SandboxEvents,
  checkoutObject,
  invoiceObject,
  subscriptionObject,
  type EventReceiver,
} from './sandbox-events.js';
import { SANDBOX_CARDS, checkCard, type CardField, type CardInput } from './test-cards.js';

/** Stripe keeps an unpaid checkout open for a day. */
const CHECKOUT_TTL_MS = 24 * 60 * 60 * 1000;
const PORTAL_TTL_MS = 60 * 60 * 1000;
/** Renewals caught up at most this many periods at once (a clock moved far ahead). */
const MAX_RENEWALS = 36;

export type PayOutcome =
  | { kind: 'paid'; redirect: string }
  | { kind: 'invalid'; problems: Partial<Record<CardField, CheckoutTextKey>> }
  | { kind: 'gone' };

export type PortalAction = 'cancel' | 'resume' | 'switch' | 'card';

export type PortalOutcome =
  | { kind: 'saved' }
  | { kind: 'invalid'; problems: Partial<Record<CardField, CheckoutTextKey>> }
  | { kind: 'gone' };

type Tx = Db;
const PAYING = ['active', 'past_due'];

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';
  /** Made at start: only this process signs and checks the sandbox's events. */
  readonly webhookSecret = `whsec_sandbox_${randomCode(32)}`;
  private readonly events: SandboxEvents;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    log: FastifyBaseLogger,
  ) {
    this.events = new SandboxEvents(db, clock, log, this.webhookSecret);
  }

  /** Where events go (the billing service's webhook entry). */
  attach(receiver: EventReceiver): void {
    this.events.attach(receiver);
  }

  /** Delivers what is still undelivered (also part of every tick). */
  deliverPending(): Promise<void> {
    return this.events.deliverPending();
  }

  private emit(tx: Tx, type: string, object: Record<string, unknown>): Promise<void> {
    return this.events.emit(tx, type, object);
  }

  // ---------------------------------------------------------------------------------------
  // The provider interface

  async createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }> {
    const now = this.clock.now();
    const id = `cs_sbx_${randomCode(28)}`;
    await this.db.insert(sandboxCheckouts).values({
      id,
      customerId: request.customerId ?? `cus_sbx_${randomCode(20)}`,
      customerEmail: request.email,
      clientReference: String(request.userId),
      productId: request.product.productId,
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
      status: 'open',
      createdAt: now,
      expiresAt: now + CHECKOUT_TTL_MS,
    });
    return {
      sessionId: id,
      url: `${new URL(request.successUrl).origin}/sandbox-pay/checkout/${id}`,
    };
  }

  async checkout(sessionId: string): Promise<CheckoutState | null> {
    const row = await this.findCheckout(sessionId);
    if (!row) return null;
    return {
      sessionId: row.id,
      status: row.status as CheckoutState['status'],
      subscriptionId: row.subscriptionId,
      customerId: row.customerId,
      clientReference: row.clientReference,
    };
  }

  async subscription(subscriptionId: string): Promise<SubscriptionSnapshot | null> {
    const [row] = await this.db
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.id, subscriptionId));
    if (!row) return null;
    return {
      id: row.id,
      customerId: row.customerId,
      userRef: row.clientReference,
      productType: productById(row.productId)?.productType ?? null,
      status: row.status,
      currentPeriodStart: row.currentPeriodStart,
      currentPeriodEnd: row.currentPeriodEnd,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    };
  }

  async createPortal(customerId: string, returnUrl: string): Promise<{ url: string }> {
    const id = `bps_sbx_${randomCode(28)}`;
    await this.db.insert(sandboxPortalSessions).values({
      id,
      customerId,
      returnUrl,
      expiresAt: this.clock.now() + PORTAL_TTL_MS,
    });
    return { url: `${new URL(returnUrl).origin}/sandbox-pay/portal/${id}` };
  }

  verifyEvent(payload: string, signature: string | undefined, nowMs: number) {
    return verifySignedEvent(payload, signature, this.webhookSecret, nowMs);
  }

  // ---------------------------------------------------------------------------------------
  // The checkout page

  async findCheckout(id: string): Promise<SandboxCheckoutRow | undefined> {
    const [row] = await this.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, id));
    return row;
  }

  /** Whether a checkout can still be paid. */
  isOpen(row: SandboxCheckoutRow): boolean {
    return row.status === 'open' && row.expiresAt > this.clock.now();
  }

  /** Pays a checkout with a card from its page. */
  async pay(id: string, card: CardInput): Promise<PayOutcome> {
    const row = await this.findCheckout(id);
    const product = row && productById(row.productId);
    if (!row || !product || !this.isOpen(row)) return { kind: 'gone' };
    const now = this.clock.now();
    const check = checkCard(card, now);
    if (!check.ok) return { kind: 'invalid', problems: check.problems };
    // As Stripe Checkout does: the payer stays on the page with the reason, the plan chosen and
    // the checkout still open, free to try another card (issue 30); nothing reaches the app.
    if (check.outcome === 'declined')
      return { kind: 'invalid', problems: { cardNumber: 'cardDeclined' } };
    const paid = await this.db.transaction(async (tx) => {
      const subscriptionId = `sub_sbx_${randomCode(24)}`;
      const [done] = await tx
        .update(sandboxCheckouts)
        .set({ status: 'complete', subscriptionId })
        .where(and(eq(sandboxCheckouts.id, id), eq(sandboxCheckouts.status, 'open')))
        .returning();
      if (!done) return false;
      const [sub] = await tx
        .insert(sandboxSubscriptions)
        .values({
          id: subscriptionId,
          customerId: row.customerId,
          clientReference: row.clientReference,
          productId: product.productId,
          status: 'active',
          currentPeriodStart: now,
          currentPeriodEnd: addMonths(now, product.months),
          cardLast4: check.last4,
          createdAt: now,
        })
        .returning();
      await this.emit(tx, 'customer.subscription.created', subscriptionObject(sub!));
      await this.emit(tx, 'invoice.paid', invoiceObject(sub!, 'paid'));
      await this.emit(tx, 'checkout.session.completed', checkoutObject(done));
      return true;
    });
    if (!paid) return { kind: 'gone' };
    await this.deliverPending();
    return { kind: 'paid', redirect: row.successUrl };
  }

  /** Closes an open checkout unpaid (cancelled, or past its day). */
  async expireCheckout(id: string): Promise<SandboxCheckoutRow | undefined> {
    const row = await this.db.transaction(async (tx) => {
      const [closed] = await tx
        .update(sandboxCheckouts)
        .set({ status: 'expired' })
        .where(and(eq(sandboxCheckouts.id, id), eq(sandboxCheckouts.status, 'open')))
        .returning();
      if (closed) await this.emit(tx, 'checkout.session.expired', checkoutObject(closed));
      return closed;
    });
    if (row) await this.deliverPending();
    return row ?? (await this.findCheckout(id));
  }

  // ---------------------------------------------------------------------------------------
  // The portal page

  /** The portal session and the customer's latest subscription, while the session lasts. */
  async portal(
    id: string,
  ): Promise<{ returnUrl: string; subscription: SandboxSubscriptionRow | undefined } | null> {
    const [portal] = await this.db
      .select()
      .from(sandboxPortalSessions)
      .where(eq(sandboxPortalSessions.id, id));
    if (!portal || portal.expiresAt <= this.clock.now()) return null;
    const [subscription] = await this.db
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.customerId, portal.customerId))
      .orderBy(desc(sandboxSubscriptions.createdAt))
      .limit(1);
    return { returnUrl: portal.returnUrl, subscription };
  }

  async portalAction(id: string, action: PortalAction, card: CardInput): Promise<PortalOutcome> {
    const found = await this.portal(id);
    if (!found?.subscription || found.subscription.status === 'canceled') return { kind: 'gone' };
    const subId = found.subscription.id;
    const now = this.clock.now();
    let problems: Partial<Record<CardField, CheckoutTextKey>> | undefined;
    if (action === 'card') {
      const check = checkCard(card, now);
      if (!check.ok) problems = check.problems;
      else if (check.outcome === 'declined') problems = { cardNumber: 'cardDeclined' };
    }
    if (problems) return { kind: 'invalid', problems };
    const saved = await this.db.transaction(async (tx) => {
      const sub = await this.lockSubscription(tx, subId);
      if (!sub || sub.status === 'canceled') return false;
      let next: Partial<SandboxSubscriptionRow> = {};
      const product = productById(sub.productId)!;
      if (action === 'cancel') next = { cancelAtPeriodEnd: true };
      if (action === 'resume') next = { cancelAtPeriodEnd: false };
      if (action === 'switch') {
        next = { productId: product.months === 12 ? 'pro-monthly' : 'pro-yearly' };
      }
      if (action === 'card') {
        const number = String(card.cardNumber).replace(/[\s-]/g, '');
        next = { cardLast4: number.slice(-4) };
        // A subscription whose renewal failed is charged again on the new card, from now.
        if (sub.status === 'past_due') {
          next = {
            ...next,
            status: 'active',
            currentPeriodStart: now,
            currentPeriodEnd: addMonths(now, product.months),
          };
        }
      }
      const [updated] = await tx
        .update(sandboxSubscriptions)
        .set(next)
        .where(eq(sandboxSubscriptions.id, sub.id))
        .returning();
      if (next.status === 'active')
        await this.emit(tx, 'invoice.paid', invoiceObject(updated!, 'paid'));
      await this.emit(tx, 'customer.subscription.updated', subscriptionObject(updated!));
      return true;
    });
    if (!saved) return { kind: 'gone' };
    await this.deliverPending();
    return { kind: 'saved' };
  }

  // ---------------------------------------------------------------------------------------
  // Time: renewals, period ends, stale checkouts

  /** Does what is due by now; called periodically and after the development clock moves. */
  async tick(): Promise<void> {
    const now = this.clock.now();
    const stale = await this.db
      .select({ id: sandboxCheckouts.id })
      .from(sandboxCheckouts)
      .where(and(eq(sandboxCheckouts.status, 'open'), lte(sandboxCheckouts.expiresAt, now)));
    for (const { id } of stale) await this.expireCheckout(id);

    const due = await this.db
      .select({ id: sandboxSubscriptions.id })
      .from(sandboxSubscriptions)
      .where(
        and(
          inArray(sandboxSubscriptions.status, PAYING),
          lte(sandboxSubscriptions.currentPeriodEnd, now),
        ),
      );
    for (const { id } of due) {
      await this.db.transaction((tx) => this.renewOrEnd(tx, id, now));
    }
    await this.deliverPending();
  }

  /** At a period's end: a cancelled or unpaid subscription ends, others charge the card. */
  private async renewOrEnd(tx: Tx, id: string, now: number): Promise<void> {
    const sub = await this.lockSubscription(tx, id);
    // Another node (or call) got here first.
    if (!sub || !PAYING.includes(sub.status) || sub.currentPeriodEnd > now) return;
    if (sub.cancelAtPeriodEnd || sub.status === 'past_due') {
      const [ended] = await tx
        .update(sandboxSubscriptions)
        .set({ status: 'canceled' })
        .where(eq(sandboxSubscriptions.id, id))
        .returning();
      await this.emit(tx, 'customer.subscription.deleted', subscriptionObject(ended!));
      return;
    }
    const product = productById(sub.productId)!;
    if (sub.cardLast4 === SANDBOX_CARDS.renewalFails.slice(-4)) {
      const [failed] = await tx
        .update(sandboxSubscriptions)
        .set({
          status: 'past_due',
          currentPeriodStart: sub.currentPeriodEnd,
          currentPeriodEnd: addMonths(sub.currentPeriodEnd, product.months),
        })
        .where(eq(sandboxSubscriptions.id, id))
        .returning();
      await this.emit(tx, 'invoice.payment_failed', invoiceObject(failed!, 'open'));
      await this.emit(tx, 'customer.subscription.updated', subscriptionObject(failed!));
      return;
    }
    let start = sub.currentPeriodEnd;
    let end = addMonths(start, product.months);
    for (let i = 0; end <= now && i < MAX_RENEWALS; i++) {
      start = end;
      end = addMonths(start, product.months);
    }
    const [renewed] = await tx
      .update(sandboxSubscriptions)
      .set({ currentPeriodStart: start, currentPeriodEnd: end })
      .where(eq(sandboxSubscriptions.id, id))
      .returning();
    await this.emit(tx, 'invoice.paid', invoiceObject(renewed!, 'paid'));
    await this.emit(tx, 'customer.subscription.updated', subscriptionObject(renewed!));
  }

  private async lockSubscription(tx: Tx, id: string) {
    const [row] = await tx
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.id, id))
      .for('update');
    return row;
  }

  productOf(row: { productId: string }): Product | undefined {
    return productById(row.productId);
  }
}
