/**
 * The sandbox's webhook outbox: events are written in the same transaction as the change they
 * report, then delivered oldest first, signed with the sandbox's secret (Stripe's scheme), to
 * the receiver — this service's webhook entry. A delivery that is not taken stays for the next
 * run: at least once, as a real provider delivers. The event objects carry Stripe's shapes, with
 * what this service reads from them.
 */
import { asc, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import {
  sandboxEvents,
  type SandboxCheckoutRow,
  type SandboxSubscriptionRow,
} from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';
import { randomCode } from '../../lib/crypto.js';
import { signPayload } from '../payment-provider.js';

/** Receives one signed event, as the webhook endpoint does; throws when it was not taken. */
export type EventReceiver = (payload: string, signature: string) => Promise<void>;

export class SandboxEvents {
  private receiver: EventReceiver | undefined;
  private delivering: Promise<void> = Promise.resolve();
  private sequence = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly secret: string,
  ) {}

  attach(receiver: EventReceiver): void {
    this.receiver = receiver;
  }

  /** Writes an event in the caller's transaction, beside the change it reports. */
  async emit(tx: Db, type: string, object: Record<string, unknown>): Promise<void> {
    const now = this.clock.now();
    // Sortable ids keep the events of one moment in the order they were made.
    const order = `${now.toString(36).padStart(10, '0')}${(this.sequence++ % 1296).toString(36).padStart(2, '0')}`;
    const id = `evt_sbx_${order}${randomCode(10)}`;
    const payload = JSON.stringify({
      id,
      object: 'event',
      api_version: 'sandbox',
      created: Math.floor(now / 1000),
      livemode: false,
      type,
      data: { object },
    });
    await tx.insert(sandboxEvents).values({ id, payload, createdAt: new Date(now) });
  }

  /**
   * Delivers the events not delivered yet, oldest first, one delivery run at a time in this
   * process. A refused delivery stops the run; the next one tries again.
   */
  deliverPending(): Promise<void> {
    const run = this.delivering.then(() => this.deliverNow());
    this.delivering = run.catch(() => undefined);
    return run;
  }

  private async deliverNow(): Promise<void> {
    const receiver = this.receiver;
    if (!receiver) return;
    const pending = await this.db
      .select()
      .from(sandboxEvents)
      .where(isNull(sandboxEvents.deliveredAt))
      .orderBy(asc(sandboxEvents.createdAt), asc(sandboxEvents.id))
      .limit(100);
    for (const event of pending) {
      const signature = signPayload(event.payload, this.secret, this.clock.now());
      try {
        await receiver(event.payload, signature);
      } catch (error) {
        this.log.warn({ err: error, event: event.id }, 'sandbox event not delivered; will retry');
        return;
      }
      await this.db
        .update(sandboxEvents)
        .set({ deliveredAt: new Date(this.clock.now()) })
        .where(eq(sandboxEvents.id, event.id));
    }
  }
}

// Stripe-shaped objects, with what this service reads from them.

export function checkoutObject(row: SandboxCheckoutRow): Record<string, unknown> {
  return {
    id: row.id,
    object: 'checkout.session',
    mode: 'subscription',
    status: row.status,
    payment_status: row.status === 'complete' ? 'paid' : 'unpaid',
    customer: row.customerId,
    subscription: row.subscriptionId,
    client_reference_id: row.clientReference,
  };
}

export function subscriptionObject(row: SandboxSubscriptionRow): Record<string, unknown> {
  const start = Math.floor(row.currentPeriodStart / 1000);
  const end = Math.floor(row.currentPeriodEnd / 1000);
  return {
    id: row.id,
    object: 'subscription',
    customer: row.customerId,
    status: row.status,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    metadata: { userId: row.clientReference },
    items: {
      object: 'list',
      data: [
        { price: { id: row.productId }, current_period_start: start, current_period_end: end },
      ],
    },
  };
}

export function invoiceObject(
  row: SandboxSubscriptionRow,
  status: 'paid' | 'open',
): Record<string, unknown> {
  return {
    id: `in_sbx_${randomCode(24)}`,
    object: 'invoice',
    customer: row.customerId,
    status,
    parent: { type: 'subscription_details', subscription_details: { subscription: row.id } },
  };
}
