/**
 * Reading what the `/message` socket's server pushes: each push is parsed with the shared schema
 * before anyone sees it, and one that does not parse is logged and dropped. A module of its own
 * because the schema brings zod: it is fetched with socket.io-client, after the first screen.
 */
import { serverMessageJsonSchema, type MessageEnvelope } from '@meet/shared';

/** What a push says it is, for a log line (never the message itself). */
function msgTypeOf(json: unknown): string {
  const msgType = (json as { msgType?: unknown } | null | undefined)?.msgType;
  return typeof msgType === 'string' ? msgType.slice(0, 40) : typeof json;
}

/**
 * The envelope of a server push, or null (logged) when it is not one this client understands.
 * `messageJson` may arrive as a JSON string (as older servers of this protocol send it) or as
 * an object.
 */
export function parseServerEnvelope(raw: unknown): MessageEnvelope | null {
  const { msgId, messageJson } = (typeof raw === 'object' && raw !== null ? raw : {}) as {
    msgId?: unknown;
    messageJson?: unknown;
  };
  let json = messageJson;
  if (typeof json === 'string') {
    try {
      json = JSON.parse(json) as unknown;
    } catch {
      json = undefined;
    }
  }
  const parsed = serverMessageJsonSchema.safeParse(json);
  if (!parsed.success) {
    console.warn(`message-socket: dropped a malformed message (${msgTypeOf(json)})`);
    return null;
  }
  return { msgId: typeof msgId === 'string' ? msgId : '', messageJson: parsed.data };
}
