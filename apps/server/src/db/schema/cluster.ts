/**
 * Several nodes on one database: who is alive (each node's heartbeat) and which media node holds
 * each live meeting. Empty in the embedded default, where one process does everything.
 */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { conferences } from './conferences.js';

export const clusterNodes = pgTable('cluster_nodes', {
  /** Random per process start: a restarted node is a new node. */
  id: text('id').primaryKey(),
  /** ROLE: 'all', 'api', 'media' or 'worker'. */
  role: text('role').notNull(),
  /** PUBLIC_URL, when the node has one; else members reach it on `port` at the address they used. */
  publicUrl: text('public_url'),
  port: integer('port').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  /** The last heartbeat, on the database's clock (nodes' clocks may differ). */
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
});

export const meetingPlacements = pgTable(
  'meeting_placements',
  {
    conferenceId: integer('conference_id')
      .primaryKey()
      .references(() => conferences.id, { onDelete: 'cascade' }),
    /** The media node whose Janus holds the meeting (no foreign key: a dead node's row goes). */
    nodeId: text('node_id').notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('meeting_placements_node_idx').on(t.nodeId)],
);

export type ClusterNodeRow = typeof clusterNodes.$inferSelect;
