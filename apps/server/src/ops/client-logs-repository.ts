/**
 * Client log entries, bounded two ways: each user keeps only their newest `perUserCap` entries
 * (trimmed on every write, so one noisy client cannot grow the table), and nobody's entries
 * outlive `retentionMs` after arrival (old ones are deleted on writes, at most once every
 * `purgeEveryMs`, and never listed even before that).
 */
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import {
  CLIENT_LOG_PER_USER_CAP,
  CLIENT_LOG_RETENTION_MS,
  type StoredClientLogEntry,
} from '@meet/shared';
import type { Db } from '../db/database.js';
import { clientLogs, type ClientLogRow } from '../db/schema/index.js';
import type { Clock } from '../lib/clock.js';

export interface ClientLogLimits {
  retentionMs: number;
  perUserCap: number;
  /** The expired entries of everyone are deleted at most this often. */
  purgeEveryMs: number;
}

export const CLIENT_LOG_LIMITS: ClientLogLimits = {
  retentionMs: CLIENT_LOG_RETENTION_MS,
  perUserCap: CLIENT_LOG_PER_USER_CAP,
  purgeEveryMs: 10 * 60 * 1000,
};

export class ClientLogsRepository {
  private lastPurge = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limits: ClientLogLimits = CLIENT_LOG_LIMITS,
  ) {}

  /** Stores a user's entries, then trims to the cap and purges what expired. */
  async add(userId: number, entries: StoredClientLogEntry[]): Promise<number> {
    const now = this.clock.now();
    const receivedAt = new Date(now);
    await this.db.insert(clientLogs).values(
      entries.map((e) => ({
        userId,
        logTime: e.logTime,
        eventType: e.eventType,
        agent: e.agent,
        peerId: e.peerId,
        roomId: e.roomId,
        meetingId: e.meetingId,
        value: e.value === undefined ? null : JSON.stringify(e.value),
        receivedAt,
      })),
    );
    await this.trim(userId);
    if (now - this.lastPurge >= this.limits.purgeEveryMs) {
      this.lastPurge = now;
      await this.purge();
    }
    return entries.length;
  }

  /** Everything but the user's newest `perUserCap` entries goes. */
  private async trim(userId: number): Promise<void> {
    const oldestKept = this.db
      .select({ id: clientLogs.id })
      .from(clientLogs)
      .where(eq(clientLogs.userId, userId))
      .orderBy(desc(clientLogs.id))
      .offset(this.limits.perUserCap - 1)
      .limit(1);
    await this.db
      .delete(clientLogs)
      .where(and(eq(clientLogs.userId, userId), lt(clientLogs.id, sql`(${oldestKept})`)));
  }

  /** Deletes every entry older than the retention period. */
  async purge(): Promise<void> {
    const cutoff = new Date(this.clock.now() - this.limits.retentionMs);
    await this.db.delete(clientLogs).where(lt(clientLogs.receivedAt, cutoff));
  }

  /** A user's entries still within the retention period, newest first. */
  async ofUser(userId: number, limit: number): Promise<ClientLogRow[]> {
    const cutoff = new Date(this.clock.now() - this.limits.retentionMs);
    return this.db
      .select()
      .from(clientLogs)
      .where(and(eq(clientLogs.userId, userId), gte(clientLogs.receivedAt, cutoff)))
      .orderBy(desc(clientLogs.id))
      .limit(limit);
  }
}
