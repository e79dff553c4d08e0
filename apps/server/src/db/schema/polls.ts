/**
 * Polls of a meeting: the poll, its questions and options (numbered 1..n as the API shows
 * them), and one ballot per voter with the options chosen. Deleting a poll deletes the rest.
 */
import {
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
import { conferences } from './conferences.js';
import { users } from './users.js';

export const polls = pgTable(
  'polls',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conferences.id, { onDelete: 'cascade' }),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    anonymous: boolean('anonymous').notNull(),
    /** 0 not launched, 1 in progress, 2 ended; only ever moves forward. */
    status: integer('status').notNull().default(0),
    resultPublished: boolean('result_published').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('polls_conference_idx').on(t.conferenceId)],
);

export type PollRow = typeof polls.$inferSelect;

export const pollQuestions = pgTable(
  'poll_questions',
  {
    id: serial('id').primaryKey(),
    pollId: integer('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    /** The questionId the API shows: 1..n in order. */
    questionNo: integer('question_no').notNull(),
    title: text('title').notNull(),
    /** 0 single choice, 1 multiple choice. */
    type: integer('type').notNull(),
  },
  (t) => [uniqueIndex('poll_questions_uq').on(t.pollId, t.questionNo)],
);

export const pollOptions = pgTable(
  'poll_options',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => pollQuestions.id, { onDelete: 'cascade' }),
    /** The optionId the API shows: 1..n within the question. */
    optionNo: integer('option_no').notNull(),
    optionDesc: text('option_desc').notNull(),
  },
  (t) => [uniqueIndex('poll_options_uq').on(t.questionId, t.optionNo)],
);

export const pollBallots = pgTable(
  'poll_ballots',
  {
    id: serial('id').primaryKey(),
    pollId: integer('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The voter's meeting name; empty for anonymous polls, which never name voters. */
    nickname: text('nickname').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  // One vote per member, enforced here so two devices voting at once cannot both count.
  (t) => [uniqueIndex('poll_ballots_uq').on(t.pollId, t.userId)],
);

export const pollChoices = pgTable(
  'poll_choices',
  {
    ballotId: integer('ballot_id')
      .notNull()
      .references(() => pollBallots.id, { onDelete: 'cascade' }),
    optionId: integer('option_id')
      .notNull()
      .references(() => pollOptions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.ballotId, t.optionId] }),
    index('poll_choices_option_idx').on(t.optionId),
  ],
);
