/**
 * Cloud recordings (SPEC.md sections 3 and 4): a recording of a meeting, the streams Janus wrote
 * for it and the timeline needed to compose them (who published, spoke and shared when, under
 * which name), its transcript and named speakers, who asked to see it, and the message center.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { conferences } from './conferences.js';
import { users } from './users.js';

export const recordings = pgTable(
  'recordings',
  {
    id: serial('id').primaryKey(),
    /** The public id of /rec/{id} and of the API's recordId. */
    recordId: text('record_id').notNull().unique(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conferences.id, { onDelete: 'cascade' }),
    /** Who started it: the recording is theirs (their quota, their message center). */
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    /** audio | video */
    recordType: text('record_type').notNull(),
    /** speech | grid */
    layout: text('layout').notNull(),
    /** recording | processing | ready | failed */
    status: text('status').notNull(),
    /** 0–100 while processing. */
    progress: integer('progress').notNull().default(0),
    /** What the processing is doing now (for the owner), and why it failed. */
    stage: text('stage').notNull().default(''),
    error: text('error').notNull().default(''),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    durationMs: bigint('duration_ms', { mode: 'number' }).notNull().default(0),
    /** Bytes of every file kept for it (counts against the owner's storage). */
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    /** BlobStore keys of the results ('' until made). */
    videoKey: text('video_key').notNull().default(''),
    audioKey: text('audio_key').notNull().default(''),
    previewKey: text('preview_key').notNull().default(''),
    /**
     * Each member's own sound (janus-pp-rec's Opus, untouched) kept beside the mix, placed on the
     * recording: the transcript pass run again (`convertToText`) hears them, not the mix.
     */
    voices: jsonb('voices')
      .$type<{ key: string; userId: number; offsetMs: number }[]>()
      .notNull()
      .default([]),
    /** private (only me) | applicants (people I let in) | link (everyone with the link). */
    shareScope: text('share_scope').notNull().default('private'),
    /**
     * Signed into every link to its files (records/recording-links.ts): raised when the sharing
     * narrows, which makes the links handed out before worthless.
     */
    linkVersion: integer('link_version').notNull().default(0),
    /** AI minutes and chapters, and the engine that wrote them ('' until made). */
    minutes: text('minutes').notNull().default(''),
    chapters: jsonb('chapters')
      .$type<{ startTime: number; title: string }[]>()
      .notNull()
      .default([]),
    summaryEngine: text('summary_engine').notNull().default(''),
    /** none | processing | ready | failed */
    summaryStatus: text('summary_status').notNull().default('none'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('recordings_owner_idx').on(t.ownerId, t.createdAt),
    index('recordings_conference_idx').on(t.conferenceId),
    // A meeting has one running recording at most: two starts at once cannot both make one.
    uniqueIndex('recordings_running_uq')
      .on(t.conferenceId)
      .where(sql`${t.status} = 'recording'`),
  ],
);

export type RecordingRow = typeof recordings.$inferSelect;

/** One stream Janus recorded for a recording: a member's camera or screen, from a time to a time. */
export const recordingStreams = pgTable(
  'recording_streams',
  {
    id: serial('id').primaryKey(),
    recordingId: integer('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** camera | screen */
    source: text('source').notNull(),
    /** The path prefix Janus writes under (its files end in -audio-<mid>.mjr / -video-<mid>.mjr). */
    filePrefix: text('file_prefix').notNull(),
    displayName: text('display_name').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
  },
  (t) => [index('recording_streams_rec_idx').on(t.recordingId)],
);

export type RecordingStreamRow = typeof recordingStreams.$inferSelect;

/** The recording's timeline: joins, leaves, talking, sharing, renames, at server time. */
export const recordingEvents = pgTable(
  'recording_events',
  {
    id: serial('id').primaryKey(),
    recordingId: integer('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    /** join | leave | talk_start | talk_stop | share_start | share_stop | rename */
    type: text('type').notNull(),
    userId: integer('user_id').notNull(),
    name: text('name').notNull().default(''),
    at: bigint('at', { mode: 'number' }).notNull(),
  },
  (t) => [index('recording_events_rec_idx').on(t.recordingId, t.at)],
);

export type RecordingEventRow = typeof recordingEvents.$inferSelect;

/** The recording's transcript (from the meeting's captions and a speech pass), editable names. */
export const recordingTranscript = pgTable(
  'recording_transcript',
  {
    id: serial('id').primaryKey(),
    recordingId: integer('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    /** Who spoke (a user id, or 0 when the speech pass could not tell). */
    speakerId: integer('speaker_id').notNull(),
    text: text('text').notNull(),
    language: text('language').notNull().default(''),
    /** Milliseconds from the start of the recording. */
    startTime: bigint('start_time', { mode: 'number' }).notNull(),
    endTime: bigint('end_time', { mode: 'number' }).notNull(),
    /** captions | speech (the pass over the recording's audio where captions were off) */
    origin: text('origin').notNull(),
  },
  (t) => [index('recording_transcript_rec_idx').on(t.recordingId, t.startTime)],
);

export type RecordingTranscriptRow = typeof recordingTranscript.$inferSelect;

/** The names the transcript shows for its speakers (the owner may correct them). */
export const recordingSpeakers = pgTable(
  'recording_speakers',
  {
    id: serial('id').primaryKey(),
    recordingId: integer('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    speakerId: integer('speaker_id').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('recording_speakers_uq').on(t.recordingId, t.speakerId)],
);

/**
 * A request to see someone's recording (SPEC.md section 4): 1 pending, 2 approved, 3 denied,
 * 4 expired (0, not applied, is the absence of a row).
 */
export const recordingAccess = pgTable(
  'recording_access',
  {
    id: serial('id').primaryKey(),
    /** The public permissionRequestId. */
    requestId: text('request_id').notNull().unique(),
    recordingId: integer('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    applicantId: integer('applicant_id')
      .notNull()
      .references(() => users.id),
    status: integer('status').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** A pending request lapses (status 4) at this time. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The applicant took the recording off their list (deleteSharedRecord). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [index('recording_access_rec_idx').on(t.recordingId, t.applicantId)],
);

export type RecordingAccessRow = typeof recordingAccess.$inferSelect;

/** The message center (SPEC.md sections 3 and 4): one row a message to a user. */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** apply | record | business */
    pushType: text('push_type').notNull(),
    /** What the message says, as SPEC.md's content JSON (apply / record / business info). */
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('messages_user_idx').on(t.userId, t.id)],
);

export type MessageRow = typeof messages.$inferSelect;
