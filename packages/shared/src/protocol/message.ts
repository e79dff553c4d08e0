/**
 * The long-lived `/message` socket: connects with userId, deviceId and token (handshake auth);
 * the client pings every 10 s; the server pushes notices (waiting room now; polls, the message
 * center and recordings later). Both directions use the `message` event with an envelope.
 * A second connection of the same user and device replaces the first, which is told
 * `new_connection_replace` and disconnected. A socket whose sign-in ends (logout, password
 * reset) is told `signed_out` (code 203 and the reason's catalogue key) and disconnected.
 * What the server pushes is message-schema.ts's; what a client sends is here.
 */
import { z } from 'zod';

export const MESSAGE_NAMESPACE = '/message';
/** The event name both ways. */
export const MESSAGE_EVENT = 'message';
export const MESSAGE_PING_MS = 10_000;
/** Magic Cam's socket reconnects up to 10 times, 1 s apart (SPEC.md section 9). */
export const MESSAGE_RECONNECT_ATTEMPTS = 10;
export const MESSAGE_RECONNECT_DELAY_MS = 1000;
/**
 * The `/room` and `/message` sockets never give up while the page is open (issue 29): the wait
 * before each try starts at 0.5 s and doubles up to 10 s, with full jitter (so that after a
 * server restart the clients do not all come back in the same second).
 */
export const SOCKET_RECONNECT_MIN_MS = 500;
export const SOCKET_RECONNECT_MAX_MS = 10_000;
/** The client connects this long after login or visitor status. */
export const MESSAGE_CONNECT_DELAY_MS = 100;

/**
 * Why the server ended a socket whose sign-in ended (`signed_out` here, `fatal` 203 on `/room`):
 * the catalogue key the client shows. A logout of that token, or a password reset ending every
 * sign-in of the account.
 */
export const SIGN_OUT_KEYS = ['signedOut', 'passwordChanged'] as const;
export type SignOutKey = (typeof SIGN_OUT_KEYS)[number];

/** Poll notices for attendees outside the meeting with the poll dialog open (SPEC.md section 4). */
export const POLL_MESSAGES = [
  'publish_vote_result',
  'cancel_publish_vote_result',
  'delete_vote',
] as const;
export type PollMessage = (typeof POLL_MESSAGES)[number];

export const messageAuthSchema = z.object({
  userId: z.union([z.string(), z.number()]).transform(Number).pipe(z.number().int().positive()),
  deviceId: z.string().min(1).max(64),
  token: z.string().min(1).max(200),
});
export type MessageAuth = z.input<typeof messageAuthSchema>;

/** Client → server. */
export const clientMessageSchema = z.object({
  msgId: z.string().max(64),
  messageJson: z.discriminatedUnion('msgType', [
    z.object({ msgType: z.literal('ping') }),
    z.object({
      msgType: z.literal('join_waiting_room'),
      conferenceUri: z.string().min(1).max(64),
      isReconnect: z.union([z.literal(0), z.literal(1)]).optional(),
    }),
    z.object({
      msgType: z.literal('leave_waiting_room'),
      conferenceUri: z.string().min(1).max(64),
    }),
  ]),
});
export type ClientMessage = z.infer<typeof clientMessageSchema>;
