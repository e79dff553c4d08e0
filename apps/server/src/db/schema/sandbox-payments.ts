/**
 * The built-in sandbox payment provider's own records: what a card-payment provider keeps on its
 * side (checkout sessions, subscriptions with the card on file, portal sessions, and the events
 * it still has to deliver). This service reads them only through the provider interface.
 */
import { bigint, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const sandboxCheckouts = pgTable('sandbox_checkouts', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  customerEmail: text('customer_email').notNull().default(''),
  /** Our user id, as Stripe's client_reference_id. */
  clientReference: text('client_reference').notNull(),
  productId: text('product_id').notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  /** open, complete, expired (Stripe's words). */
  status: text('status').notNull(),
  subscriptionId: text('subscription_id'),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
});

export const sandboxSubscriptions = pgTable(
  'sandbox_subscriptions',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    clientReference: text('client_reference').notNull(),
    productId: text('product_id').notNull(),
    /** active, past_due, canceled. */
    status: text('status').notNull(),
    currentPeriodStart: bigint('current_period_start', { mode: 'number' }).notNull(),
    currentPeriodEnd: bigint('current_period_end', { mode: 'number' }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** The test card on file: its last four digits say how renewals go. */
    cardLast4: text('card_last4').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('sandbox_subscriptions_customer_idx').on(t.customerId)],
);

export const sandboxPortalSessions = pgTable('sandbox_portal_sessions', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  returnUrl: text('return_url').notNull(),
  expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
});

/** Events the sandbox made, kept until delivered (at least once, like a real provider). */
export const sandboxEvents = pgTable(
  'sandbox_events',
  {
    id: text('id').primaryKey(),
    payload: text('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [index('sandbox_events_pending_idx').on(t.deliveredAt, t.createdAt)],
);

export type SandboxCheckoutRow = typeof sandboxCheckouts.$inferSelect;
export type SandboxSubscriptionRow = typeof sandboxSubscriptions.$inferSelect;
