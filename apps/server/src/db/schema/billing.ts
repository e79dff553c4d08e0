/**
 * Subscriptions as this service knows them (what decides a user's plan), the payment sessions a
 * user started, and the provider events already applied. The provider (Stripe, or the built-in
 * sandbox) owns the truth; these rows are our copy of it, changed only by its signed events or by
 * reading it back.
 */
import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** The provider's customer record of a user (one per provider). */
export const paymentCustomers = pgTable('payment_customers', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  customerId: text('customer_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** A checkout a user started (createSubscribeSession); paymentStatus reads its status. */
export const paymentSessions = pgTable(
  'payment_sessions',
  {
    sessionId: text('session_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    productType: integer('product_type').notNull(),
    /** 1 pending, 2 success, 3 failed (PAYMENT_STATUS). */
    status: integer('status').notNull(),
    subscriptionId: text('subscription_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('payment_sessions_user_idx').on(t.userId)],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    /** The provider's subscription id. */
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    productType: integer('product_type').notNull(),
    /** The provider's words: active, trialing, past_due, unpaid, canceled, incomplete… */
    status: text('status').notNull(),
    currentPeriodStart: bigint('current_period_start', { mode: 'number' }).notNull(),
    currentPeriodEnd: bigint('current_period_end', { mode: 'number' }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId)],
);

/** Provider events applied, by id: a replayed event is recognised and changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  /** When the provider made the event. */
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});

export type PaymentSessionRow = typeof paymentSessions.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
