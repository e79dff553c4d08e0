/**
 * The long-lived `/message` socket: connects with userId, deviceId and token; the client pings
 * every 10 s; the server pushes notices (waiting room now; polls, messages and recordings later).
 */
import type { WaitingRoomMessage } from '../api/host-control.js';

export const MESSAGE_NAMESPACE = '/message';
/** Server → client notices. */
export const MESSAGE_EVENT = 'message';
export const MESSAGE_PING_MS = 10_000;

export interface MessageEnvelope<T extends MessageJson = MessageJson> {
  msgId: string;
  messageJson: T;
}

export type MessageJson =
  | { msgType: WaitingRoomMessage; code: number; conferenceUri: string; conferenceId: string }
  | { msgType: 'new_connection_replace' }
  | { msgType: 'pong' };

/** Client → server. */
export type ClientMessage =
  | { msgId: string; messageJson: { msgType: 'ping' } }
  | { msgId: string; messageJson: { msgType: 'join_waiting_room'; conferenceUri: string; isReconnect?: 0 | 1 } }
  | { msgId: string; messageJson: { msgType: 'leave_waiting_room'; conferenceUri: string } };
