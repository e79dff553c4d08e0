/** What people do in a meeting that must last: chat, and the waiting room. */
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { conferences } from './conferences.js';
import { users } from './users.js';

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conferences.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id),
    senderCode: text('sender_code').notNull(),
    senderName: text('sender_name').notNull(),
    text: text('text').notNull(),
    /** The breakout room it was said in: 0 the main room. */
    room: integer('room').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('chat_messages_conf_idx').on(t.conferenceId, t.id)],
);

export type ChatMessageRow = typeof chatMessages.$inferSelect;

export const waitingRoomEntries = pgTable(
  'waiting_room_entries',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conferences.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    deviceId: text('device_id').notNull(),
    userConferenceName: text('user_conference_name').notNull(),
    userAvatar: text('user_avatar').notNull().default(''),
    /** 1 admitted (joined), 2 waiting, 3 approved. */
    status: integer('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('waiting_room_entries_uq').on(t.conferenceId, t.userId)],
);

export type WaitingRoomEntryRow = typeof waitingRoomEntries.$inferSelect;
