/**
 * Live captions: the final line of every utterance (the meeting transcript, which the recording
 * issue reads too), and each member's speech settings for a meeting — the language they speak,
 * the language they read captions in, interpretation of their own speech, and the language they
 * listen in. Settings are per person and meeting, so a reconnect or a restart keeps them.
 */
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { conferences } from './conferences.js';
import { users } from './users.js';

export const captionLines = pgTable(
  'caption_lines',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conferences.id, { onDelete: 'cascade' }),
    speakerId: integer('speaker_id')
      .notNull()
      .references(() => users.id),
    speakerName: text('speaker_name').notNull(),
    text: text('text').notNull(),
    /** The language it was spoken in. */
    language: text('language').notNull(),
    /** The speech engine that heard it. */
    engine: text('engine').notNull(),
    startTime: bigint('start_time', { mode: 'number' }).notNull(),
    endTime: bigint('end_time', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('caption_lines_conf_idx').on(t.conferenceId, t.startTime)],
);

export type CaptionLineRow = typeof captionLines.$inferSelect;

export const speechSettings = pgTable(
  'speech_settings',
  {
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conferences.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** This member reads captions while the meeting has them (they may hide them). */
    captionsOn: boolean('captions_on').notNull().default(true),
    /** The language this member speaks (what the speech engine listens for). */
    speakLanguage: text('speak_language').notNull().default('en'),
    /** Captions translated into this language; '' shows them as spoken. */
    captionLanguage: text('caption_language').notNull().default(''),
    /** Interpretation of this member's speech: on, into which language, with which voice. */
    interpretOn: boolean('interpret_on').notNull().default(false),
    interpretTarget: text('interpret_target').notNull().default(''),
    /** 1 man, 2 woman (SPEC.md's translateTone). */
    interpretTone: integer('interpret_tone').notNull().default(1),
    /** The language this member listens in: '' the speakers' own voices, else interpreted. */
    listenLanguage: text('listen_language').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.conferenceId, t.userId] })],
);

export type SpeechSettingsRow = typeof speechSettings.$inferSelect;
