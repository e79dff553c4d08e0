/** Meetings (instant and reserved), who is or was in them, who may not come back, and ratings. */
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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { MyState } from '@meet/shared';
import { users } from './users.js';

export const conferences = pgTable(
  'conferences',
  {
    id: serial('id').primaryKey(),
    /** The number people type to join: 9–10 digits, random. */
    conferenceId: text('conference_id').notNull().unique(),
    /** An opaque id used by calls that address a live meeting. */
    conferenceUri: text('conference_uri').notNull().unique(),
    topic: text('topic').notNull(),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id),
    /** 0 when the host has left and nobody holds the role. */
    hostId: integer('host_id').notNull(),
    /**
     * When the host left others in the meeting without a host (issue 29): past the reconnect
     * grace the role passes to the longest-present signed-in member. Null while someone hosts.
     */
    hostLeftAt: timestamp('host_left_at', { withTimezone: true }),
    /** The host got the role by that handover: the creator, on returning, takes it back. */
    hostHandedOver: boolean('host_handed_over').notNull().default(false),
    /** 1 reserved, 2 running, 3 finished. */
    status: integer('status').notNull(),
    reserved: boolean('reserved').notNull(),
    timezone: text('timezone').notNull(),
    startTime: bigint('start_time', { mode: 'number' }).notNull(),
    /** Planned end of a reservation; instant meetings have none. */
    endTime: bigint('end_time', { mode: 'number' }),
    /** 1: speech recognition (captions) runs in this meeting; 0: it does not. */
    asrStatus: integer('asr_status').notNull().default(0),
    /** The host turned captions off for everyone: members cannot turn them back on. */
    captionsLocked: boolean('captions_locked').notNull().default(false),
    translate: integer('translate').notNull().default(0),
    confMute: integer('conf_mute').notNull().default(0),
    lockRoom: boolean('lock_room').notNull().default(false),
    waitingRoom: boolean('waiting_room').notNull().default(false),
    /** 1 when the creator's calendar subscription carries this meeting (syncCalendar). */
    syncCalendar: integer('sync_calendar').notNull().default(0),
    /** The calendar event's SEQUENCE: raised on every change of a scheduled meeting. */
    calendarSequence: integer('calendar_sequence').notNull().default(0),
    /** Whether members other than the host may share their screen. */
    screenShareAllowed: boolean('screen_share_allowed').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('conferences_creator_idx').on(t.creatorId, t.status),
    index('conferences_status_idx').on(t.status),
  ],
);

/**
 * A meeting as the app reads it: its row, and the state of its running cloud recording. The
 * recordings table owns that state (the meeting's row with status 'recording');
 * conferences/conference-fields.ts reads it with every meeting.
 */
export type ConferenceRow = typeof conferences.$inferSelect & {
  /** 1 while a cloud recording runs. */
  recordStatus: number;
  /** The running recording's type: 1 audio, 2 video (0 when none). */
  recordType: number;
  /** When the running recording began. */
  recordStartedAt: Date | null;
};

/** What may be written to a meeting's row (the recording's state is not the row's). */
export type ConferenceChanges = Partial<typeof conferences.$inferInsert>;

export const conferenceMembers = pgTable(
  'conference_members',
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
    voiceLanguage: text('voice_language').notNull().default(''),
    subtitle: integer('subtitle').notNull().default(0),
    translate: integer('translate').notNull().default(0),
    /** joined, left, replaced (the same user joined on another device), removed. */
    state: text('state').$type<Exclude<MyState, 'none'>>().notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    leftAt: timestamp('left_at', { withTimezone: true }),
    /** A `/room` socket of this device is connected now. */
    roomConnected: boolean('room_connected').notNull().default(false),
    /**
     * While not connected: when the seat is given up unless the device connects (a join
     * without a room connection, a dropped connection, a server restart).
     */
    seatDeadline: timestamp('seat_deadline', { withTimezone: true }),
  },
  (t) => [
    index('conference_members_conf_idx').on(t.conferenceId, t.state),
    index('conference_members_user_idx').on(t.userId),
  ],
);

export type ConferenceMemberRow = typeof conferenceMembers.$inferSelect;

/**
 * The host's word on one member of a meeting: forced mute (null follows the meeting-wide
 * confMute), disabled camera, raised hand. Kept with the meeting so a restart, a reconnect or a
 * rejoin does not lift it.
 */
export const memberControls = pgTable(
  'member_controls',
  {
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conferences.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    forceMute: boolean('force_mute'),
    videoDisabled: boolean('video_disabled').notNull().default(false),
    /** 0 none, 1 apply, 2 approve, 3 refuse. */
    handUp: integer('hand_up').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.conferenceId, t.userId] })],
);

export type MemberControlsRow = typeof memberControls.$inferSelect;

export const conferenceBlocklist = pgTable(
  'conference_blocklist',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conferences.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('conference_blocklist_uq').on(t.conferenceId, t.userId)],
);

export const conferenceEvaluations = pgTable('conference_evaluations', {
  id: serial('id').primaryKey(),
  conferenceId: integer('conference_id')
    .notNull()
    .references(() => conferences.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  score: integer('score').notNull(),
  comment: text('comment').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
