/**
 * Chat, reactions and the host's meeting-wide controls as the room client sees them: turns the
 * `/room` notifications of "in the room together" into typed events, sends chat messages and
 * reactions, and reloads the chat history after a reconnect. It asks the server through the `request` function it is given
 * and never holds the RoomClient; the host's commands about my own media go back as an event
 * for the RoomClient to carry out.
 */
import type {
  ChatMessage,
  HostAction,
  ReactionEmoji,
  RoomNotification,
  RoomProperties,
  RoomRequest,
  RoomResponses,
  WaitingEntry,
} from '@meet/shared';
import { Emitter } from './emitter';

type Request = <T extends RoomRequest>(request: T) => Promise<RoomResponses[T['type']]>;

export interface CollaborationEvents {
  /**
   * Chat messages to merge into what the UI holds (it drops ids it has). `live` is false for
   * the history loaded with the first join, which nobody should count as unread.
   */
  chat: [messages: ChatMessage[], live: boolean];
  properties: [properties: RoomProperties];
  waitingList: [entries: WaitingEntry[]];
  hostCommand: [action: HostAction];
  /** Member `peerId` reacted (me too: the server sends my reactions back like my messages). */
  reaction: [peerId: string, emoji: ReactionEmoji];
}

export type CollaborationNotification = Extract<
  RoomNotification,
  { type: 'messageReceived' | 'roomUpdated' | 'waitingList' | 'reaction' }
>;

export class Collaboration extends Emitter<CollaborationEvents> {
  constructor(private readonly request: Request) {
    super();
  }

  /** The join answer: history and properties; after a reconnect, also what was missed. */
  handleJoined(answer: RoomResponses['join'], rejoin: boolean): void {
    if (answer.properties) this.emit('properties', answer.properties);
    this.emit('chat', answer.messages ?? [], rejoin);
    // Messages sent while the socket was down reach nobody's notification; the history has them.
    if (rejoin) void this.reloadHistory();
  }

  handleNotification(n: CollaborationNotification): void {
    switch (n.type) {
      case 'messageReceived':
        this.emit('chat', [n.message], true);
        return;
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

  /** Resolves with the stored message; rejects with the server's refusal (RequestError). */
  async sendMessage(content: string): Promise<ChatMessage> {
    const { message } = await this.request({ type: 'sendMessage', content });
    // The echo through messageReceived may come later (or be lost in a reconnect).
    this.emit('chat', [message], true);
    return message;
  }

  /**
   * Resolves once the server took the reaction (it arrives back as a `reaction` event); rejects
   * with its refusal (RequestError, `reactionTooFast` when sent too fast).
   */
  async sendReaction(emoji: ReactionEmoji): Promise<void> {
    await this.request({ type: 'sendReaction', emoji });
  }

  async reloadHistory(): Promise<void> {
    try {
      const { messages } = await this.request({ type: 'chatHistory' });
      this.emit('chat', messages, true);
    } catch (error) {
      console.warn('room-client: chat history reload failed', error);
    }
  }

  close(): void {
    this.removeAllListeners();
  }
}
