/**
 * Feedback sent from the avatar menu (`/user/report`): what happened, who sent it from which
 * client, and the key of its screenshot in the blob store (never served publicly; the operator
 * fetches it through `/admin/feedback`).
 */
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const feedbackReports = pgTable(
  'feedback_reports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The account's email, or the one the client sent when the account has none. */
    email: text('email').notNull(),
    content: text('content').notNull(),
    /** `web/3.10.3`. */
    clientVersion: text('client_version').notNull(),
    /** The user agent. */
    device: text('device').notNull(),
    /** The screenshot in the blob store (`feedback/…`), or null without one. */
    screenshotKey: text('screenshot_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('feedback_reports_created_idx').on(t.createdAt)],
);

export type FeedbackReportRow = typeof feedbackReports.$inferSelect;
