/**
 * Reactions, the waiting list and the host's meeting-wide controls as the room client sees them:
 * turns the `/room` notifications of "in the room together" into typed events and sends
 * reactions (the chat is chat.ts). It asks the server through the `request` function it is given
 * and never holds the RoomClient; the host's commands about my own media go back as an event
 * for the RoomClient to carry out.
 */
import type {
  HostAction,
  ReactionEmoji,
  RoomNotification,
  RoomProperties,
  RoomResponses,
  WaitingEntry,
} from '@meet/shared';
import { Emitter } from './emitter';
import type { RoomRequester } from './signaling';

export interface CollaborationEvents {
  properties: [properties: RoomProperties];
  waitingList: [entries: WaitingEntry[]];
  hostCommand: [action: HostAction];
  /** Member `peerId` reacted (me too: the server sends my reactions back like my messages). */
  reaction: [peerId: string, emoji: ReactionEmoji];
}

export type CollaborationNotification = Extract<
  RoomNotification,
  { type: 'roomUpdated' | 'waitingList' | 'reaction' }
>;

export class Collaboration extends Emitter<CollaborationEvents> {
  constructor(private readonly request: RoomRequester) {
    super();
  }

  /** The join answer's properties. */
  handleJoined(answer: RoomResponses['join']): void {
    if (answer.properties) this.emit('properties', answer.properties);
  }

  handleNotification(n: CollaborationNotification): void {
    switch (n.type) {
      case 'roomUpdated':
        // The meeting-wide part of a change of the room's controls (the RoomClient takes the
        // members' part): the properties first, so the commands are carried out under them.
        if (n.properties) this.emit('properties', n.properties);
        for (const action of n.actions) this.emit('hostCommand', action);
        return;
      case 'waitingList':
        this.emit('waitingList', n.entries);
        return;
      case 'reaction':
        this.emit('reaction', n.peerId, n.emoji);
        return;
    }
  }

  /**
   * Resolves once the server took the reaction (it arrives back as a `reaction` event); rejects
   * with its refusal (RequestError, `reactionTooFast` when sent too fast).
   */
  async sendReaction(emoji: ReactionEmoji): Promise<void> {
    await this.request({ type: 'sendReaction', emoji });
  }

  close(): void {
    this.removeAllListeners();
  }
}
