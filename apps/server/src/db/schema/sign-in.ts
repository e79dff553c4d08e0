/**
 * The other ways to sign in: codes sent by text message, QR codes a signed-in device approves,
 * and Google (OpenID Connect) sign-ins between the redirect out and their use.
 */
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** One row per code sent to a phone; the rows are also what the send limits count. */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('phone_codes_phone_idx').on(t.phone, t.createdAt),
    index('phone_codes_ip_idx').on(t.ip, t.createdAt),
  ],
);

export const scanLogins = pgTable('scan_logins', {
  /** Public: in the QR code. */
  scanId: text('scan_id').primaryKey(),
  /** SHA-256 of the key only the waiting device holds. */
  pollKeyHash: text('poll_key_hash').notNull(),
  /** What the server saw of the asking device (sign-in/scan-requester.ts: JSON). */
  deviceName: text('device_name').notNull(),
  /** waiting, scanned, approved, denied. "used" and "expired" follow from the times. */
  status: text('status').notNull(),
  approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * A Google sign-in: made when the user is sent to Google (state, nonce and PKCE verifier kept
 * here, not in the browser), completed by the callback with who Google says it is, then used
 * once by its ticket (sign-in or linking).
 */
export const googleSignIns = pgTable('google_sign_ins', {
  state: text('state').primaryKey(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  /** login or bind. */
  purpose: text('purpose').notNull(),
  /** Bind: the account that asked to link Google. */
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  /** Where the app goes afterwards (a path of this site). */
  returnTo: text('return_to').notNull().default(''),
  subject: text('subject'),
  email: text('email'),
  emailVerified: integer('email_verified').notNull().default(0),
  name: text('name'),
  /**
   * SHA-256 of a secret kept in an HttpOnly cookie of the browser that started the sign-in: the
   * ticket is good only in that browser, so a leaked callback address signs nobody in.
   */
  browserHash: text('browser_hash').notNull(),
  /** SHA-256 of the one-time ticket the callback hands to the app. */
  ticketHash: text('ticket_hash').unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export type ScanLoginRow = typeof scanLogins.$inferSelect;
export type GoogleSignInRow = typeof googleSignIns.$inferSelect;
