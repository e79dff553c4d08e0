/**
 * Virtual backgrounds a user uploaded (issue 15): the square image in the blob store
 * (`backgrounds/…`, served under /files), JPEG or PNG. The images that ship with the product are
 * not rows.
 */
import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const virtualBackgrounds = pgTable(
  'virtual_backgrounds',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    /** The stored file's bytes (they count against the owner's storage, with recordings). */
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('virtual_backgrounds_user_idx').on(t.userId, t.id)],
);

export type VirtualBackgroundRow = typeof virtualBackgrounds.$inferSelect;
