/**
 * The `/room` socket protocol: what a browser asks (requests, answered through the socket.io
 * acknowledgement) and what the server tells (notifications). One discriminated union each way.
 * JSEP travels through here; browsers never talk to Janus's API. Schema first: the requests are
 * room-request-schema.ts's, what the server says room-notification-schema.ts's, the media words
 * both use room-media-schema.ts's; the types here are inferred from them.
 */
import type { z } from 'zod';
import type {
  hostActionSchema,
  iceServerSchema,
  peerInfoSchema,
  pollChangeSchema,
  roomNotificationSchema,
  subscribedStreamSchema,
} from './room-notification-schema.js';
import type {
  feedStreamSchema,
  iceCandidateSchema,
  jsepSchema,
  mediaKindSchema,
  mediaSourceSchema,
  pcTargetSchema,
} from './room-media-schema.js';
import type { roomAuthSchema, roomRequestSchema } from './room-request-schema.js';

export * from './room-constants.js';
export type { RoomAck, RoomResponses } from './room-notification-schema.js';

export type MediaSource = z.infer<typeof mediaSourceSchema>;
export type MediaKind = z.infer<typeof mediaKindSchema>;
/** Which peer connection a trickle or ICE restart is for. */
export type PcTarget = z.infer<typeof pcTargetSchema>;

export type Jsep = z.infer<typeof jsepSchema>;

export type IceCandidate = z.infer<typeof iceCandidateSchema>;

/** A member as every other member sees them. Only serializable state. */
export type PeerInfo = z.infer<typeof peerInfoSchema>;

/** One stream of a publisher: its feed and (optionally) the mid of one of its tracks. */
export type FeedStream = z.infer<typeof feedStreamSchema>;

/** One stream of the subscriber connection: which member's what arrives on which mid. */
export type SubscribedStream = z.infer<typeof subscribedStreamSchema>;

/** What a browser asks (room-request-schema.ts says what each carries). */
export type RoomRequest = z.infer<typeof roomRequestSchema>;

export type RoomRequestType = RoomRequest['type'];

/** The breakout-room requests (RoomClient.breakout sends these). */
export type BreakoutRequest = Extract<
  RoomRequest,
  {
    type:
      | 'breakoutSetup'
      | 'breakoutOpen'
      | 'breakoutMove'
      | 'breakoutBroadcast'
      | 'breakoutClose'
      | 'breakoutHelp';
  }
>;

export type RTCIceServerLike = z.infer<typeof iceServerSchema>;

export type RoomNotification = z.infer<typeof roomNotificationSchema>;

export type PollChange = z.infer<typeof pollChangeSchema>;

export type HostAction = z.infer<typeof hostActionSchema>;

export type RoomNotificationType = RoomNotification['type'];

/** Handshake auth of the `/room` namespace. */
export type RoomAuth = z.input<typeof roomAuthSchema>;

export function assertUnreachable(value: never): never {
  throw new Error(`unexpected value: ${JSON.stringify(value)}`);
}
