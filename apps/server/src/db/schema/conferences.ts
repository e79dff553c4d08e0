/** Meetings (instant and reserved), who is or was in them, who may not come back, and ratings. */
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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
    /** 1 reserved, 2 running, 3 finished. */
    status: integer('status').notNull(),
    reserved: boolean('reserved').notNull(),
    timezone: text('timezone').notNull(),
    startTime: bigint('start_time', { mode: 'number' }).notNull(),
    /** Planned end of a reservation; instant meetings have none. */
    endTime: bigint('end_time', { mode: 'number' }),
    asrStatus: integer('asr_status').notNull().default(0),
    translate: integer('translate').notNull().default(0),
    confMute: integer('conf_mute').notNull().default(0),
    lockRoom: boolean('lock_room').notNull().default(false),
    waitingRoom: boolean('waiting_room').notNull().default(false),
    recordStatus: integer('record_status').notNull().default(0),
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

export type ConferenceRow = typeof conferences.$inferSelect;

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
    state: text('state').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [
    index('conference_members_conf_idx').on(t.conferenceId, t.state),
    index('conference_members_user_idx').on(t.userId),
  ],
);

export type ConferenceMemberRow = typeof conferenceMembers.$inferSelect;

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
