/**
 * Virtual backgrounds a user uploaded (issue 15): the square PNG in the blob store
 * (`backgrounds/…`, served under /files). The images that ship with the product are not rows.
 */
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const virtualBackgrounds = pgTable(
  'virtual_backgrounds',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('virtual_backgrounds_user_idx').on(t.userId, t.id)],
);

export type VirtualBackgroundRow = typeof virtualBackgrounds.$inferSelect;
