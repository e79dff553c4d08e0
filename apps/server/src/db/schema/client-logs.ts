/**
 * Client log entries (`/client-log/report`, SPEC.md section 3): what a user's client reported
 * (device errors of the permission flow…). Kept CLIENT_LOG_RETENTION_MS after arrival and at most
 * CLIENT_LOG_PER_USER_CAP per user (ops/client-logs-repository.ts).
 */
import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const clientLogs = pgTable(
  'client_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** When it happened on the client (ms), as the client says. */
    logTime: bigint('log_time', { mode: 'number' }).notNull(),
    eventType: text('event_type').notNull(),
    agent: text('agent').notNull(),
    peerId: text('peer_id').notNull(),
    roomId: text('room_id').notNull(),
    meetingId: text('meeting_id').notNull(),
    /** The entry's value as JSON text, or null. */
    value: text('value'),
    /** When the server got it: retention counts from here, not from the client's clock. */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('client_logs_user_idx').on(t.userId, t.id),
    index('client_logs_received_idx').on(t.receivedAt),
  ],
);

export type ClientLogRow = typeof clientLogs.$inferSelect;
