/**
 * The `/room` socket protocol: what a browser asks (requests, answered through the socket.io
 * acknowledgement) and what the server tells (notifications). One discriminated union each way.
 * JSEP travels through here; browsers never talk to Janus's API. What the server says is
 * described by the schemas of room-notification-schema.ts, and its types here are inferred from
 * them.
 */
import type { z } from 'zod';
import type { BreakoutAssignment } from './breakout.js';
import type {
  hostActionSchema,
  iceServerSchema,
  jsepSchema,
  mediaKindSchema,
  mediaSourceSchema,
  peerInfoSchema,
  pollChangeSchema,
  roomNotificationSchema,
  roomRefusalSchema,
  roomResponseSchemas,
  subscribedStreamSchema,
} from './room-notification-schema.js';

export type MediaSource = z.infer<typeof mediaSourceSchema>;
export type MediaKind = z.infer<typeof mediaKindSchema>;
/** Which peer connection a trickle or ICE restart is for. */
export type PcTarget = MediaSource | 'subscriber';

export type Jsep = z.infer<typeof jsepSchema>;

export interface IceCandidate {
  candidate: string;
  sdpMid?: string | null;
  sdpMLineIndex?: number | null;
}

/** A member as every other member sees them. Only serializable state. */
export type PeerInfo = z.infer<typeof peerInfoSchema>;

/** One stream of a publisher: its feed and (optionally) the mid of one of its tracks. */
export interface FeedStream {
  feed: number;
  mid?: string;
  /**
   * Subscribing: the simulcast layer to start a video with (0 low … 2 high), so the first frame
   * is already the one the tile needs rather than arriving after a layer switch.
   */
  substream?: number;
}

/** One stream of the subscriber connection: which member's what arrives on which mid. */
export type SubscribedStream = z.infer<typeof subscribedStreamSchema>;

/** The reaction bar's emoji, in the order it shows them; a reaction with any other is refused. */
export const REACTION_EMOJIS = ['👍', '❤️', '😂', '😮', '👏', '🎉'] as const;
export type ReactionEmoji = (typeof REACTION_EMOJIS)[number];
/** Reaction flood control per member: a burst of this many reactions… */
export const REACTION_RATE_BURST = 5;
/** …then one more each this many milliseconds. */
export const REACTION_RATE_REFILL_MS = 1000;

export type RoomRequest =
  | { type: 'join'; displayName: string; audioEnabled: boolean; videoEnabled: boolean }
  | { type: 'publish'; source: MediaSource; jsep: Jsep; audio: boolean; video: boolean }
  | { type: 'subscribe'; streams: FeedStream[] }
  | { type: 'unsubscribe'; streams: FeedStream[] }
  | { type: 'subscriberAnswer'; jsep: Jsep }
  | { type: 'trickle'; target: PcTarget; candidate: IceCandidate | null }
  | { type: 'pauseProducer'; source: MediaSource; kind: MediaKind }
  | { type: 'resumeProducer'; source: MediaSource; kind: MediaKind }
  | { type: 'closeProducer'; source: MediaSource }
  | {
      type: 'setConsumerPreferredLayers';
      mid: string;
      spatialLayer: number;
      temporalLayer?: number;
    }
  | { type: 'restartIce'; target: PcTarget; jsep?: Jsep }
  | { type: 'getProducerStats' }
  /**
   * A video of this feed I receive stands still (its key frame was lost on a narrow link): ask
   * its publisher for a key frame now rather than wait for my browser's own request.
   */
  | { type: 'requestKeyFrame'; feed: number }
  /** Chat: text to everyone in the meeting (trimmed, 1..CHAT_MAX_LENGTH characters). */
  | { type: 'sendMessage'; content: string }
  /** The meeting's chat so far (also part of the join answer). */
  | { type: 'chatHistory' }
  /** A reaction from the bar, shown over my tile to everyone (rate-limited, never stored). */
  | { type: 'sendReaction'; emoji: ReactionEmoji }
  /** Host: plan the breakout rooms (names, who goes where) while they are not open. */
  | { type: 'breakoutSetup'; rooms: string[]; assignments: BreakoutAssignment[] }
  /** Host: open the planned rooms, with a timer of `minutes` (0: none). */
  | { type: 'breakoutOpen'; minutes: number }
  /**
   * Host: move a member (or themselves) to a room (0: the main room); a member may only move
   * themselves back to the main room.
   */
  | { type: 'breakoutMove'; userId: number; room: number }
  /** Host: a message to everyone in every room. */
  | { type: 'breakoutBroadcast'; text: string }
  /** Host: close the rooms; everyone is back in the main room after the countdown. */
  | { type: 'breakoutClose' }
  /** A member in a breakout room asks the host to come. */
  | { type: 'breakoutHelp' }
  | { type: 'leave' }
  /**
   * I started (or stopped) recording the meeting on my own computer: everyone is told, as Zoom
   * does (issue 30); it shows on my tile while it lasts.
   */
  | { type: 'localRecording'; on: boolean }
  /** The page is going away (closed, reloaded): the seat waits, the others see them leave. */
  | { type: 'pageClosing' };

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

/** What each request is answered with when it succeeds. */
export type RoomResponses = {
  [T in RoomRequestType]: z.infer<(typeof roomResponseSchemas)[T]>;
};

export type RTCIceServerLike = z.infer<typeof iceServerSchema>;

/** The acknowledgement of every request. */
export type RoomAck<T extends RoomRequestType = RoomRequestType> =
  { ok: true; data: RoomResponses[T] } | z.infer<typeof roomRefusalSchema>;

export type RoomNotification = z.infer<typeof roomNotificationSchema>;

export type PollChange = z.infer<typeof pollChangeSchema>;

export type HostAction = z.infer<typeof hostActionSchema>;

export type RoomNotificationType = RoomNotification['type'];

/** Handshake auth of the `/room` namespace. */
export interface RoomAuth {
  token: string;
  conferenceId: string;
  deviceId: string;
}

export const ROOM_NAMESPACE = '/room';
export const ROOM_REQUEST_EVENT = 'request';
export const ROOM_NOTIFICATION_EVENT = 'notification';

export function assertUnreachable(value: never): never {
  throw new Error(`unexpected value: ${JSON.stringify(value)}`);
}
