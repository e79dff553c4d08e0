/**
 * The `/message` socket's envelopes: building what the client sends (`{msgId, messageJson}`)
 * and reading what the server pushes, so the socket code only moves envelopes around.
 */
import type { ClientMessage, MessageEnvelope, MessageJson } from '@meet/shared';

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

/**
 * The envelope of a server push, or null when it is not one. `messageJson` may arrive as a JSON
 * string (as older servers of this protocol send it) or as an object.
 */
export function parseServerEnvelope(raw: unknown): MessageEnvelope | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { msgId, messageJson } = raw as { msgId?: unknown; messageJson?: unknown };
  let json = messageJson;
  if (typeof json === 'string') {
    try {
      json = JSON.parse(json) as unknown;
    } catch {
      return null;
    }
  }
  if (typeof json !== 'object' || json === null) return null;
  if (typeof (json as { msgType?: unknown }).msgType !== 'string') return null;
  return {
    msgId: typeof msgId === 'string' ? msgId : '',
    // Only msgType is checked: each handler knows the fields of its own type.
    messageJson: json as MessageJson,
  };
}
