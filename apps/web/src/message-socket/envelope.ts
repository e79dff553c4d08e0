/**
 * The `/message` socket's envelopes: building what the client sends (`{msgId, messageJson}`)
 * and the types of what the server pushes (server-envelope.ts reads those), so the socket code
 * only moves envelopes around.
 */
import type { ClientMessage, MessageJson } from '@meet/shared';

/** What the client may send, without the envelope. */
export type ClientMessageJson = ClientMessage['messageJson'];
export type ClientMsgType = ClientMessageJson['msgType'];

/** A server message type, e.g. 'waiting_room_approve'. */
export type ServerMsgType = MessageJson['msgType'];

/**
 * The message of one type. Waiting-room notices share one member of the union whose `msgType`
 * is itself a union, so `Extract` would give `never`; this narrows that member instead.
 */
export type ServerMessageOf<T extends ServerMsgType> = MessageJson extends infer M
  ? M extends MessageJson
    ? T extends M['msgType']
      ? M & { msgType: T }
      : never
    : never
  : never;

let sequence = 0;

/**
 * A message id unique within this page and unlikely to repeat across pages. Not
 * crypto.randomUUID: that exists only on secure origins, and the app may be served over plain
 * http on a local network.
 */
export function createMsgId(now: number = Date.now()): string {
  sequence = (sequence + 1) % 1_000_000;
  const random = Math.floor(Math.random() * 36 ** 6).toString(36);
  return `${now.toString(36)}-${sequence.toString(36)}-${random}`;
}

export function buildEnvelope<T extends ClientMessageJson>(
  messageJson: T,
  msgId: string = createMsgId(),
): { msgId: string; messageJson: T } {
  return { msgId, messageJson };
}
