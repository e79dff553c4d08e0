/**
 * The message center (SPEC.md sections 3, 4 and 7, `/message/getMessages`): features leave a
 * user a message (an access request, its answer, a recording that finished processing); it is
 * stored, then pushed at once to the user's `/message` sockets as `new_message` with the unread
 * count, so the bell's red dot and an open panel update without asking. Pages are newest first.
 */
import {
  MESSAGES_PAGE_SIZE,
  PUSH_TYPES,
  type MessageContent,
  type MessageItem,
  type PushType,
} from '@meet/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import type { MessageRow } from '../db/schema/index.js';
import type { MessageHub } from '../realtime/message-hub.js';
import type { MessagesRepository } from './messages-repository.js';

export function messageItemOf(row: MessageRow): MessageItem {
  const pushType = (PUSH_TYPES as readonly string[]).includes(row.pushType)
    ? (row.pushType as PushType)
    : 'business';
  return {
    messageId: row.id,
    ctime: row.createdAt.getTime(),
    pushType,
    content: JSON.stringify(row.content),
    isUnread: row.readAt === null,
  };
}

export class MessageCenter {
  constructor(
    private readonly store: MessagesRepository,
    private readonly hub: MessageHub,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Stores a message and pushes it to the user's sockets. */
  async send(userId: number, content: MessageContent): Promise<MessageItem> {
    const row = await this.store.add(userId, content);
    await this.push(row);
    return messageItemOf(row);
  }

  /**
   * Stores a message inside the caller's transaction; the caller pushes it (`push`) once the
   * transaction has committed, so nobody is told of a message that then rolls back.
   */
  add(userId: number, content: MessageContent, tx: Db): Promise<MessageRow> {
    return this.store.add(userId, content, tx);
  }

  /** Tells the user's connected devices about a stored message (none connected: nothing to do). */
  async push(row: MessageRow): Promise<void> {
    try {
      const unread = await this.store.unreadCount(row.userId);
      this.hub.sendToUsers([row.userId], {
        msgType: 'new_message',
        message: messageItemOf(row),
        unread,
      });
    } catch (error) {
      // The message is stored: the next getMessages shows it even if this push did not happen.
      this.log.warn({ err: error, messageId: row.id }, 'could not push a new message');
    }
  }

  /** One page, newest first: older than `messageTime` (the oldest shown so far) when given. */
  async list(
    userId: number,
    options: { messageTime?: number | undefined; pageSize?: number | undefined } = {},
  ): Promise<{ list: MessageItem[]; unread: number }> {
    const [rows, unread] = await Promise.all([
      this.store.page(userId, options.messageTime, options.pageSize ?? MESSAGES_PAGE_SIZE),
      this.store.unreadCount(userId),
    ]);
    return { list: rows.map(messageItemOf), unread };
  }

  /** Marks these messages (of this user) read, or all of them; answers the unread count left. */
  async markRead(userId: number, ids?: readonly number[]): Promise<{ unread: number }> {
    await this.store.markRead(userId, ids);
    return { unread: await this.store.unreadCount(userId) };
  }
}
