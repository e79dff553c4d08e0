/**
 * Our side of the payment records: customers, the payment sessions users started, our copy of
 * each subscription, the provider events applied, and the user's plan that follows from them.
 */
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  PAYMENT_STATUS,
  PAY_TYPE_WEB,
  PRODUCT_TYPE,
  RENEWAL_GRACE_MS,
  USER_TYPE_BASIC,
  USER_TYPE_PRO,
} from '@meet/shared';
import type { Db } from '../db/database.js';
import {
  paymentCustomers,
  paymentEvents,
  paymentSessions,
  subscriptions,
  users,
  type PaymentSessionRow,
  type SubscriptionRow,
} from '../db/schema/index.js';
import type { Clock } from '../lib/clock.js';
import type { ProviderEvent, SubscriptionSnapshot } from './payment-provider.js';
import type { AccountChanges } from '../sessions/account-changes.js';

/** The provider states in which a subscription is paid for. */
export const PAYING_STATUSES = ['active', 'trialing'];
/** A renewal failed; the provider is still trying the card. */
export const UNPAID_STATUSES = ['past_due', 'unpaid'];

/** Until when a subscription gives Pro: its period's end, with a grace while it renews. */
export function proUntilOf(
  sub: Pick<SubscriptionRow, 'status' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'>,
): number {
  if (!PAYING_STATUSES.includes(sub.status)) return 0;
  return sub.currentPeriodEnd + (sub.cancelAtPeriodEnd ? 0 : RENEWAL_GRACE_MS);
}

/**
 * Whether a snapshot is older than what we hold: a subscription never comes back from canceled
 * (or incomplete_expired), and its period never goes backwards. Reads of the provider that
 * crossed on the way in are dropped this way.
 */
export function isStale(held: SubscriptionRow, snapshot: SubscriptionSnapshot): boolean {
  const ended = (status: string) => status === 'canceled' || status === 'incomplete_expired';
  if (ended(held.status) && !ended(snapshot.status)) return true;
  return snapshot.currentPeriodEnd < held.currentPeriodEnd;
}

