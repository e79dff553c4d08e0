/**
 * Reactions: a member's emoji from the reaction bar, floated over their tile for everyone. Never
 * stored; limited per member (a burst of REACTION_RATE_BURST, then one each
 * REACTION_RATE_REFILL_MS) so one member cannot flood everyone's screen.
 */
import {
  REACTION_RATE_BURST,
  REACTION_RATE_REFILL_MS,
  ResultCode,
  type ReactionEmoji,
} from '@meet/shared';
import type { Peer } from './peer.js';
import { RoomError } from './room-error.js';
import type { Room } from './room.js';
import { TokenBuckets } from './token-buckets.js';

export class RoomReactions {
  private readonly buckets = new TokenBuckets(REACTION_RATE_BURST, REACTION_RATE_REFILL_MS);

  /** Gives the reaction to everyone in the room, the sender too; refused when too fast. */
  send(room: Room, peer: Peer, emoji: ReactionEmoji): void {
    if (!this.buckets.take(`${room.rowId}:${peer.userId}`)) {
      throw new RoomError(ResultCode.failure, 'reactionTooFast');
    }
    room.broadcastIn(peer.group, { type: 'reaction', peerId: peer.peerId, emoji });
  }

  roomClosed(room: Room): void {
    this.buckets.forget(`${room.rowId}:`);
  }
}
