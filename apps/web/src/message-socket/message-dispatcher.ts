/**
 * Who wants which server message: handlers registered per `msgType`, called with the message
 * and its envelope (read and checked before it gets here: server-envelope.ts). A failing
 * handler is logged and does not stop the others; a type nobody listens to is simply dropped.
 */
import type { MessageEnvelope } from '@meet/shared';
import type { ServerMessageOf, ServerMsgType } from './envelope';

export type MessageHandler<T extends ServerMsgType> = (
  message: ServerMessageOf<T>,
  envelope: MessageEnvelope,
) => void;

type AnyHandler = (message: unknown, envelope: MessageEnvelope) => void;

export class MessageDispatcher {
  private readonly handlers = new Map<string, Set<AnyHandler>>();

  /** Returns the unsubscribe; calling it twice is harmless. */
  on<T extends ServerMsgType>(msgType: T, handler: MessageHandler<T>): () => void {
    let set = this.handlers.get(msgType);
    if (!set) {
      set = new Set();
      this.handlers.set(msgType, set);
    }
    const entry = handler as unknown as AnyHandler;
    set.add(entry);
    return () => {
      const current = this.handlers.get(msgType);
      if (!current) return;
      current.delete(entry);
      if (current.size === 0) this.handlers.delete(msgType);
    };
  }

  /** Hands a push to its handlers; false when nobody listened. */
  dispatch(envelope: MessageEnvelope): boolean {
    const set = this.handlers.get(envelope.messageJson.msgType);
    if (!set || set.size === 0) return false;
    // A copy: a handler may unsubscribe itself (or another) while we iterate.
    for (const handler of [...set]) {
      try {
        handler(envelope.messageJson, envelope);
      } catch (error) {
        console.error(`message-socket: handler of ${envelope.messageJson.msgType} failed`, error);
      }
    }
    return true;
  }

  listenerCount(msgType: ServerMsgType): number {
    return this.handlers.get(msgType)?.size ?? 0;
  }

  clear(): void {
    this.handlers.clear();
  }
}
