/**
 * Magic Cam (issue 15): users' free styles and their publishing state, favourites (of system
 * templates too, so kept by the style's text id), subscriptions to others' published styles,
 * each user's current style and celebrity names, and the metered sessions. A style's `hot` is
 * counted from favourites and subscriptions when read, so it can never drift from them.
 */
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { conferences } from './conferences.js';
import { users } from './users.js';

export const magicStyles = pgTable(
  'magic_styles',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prompt: text('prompt').notNull(),
    /** The 256x256 JPEG shown for it (`magic/covers/…`), once made. */
    coverKey: text('cover_key'),
    /** The picture its author sent, kept until the publish job has made the cover from it. */
    sourceKey: text('source_key'),
    /** MAGIC_PUBLISH_STATUS. */
    status: integer('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('magic_styles_user_idx').on(t.userId, t.id),
    index('magic_styles_status_idx').on(t.status, t.id),
  ],
);

export const magicFavorites = pgTable(
  'magic_favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `system-<slug>` for a template, the free style's id as text otherwise. */
    styleKey: text('style_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.styleKey] }),
    index('magic_favorites_style_idx').on(t.styleKey),
  ],
);

export const magicSubscriptions = pgTable(
  'magic_subscriptions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    styleId: integer('style_id')
      .notNull()
      .references(() => magicStyles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.styleId] }),
    index('magic_subscriptions_style_idx').on(t.styleId),
  ],
);

/** SPEC.md "Magic-cam state": the item/type in use, and the celebrities list. */
export const magicSettings = pgTable('magic_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  styleId: text('style_id'),
  prompt: text('prompt'),
  famousNames: jsonb('famous_names').$type<string[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * One use of Magic Cam, from getToken to its end. The time it ran is metered on the app's clock
 * and kept here with the minutes paid, so a reconnect, a restart or another node carries on the
 * same count (the ledger's charge keys name this row and the minute).
 */
export const magicSessions = pgTable(
  'magic_sessions',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 of the token given to the browser. */
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The meeting it was opened in (getToken type 0), which the ledger rows name. */
    conferenceId: integer('conference_id').references(() => conferences.id, {
      onDelete: 'set null',
    }),
    /** 'webgl' | 'stream'. */
    engine: text('engine').notNull(),
    prompt: text('prompt'),
    meteredMs: bigint('metered_ms', { mode: 'number' }).notNull().default(0),
    minutesPaid: integer('minutes_paid').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The first `start`. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** When its socket went away (metering pauses); null while connected or never started. */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** MAGIC_CLOSE_REASONS. */
    closeReason: text('close_reason'),
  },
  (t) => [
    uniqueIndex('magic_sessions_token_uq').on(t.tokenHash),
    index('magic_sessions_user_idx').on(t.userId, t.id),
  ],
);

export type MagicStyleRow = typeof magicStyles.$inferSelect;
export type MagicSessionRow = typeof magicSessions.$inferSelect;
