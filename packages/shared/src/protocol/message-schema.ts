/**
 * Runtime check of what the `/message` socket's server pushes (message.ts describes the socket),
 * and of a message center entry, which the socket pushes and getMessages lists. A module apart
 * from message.ts and api/records.ts, whose constants the web's first screen uses: the web
 * fetches these schemas, and zod with them, only once its message socket connects.
 */
import { z } from 'zod';
import { WAITING_ROOM_MESSAGES, type WaitingRoomMessage } from '../api/host-control.js';
import { POLL_MESSAGES, SIGN_OUT_KEYS } from './message.js';

/** Message center (SPEC.md section 3): content is a JSON string of one of records.ts's infos. */
export const PUSH_TYPES = ['apply', 'record', 'business'] as const;
export type PushType = (typeof PUSH_TYPES)[number];

export const messageItem = z.object({
  messageId: z.number(),
  ctime: z.number(),
  pushType: z.enum(PUSH_TYPES),
  /** JSON: {pushType:'apply', recordId, permissionRequestId, subType} | {pushType:'record', recordId, status, name} | {pushType:'business', cover, detail}. */
  content: z.string(),
  isUnread: z.boolean(),
});
export type MessageItem = z.infer<typeof messageItem>;

const waitingRoomMessage = z.enum(
  Object.keys(WAITING_ROOM_MESSAGES) as [WaitingRoomMessage, ...WaitingRoomMessage[]],
);

/** Server → client: the web parses every push with this. */
export const serverMessageJsonSchema = z.discriminatedUnion('msgType', [
  z.object({
    msgType: waitingRoomMessage,
    code: z.number(),
    conferenceUri: z.string(),
    conferenceId: z.string(),
  }),
  z.object({
    msgType: z.enum(POLL_MESSAGES),
    voteId: z.number(),
    conferenceUri: z.string(),
    conferenceId: z.string(),
  }),
  z.object({ msgType: z.literal('new_connection_replace') }),
  /** This socket's sign-in ended (code 203): the client signs out and shows the key's text. */
  z.object({ msgType: z.literal('signed_out'), code: z.number(), key: z.enum(SIGN_OUT_KEYS) }),
  /** A new message in the user's message center, and how many are unread now. */
  z.object({ msgType: z.literal('new_message'), message: messageItem, unread: z.number() }),
  z.object({ msgType: z.literal('pong') }),
]);

/**
 * Server → client, checked by the schema above. `code` is the number of WAITING_ROOM_MESSAGES
 * for waiting-room notices.
 */
export type MessageJson = z.infer<typeof serverMessageJsonSchema>;

export interface MessageEnvelope<T extends MessageJson = MessageJson> {
  msgId: string;
  messageJson: T;
}
