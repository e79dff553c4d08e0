/**
 * The message center's rows (SPEC.md sections 3 and 4): one a message to a user, newest first,
 * read or not. A user's messages have distinct times, each later than the one before, so the
 * page cursor (`messageTime`, the time of the oldest message shown) never skips or repeats one.
 */
import { and, count, desc, eq, inArray, isNull, lt, max } from 'drizzle-orm';
import type { MessageContent } from '@meet/shared';
import type { Db } from '../db/database.js';
import { messages, users, type MessageRow } from '../db/schema/index.js';
import type { Clock } from '../lib/clock.js';

export class MessagesRepository {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Adds a message for `userId`, stamped now or, when the user already has a message at this
   * millisecond or later, 1 ms after their newest (the user's row is locked meanwhile, so two
   * messages written at once still get distinct times).
   */
  async add(userId: number, content: MessageContent, tx?: Db): Promise<MessageRow> {
    const run = async (db: Db) => {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [newest] = await db
        .select({ at: max(messages.createdAt) })
        .from(messages)
        .where(eq(messages.userId, userId));
      const now = this.clock.now();
      const at = newest?.at ? Math.max(now, newest.at.getTime() + 1) : now;
      const [row] = await db
        .insert(messages)
        .values({ userId, pushType: content.pushType, content, createdAt: new Date(at) })
        .returning();
      return row!;
    };
    return tx ? run(tx) : this.db.transaction(run);
  }

  /** A page of the user's messages, newest first, older than `before` (ms) when given. */
  async page(userId: number, before: number | undefined, size: number): Promise<MessageRow[]> {
    return this.db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.userId, userId),
          before === undefined ? undefined : lt(messages.createdAt, new Date(before)),
        ),
      )
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(size);
  }

  async unreadCount(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.userId, userId), isNull(messages.readAt)));
    return row?.n ?? 0;
  }

  /** Marks these of the user's messages read (all of them when `ids` is undefined). */
  async markRead(userId: number, ids: readonly number[] | undefined): Promise<void> {
    if (ids !== undefined && ids.length === 0) return;
    await this.db
      .update(messages)
      .set({ readAt: new Date(this.clock.now()) })
      .where(
        and(
          eq(messages.userId, userId),
          isNull(messages.readAt),
          ids === undefined ? undefined : inArray(messages.id, [...ids]),
        ),
      );
  }
}
