/** Accounts: registered users and device-bound visitors. */
import { bigint, boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  /** Public member code, used where other people refer to this user. */
  code: text('code').notNull().unique(),
  /** The personal meeting number shown as userConferenceId. */
  conferenceNumber: text('conference_number').notNull().unique(),
  email: text('email').unique(),
  passwordHash: text('password_hash'),
  userName: text('user_name').notNull(),
  avatarUrl: text('avatar_url').notNull().default(''),
  userType: integer('user_type').notNull(),
  payType: integer('pay_type').notNull().default(0),
  expiredTime: bigint('expired_time', { mode: 'number' }).notNull().default(0),
  isVisitor: boolean('is_visitor').notNull().default(false),
  visitorUuid: text('visitor_uuid').unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export type UserRow = typeof users.$inferSelect;