export class BillingRepository {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly changes: AccountChanges,
  ) {}

  private now() {
    return new Date(this.clock.now());
  }

  async customerOf(userId: number, provider: string): Promise<string | undefined> {
    const [row] = await this.db
      .select()
      .from(paymentCustomers)
      .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider)));
    return row?.customerId;
  }

  async userOfCustomer(customerId: string, tx: Db = this.db): Promise<number | undefined> {
    const [row] = await tx
      .select({ userId: paymentCustomers.userId })
      .from(paymentCustomers)
      .where(eq(paymentCustomers.customerId, customerId));
    return row?.userId;
  }

  async createSession(input: {
    sessionId: string;
    userId: number;
    provider: string;
    productType: number;
  }): Promise<void> {
    const now = this.now();
    await this.db.insert(paymentSessions).values({
      ...input,
      status: PAYMENT_STATUS.pending,
      createdAt: now,
      updatedAt: now,
    });
  }

  async session(sessionId: string): Promise<PaymentSessionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.sessionId, sessionId));
    return row;
  }

  /** Settles a pending session (a settled one stays as it is). */
  async settleSession(
    sessionId: string,
    status: number,
    subscriptionId: string | null = null,
    tx: Db = this.db,
  ): Promise<void> {
    await tx
      .update(paymentSessions)
      .set({ status, ...(subscriptionId ? { subscriptionId } : {}), updatedAt: this.now() })
      .where(
        and(
          eq(paymentSessions.sessionId, sessionId),
          eq(paymentSessions.status, PAYMENT_STATUS.pending),
        ),
      );
  }

  /** Notes an event as applied; false when it was applied before (a replay). */
  async recordEvent(tx: Db, event: ProviderEvent): Promise<boolean> {
    const inserted = await tx
      .insert(paymentEvents)
      .values({
        eventId: event.id,
        type: event.type,
        createdAt: new Date(event.created),
        receivedAt: this.now(),
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.eventId });
    return inserted.length > 0;
  }

  async subscription(
    id: string,
    tx: Db = this.db,
    lock = false,
  ): Promise<SubscriptionRow | undefined> {
    const query = tx.select().from(subscriptions).where(eq(subscriptions.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  /** Holds the user's row to the end of the transaction: one plan change at a time per user. */
  async lockUser(tx: Db, userId: number): Promise<boolean> {
    const [row] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    return row !== undefined;
  }

  async saveSubscription(
    tx: Db,
    snapshot: SubscriptionSnapshot,
    userId: number,
    provider: string,
    productType: number,
  ): Promise<void> {
    const fields = {
      provider,
      userId,
      customerId: snapshot.customerId,
      productType,
      status: snapshot.status,
      currentPeriodStart: snapshot.currentPeriodStart,
      currentPeriodEnd: snapshot.currentPeriodEnd,
      cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
      updatedAt: this.now(),
    };
    await tx
      .insert(subscriptions)
      .values({ id: snapshot.id, ...fields })
      .onConflictDoUpdate({ target: subscriptions.id, set: fields });
    if (snapshot.customerId) {
      await tx
        .insert(paymentCustomers)
        .values({ userId, provider, customerId: snapshot.customerId, createdAt: this.now() })
        .onConflictDoNothing();
    }
  }

  async subscriptionsOf(userId: number, tx: Db = this.db): Promise<SubscriptionRow[]> {
    return tx.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  }

  /** The subscription that gives the user Pro now (the one lasting longest), if any. */
  async payingSubscription(userId: number, tx: Db = this.db): Promise<SubscriptionRow | undefined> {
    const now = this.clock.now();
    let best: SubscriptionRow | undefined;
    for (const sub of await this.subscriptionsOf(userId, tx)) {
      const until = proUntilOf(sub);
      if (until > now && (!best || until > proUntilOf(best))) best = sub;
    }
    return best;
  }

  /** A subscription whose renewal failed and is still being retried (its card needs fixing). */
  async unpaidSubscription(userId: number): Promise<SubscriptionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, UNPAID_STATUSES)))
      .limit(1);
    return row;
  }

  /**
   * Writes the plan that follows from the user's subscriptions: Pro (userType 2, payType 3,
   * expiredTime the period's end) while one is paid for, else basic. Returns the subscription
   * that gives Pro.
   */
  async applyPlan(tx: Db, userId: number): Promise<SubscriptionRow | undefined> {
    const best = await this.payingSubscription(userId, tx);
    if (best) {
      await tx
        .update(users)
        .set({
          userType: USER_TYPE_PRO,
          payType: PAY_TYPE_WEB,
          expiredTime: best.currentPeriodEnd,
          proUntil: proUntilOf(best),
          updatedAt: this.now(),
        })
        .where(eq(users.id, userId));
    } else {
      await tx
        .update(users)
        .set({ userType: USER_TYPE_BASIC, payType: 0, proUntil: 0, updatedAt: this.now() })
        .where(and(eq(users.id, userId), eq(users.userType, USER_TYPE_PRO)));
    }
    this.changes.userChanged(userId);
    return best;
  }

  /** Users written down as Pro whose paid time is over. */
  async lapsedProUsers(): Promise<number[]> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.userType, USER_TYPE_PRO), lte(users.proUntil, this.clock.now())));
    return rows.map((r) => r.id);
  }

  /** Users paying yearly: their monthly credits come month by month within the year. */
  async yearlyPayers(): Promise<number[]> {
    const rows = await this.db
      .selectDistinct({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.productType, PRODUCT_TYPE.yearly),
          inArray(subscriptions.status, PAYING_STATUSES),
          sql`${subscriptions.currentPeriodEnd} > ${this.clock.now()}`,
        ),
      );
    return rows.map((r) => r.userId);
  }
}
