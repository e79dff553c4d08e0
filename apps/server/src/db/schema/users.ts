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
  /** AI credits now: the sum of the user's ledger rows, kept here so it is read, not summed. */
  creditBalance: integer('credit_balance').notNull().default(0),
  isVisitor: boolean('is_visitor').notNull().default(false),
  visitorUuid: text('visitor_uuid').unique(),
  /** Sign-in by text message: the number in E.164 form. */
  phone: text('phone').unique(),
  /** Sign-in with Google: the OpenID Connect subject (`sub`) of the linked account. */
  googleSub: text('google_sub').unique(),
  /**
   * When Pro ends (ms): the paid period's end, plus a grace while a renewal is on its way. The
   * plan is Pro only while userType says so and this is in the future (payments/entitlements).
   */
  proUntil: bigint('pro_until', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export type UserRow = typeof users.$inferSelect;
