/**
 * The meeting chat as the room client sees it: turns `messageReceived` notifications into chat
 * events, sends chat messages, and reloads the history after a reconnect. It asks the server
 * through the `request` function it is given and never holds the RoomClient (the rest of "in the
 * room together" is collaboration.ts).
 */
import type { ChatMessage, RoomNotification, RoomResponses } from '@meet/shared';
import { Emitter } from './emitter';
import type { RoomRequester } from './signaling';

export interface ChatEvents {
  /**
   * Chat messages to merge into what the UI holds (it drops ids it has). `live` is false for
   * the history loaded with the first join, which nobody should count as unread.
   */
  chat: [messages: ChatMessage[], live: boolean];
}

export type ChatNotification = Extract<RoomNotification, { type: 'messageReceived' }>;

export class Chat extends Emitter<ChatEvents> {
  constructor(private readonly request: RoomRequester) {
    super();
  }

  /** The join answer's history; after a reconnect, also what was missed. */
  handleJoined(answer: RoomResponses['join'], rejoin: boolean): void {
    this.emit('chat', answer.messages ?? [], rejoin);
    // Messages sent while the socket was down reach nobody's notification; the history has them.
    if (rejoin) void this.reloadHistory();
  }

  handleNotification(n: ChatNotification): void {
    this.emit('chat', [n.message], true);
  }

  /** Resolves with the stored message; rejects with the server's refusal (RequestError). */
  async sendMessage(content: string): Promise<ChatMessage> {
    const { message } = await this.request({ type: 'sendMessage', content });
    // The echo through messageReceived may come later (or be lost in a reconnect).
    this.emit('chat', [message], true);
    return message;
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
