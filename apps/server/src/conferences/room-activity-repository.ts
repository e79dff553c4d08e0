/** Chat history and waiting-room entries of meetings. */
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import { WAITING_STATUS } from '@meet/shared';
import type { Db } from '../db/database.js';
import {
  chatMessages,
  waitingRoomEntries,
  type ChatMessageRow,
  type WaitingRoomEntryRow,
} from '../db/schema/index.js';
import type { Clock } from '../lib/clock.js';

export const CHAT_HISTORY_LIMIT = 500;

export class RoomActivityRepository {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async addChat(
    values: Omit<typeof chatMessages.$inferInsert, 'id' | 'createdAt'>,
  ): Promise<ChatMessageRow> {
    const [row] = await this.db
      .insert(chatMessages)
      .values({ ...values, createdAt: new Date(this.clock.now()) })
      .returning();
    return row!;
  }

  /** The newest chat of the main room (0) or of a breakout room, oldest first. */
  async chatHistory(
    conferenceRowId: number,
    room = 0,
    limit = CHAT_HISTORY_LIMIT,
  ): Promise<ChatMessageRow[]> {
    const rows = await this.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.conferenceId, conferenceRowId), eq(chatMessages.room, room)))
      .orderBy(desc(chatMessages.id))
      .limit(limit);
    return rows.reverse();
  }

  async waitingEntry(
    conferenceRowId: number,
    userId: number,
    tx: Db = this.db,
  ): Promise<WaitingRoomEntryRow | undefined> {
    const [row] = await tx
      .select()
      .from(waitingRoomEntries)
      .where(
        and(
          eq(waitingRoomEntries.conferenceId, conferenceRowId),
          eq(waitingRoomEntries.userId, userId),
        ),
      );
    return row;
  }

  async upsertWaiting(
    values: {
      conferenceId: number;
      userId: number;
      deviceId: string;
      userConferenceName: string;
      userAvatar: string;
    },
    status: number = WAITING_STATUS.waiting,
  ): Promise<void> {
    const now = new Date(this.clock.now());
    await this.db
      .insert(waitingRoomEntries)
      .values({ ...values, status, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [waitingRoomEntries.conferenceId, waitingRoomEntries.userId],
        set: {
          deviceId: values.deviceId,
          userConferenceName: values.userConferenceName,
          status,
          updatedAt: now,
        },
      });
  }

  async setWaitingStatus(
    conferenceRowId: number,
    userIds: number[],
    status: number,
    tx: Db = this.db,
  ): Promise<number[]> {
    if (userIds.length === 0) return [];
    const rows = await tx
      .update(waitingRoomEntries)
      .set({ status, updatedAt: new Date(this.clock.now()) })
      .where(
        and(
          eq(waitingRoomEntries.conferenceId, conferenceRowId),
          inArray(waitingRoomEntries.userId, userIds),
        ),
      )
      .returning({ userId: waitingRoomEntries.userId });
    return rows.map((r) => r.userId);
  }

  async removeWaiting(conferenceRowId: number, userIds: number[]): Promise<number[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .delete(waitingRoomEntries)
      .where(
        and(
          eq(waitingRoomEntries.conferenceId, conferenceRowId),
          inArray(waitingRoomEntries.userId, userIds),
        ),
      )
      .returning({ userId: waitingRoomEntries.userId });
    return rows.map((r) => r.userId);
  }

  /** Entries still waiting or approved (status 1, already admitted, filtered out), oldest first. */
  async waitingList(conferenceRowId: number): Promise<WaitingRoomEntryRow[]> {
    return this.db
      .select()
      .from(waitingRoomEntries)
      .where(
        and(
          eq(waitingRoomEntries.conferenceId, conferenceRowId),
          ne(waitingRoomEntries.status, WAITING_STATUS.admitted),
        ),
      )
      .orderBy(asc(waitingRoomEntries.createdAt), asc(waitingRoomEntries.id));
  }
}
