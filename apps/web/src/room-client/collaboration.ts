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
  /** Whether I record the meeting on this computer, as the others should be told. */
  private recordingHere = false;

  constructor(private readonly request: RoomRequester) {
    super();
  }

  /** The join answer's properties. */
  handleJoined(answer: RoomResponses['join']): void {
    if (answer.properties) this.emit('properties', answer.properties);
    // Back in a new seat (past the reconnect grace) while still recording: told again.
    if (this.recordingHere && !answer.me.localRecording) void this.tellLocalRecording();
  }

  /**
   * My recording to this computer started or ended: everyone is told (issue 30: it is announced,
   * as Zoom does). A refusal (a dropped connection) is made good by the next join.
   */
  handleLocalRecording(on: boolean): void {
    if (on === this.recordingHere) return;
    this.recordingHere = on;
    void this.tellLocalRecording();
  }

  private async tellLocalRecording(): Promise<void> {
    await this.request({ type: 'localRecording', on: this.recordingHere }).catch(() => undefined);
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
