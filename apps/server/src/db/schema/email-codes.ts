/** Email verification codes; each row is one code sent, which is also what rate limits count. */
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const emailCodes = pgTable(
  'email_codes',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    type: text('type').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('email_codes_email_idx').on(t.email, t.createdAt),
    index('email_codes_ip_idx').on(t.ip, t.createdAt),
  ],
);
