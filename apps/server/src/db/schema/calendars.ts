/**
 * Calendars (issue 16): each user's private subscription feed of their scheduled meetings (a
 * secret address like a calendar app's "secret iCal address": the token is kept so the address
 * can be shown again, and a reset replaces it), and the scheduled meetings deleted lately, which
 * the feed keeps as cancelled events so calendars remove them.
 */
import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const calendarFeeds = pgTable('calendar_feeds', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const calendarCancellations = pgTable(
  'calendar_cancellations',
  {
    id: serial('id').primaryKey(),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The meeting number (the event's UID is made from it). */
    conferenceId: text('conference_id').notNull(),
    topic: text('topic').notNull(),
    startTime: bigint('start_time', { mode: 'number' }).notNull(),
    endTime: bigint('end_time', { mode: 'number' }).notNull(),
    /** The event's SEQUENCE at cancellation (one more than its last update). */
    sequence: integer('sequence').notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('calendar_cancellations_creator_idx').on(t.creatorId, t.cancelledAt)],
);
