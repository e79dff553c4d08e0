/**
 * AI credits. A user's balance is kept on the user row (changed only together with a ledger
 * row, in one transaction) and the ledger says why each change happened. Charges for a feature
 * of a meeting carry a key (meeting, feature, minute) that is unique, so a minute is never
 * charged twice, whichever node or retry tries.
 */
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { conferences } from './conferences.js';
import { users } from './users.js';

export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    /** signup, translate, interpret, magicCam, proGrant, … */
    reason: text('reason').notNull(),
    /** The meeting a charge was for. */
    conferenceId: integer('conference_id').references(() => conferences.id, {
      onDelete: 'set null',
    }),
    /** Minutes of the feature this row pays for. */
    minutes: integer('minutes').notNull().default(0),
    /** Unique per charged unit (e.g. `translate:<meeting>:<minute>`): a charge happens once. */
    chargeKey: text('charge_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('credit_ledger_user_idx').on(t.userId, t.id),
    uniqueIndex('credit_ledger_charge_key_uq').on(t.chargeKey),
  ],
);

export type CreditLedgerRow = typeof creditLedger.$inferSelect;
