/** Breakout rooms of a meeting: the host's plan (room names, who goes where) and its state. */
import { bigint, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { conferences } from './conferences.js';

export const breakouts = pgTable('breakouts', {
  conferenceId: integer('conference_id')
    .primaryKey()
    .references(() => conferences.id, { onDelete: 'cascade' }),
  /** The rooms' names; room k (1-based) is rooms[k - 1]. Room 0 is the main room. */
  rooms: jsonb('rooms').$type<string[]>().notNull(),
  /** Who goes to which room (members absent here stay in the main room). */
  assignments: jsonb('assignments').$type<{ userId: number; room: number }[]>().notNull(),
  /** 'idle' (planned or closed), 'open', 'closing' (the countdown back runs). */
  status: text('status').notNull(),
  /** When the host's timer ends (ms); null without a timer. */
  endsAt: bigint('ends_at', { mode: 'number' }),
  /** When the countdown back to the main room ends (ms), while closing. */
  closesAt: bigint('closes_at', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export type BreakoutRow = typeof breakouts.$inferSelect;
