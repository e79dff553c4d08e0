/**
 * A member's chat and reaction requests in a live room: sending a chat message, reading the
 * chat so far (of their own room, main or breakout), and a reaction from the bar.
 */
import { assertUnreachable, type RoomRequest, type RoomResponses } from '@meet/shared';
import type { Peer } from './peer.js';
import type { RoomActivity } from './room-activity.js';
import type { RoomReactions } from './room-reactions.js';
import type { Room } from './room.js';

export type ChatRequest = Extract<
  RoomRequest,
  { type: 'sendMessage' | 'chatHistory' | 'sendReaction' }
>;

export class RoomChatRequests {
  constructor(
    private readonly activity: RoomActivity,
    private readonly reactions: RoomReactions,
  ) {}

  async handle(
    room: Room,
    peer: Peer,
    request: ChatRequest,
  ): Promise<RoomResponses[ChatRequest['type']]> {
    switch (request.type) {
      case 'sendMessage':
        return { message: await this.activity.send(room, peer, request.content) };
      case 'chatHistory':
        return { messages: await this.activity.history(room, peer.group) };
      case 'sendReaction':
        this.reactions.send(room, peer, request.emoji);
        return {};
      default:
        return assertUnreachable(request);
    }
  }
}
