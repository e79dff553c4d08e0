/**
 * Chat and the waiting list as the live room shows them (SPEC.md section 3: Chat message,
 * Waiting-list entry). Chat is stored and sent as plain text; the web escapes it on display.
 */
import {
  CHAT_MAX_LENGTH,
  CHAT_RATE_BURST,
  CHAT_RATE_REFILL_MS,
  CHAT_UA,
  ResultCode,
  WAITING_STATUS,
  type ChatMessage,
  type WaitingEntry,
} from '@meet/shared';
import type { ChatMessageRow } from '../db/schema/index.js';
import type { RoomActivityRepository } from '../conferences/room-activity-repository.js';
import type { Peer } from './peer.js';
import { RoomError } from './room-error.js';
import type { Room } from './room.js';
import { TokenBuckets } from './token-buckets.js';

export function chatMessageOf(row: ChatMessageRow): ChatMessage {
  return {
    id: row.id,
    time: row.createdAt.getTime(),
    scode: row.senderCode,
    sname: row.senderName,
    ua: CHAT_UA,
    content: row.text,
  };
}

export class RoomActivity {
  /** Chat flood control: a burst of CHAT_RATE_BURST messages, then one each CHAT_RATE_REFILL_MS. */
  private readonly chatBuckets = new TokenBuckets(CHAT_RATE_BURST, CHAT_RATE_REFILL_MS);

  constructor(private readonly activity: RoomActivityRepository) {}

  roomClosed(room: Room): void {
    this.chatBuckets.forget(`${room.rowId}:`);
  }

  /** The chat of the main room (0) or of breakout room `group`. */
  async history(room: Room, group: number): Promise<ChatMessage[]> {
    return (await this.activity.chatHistory(room.rowId, group)).map(chatMessageOf);
  }

  /**
   * Stores a member's message and gives it to everyone in their room (main or breakout), the
   * sender too.
   */
  async send(room: Room, peer: Peer, content: string): Promise<ChatMessage> {
    const text = content.trim();
    if (!text) throw new RoomError(ResultCode.failure, 'chatEmpty');
    if ([...text].length > CHAT_MAX_LENGTH) {
      throw new RoomError(ResultCode.failure, 'chatTooLong', { max: CHAT_MAX_LENGTH });
    }
    // Refused, not dropped: the client keeps the text for the member to send again.
    if (!this.chatBuckets.take(`${room.rowId}:${peer.userId}`)) {
      throw new RoomError(ResultCode.failure, 'chatTooFast');
    }
    const row = await this.activity.addChat({
      conferenceId: room.rowId,
      senderId: peer.userId,
      senderCode: String(peer.userId),
      senderName: peer.info.displayName,
      text,
      room: peer.group,
    });
    const message = chatMessageOf(row);
    room.broadcastIn(peer.group, { type: 'messageReceived', message });
    return message;
  }

  async waitingList(room: Room): Promise<WaitingEntry[]> {
    return (await this.activity.waitingList(room.rowId))
      .filter((entry) => entry.status !== WAITING_STATUS.admitted)
      .map((entry) => ({
        userId: entry.userId,
        userAvatar: entry.userAvatar,
        userConferenceName: entry.userConferenceName,
        status: entry.status,
      }));
  }

  /** Tells the room's hosts (or the given peers) who is waiting. */
  async sendWaitingList(room: Room, to: Peer[] = room.hosts()): Promise<void> {
    if (to.length === 0) return;
    const entries = await this.waitingList(room);
    for (const peer of to) peer.notify({ type: 'waitingList', entries });
  }
}
