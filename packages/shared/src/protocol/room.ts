/**
 * The `/room` socket protocol: what a browser asks (requests, answered through the socket.io
 * acknowledgement) and what the server tells (notifications). One discriminated union each way.
 * JSEP travels through here; browsers never talk to Janus's API.
 */
import type { ErrorKey } from '../errors/messages.en.js';
import type { CaptionState, MySpeech, SubtitleMessage } from '../api/captions.js';
import type { ChatMessage, RoomProperties, WaitingEntry } from '../api/host-control.js';
import type { BreakoutAssignment, BreakoutState } from './breakout.js';

export type MediaSource = 'camera' | 'screen';
export type MediaKind = 'audio' | 'video';
/** Which peer connection a trickle or ICE restart is for. */
export type PcTarget = MediaSource | 'subscriber';

export interface Jsep {
  type: 'offer' | 'answer';
  sdp: string;
}

export interface IceCandidate {
  candidate: string;
  sdpMid?: string | null;
  sdpMLineIndex?: number | null;
}

/** A member as every other member sees them. Only serializable state. */
export interface PeerInfo {
  peerId: string;
  userId: number;
  displayName: string;
  avatar: string;
  isHost: boolean;
  isCreator: boolean;
  isVisitor: boolean;
  audioEnabled: boolean;
  videoEnabled: boolean;
  shareEnabled: boolean;
  /** When the camera was last turned on (ms), for member order. */
  openVideoTime: number;
  shareTime: number;
  /** Janus feed ids of what this member publishes. */
  feeds: Partial<Record<MediaSource, number>>;
  /** The mids of each published feed's audio and video, for subscribing to one of them. */
  mids: Partial<Record<MediaSource, { audio?: string; video?: string }>>;
  /** Hand-up state: 0 none, 1 apply, 2 approve, 3 refuse. */
  handUp: number;
  voiceLanguage: string;
  /** The host muted this member and they cannot unmute themselves (force mute, or per member). */
  forceMuted: boolean;
  /** The host disabled this member's camera; they cannot turn it on. */
  videoDisabled: boolean;
}

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
export interface SubscribedStream {
  mid: string;
  feedId: number;
  peerId: string;
  source: MediaSource;
  kind: MediaKind;
  active: boolean;
}

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
  | { type: 'leave' };

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

export interface RoomResponses {
  join: {
    peers: PeerInfo[];
    me: PeerInfo;
    hostId: number;
    iceServers: RTCIceServerLike[];
    /** Chat history, oldest first. */
    messages: ChatMessage[];
    properties: RoomProperties;
    /** Captions in this meeting, and my own speech settings. */
    captions: CaptionState;
    speech: MySpeech;
    /** The breakout rooms and the one I am in (the peers above are that room's). */
    breakout: BreakoutState;
  };
  publish: { jsep: Jsep; feedId: number };
  subscribe: { jsep: Jsep | null; streams: SubscribedStream[] };
  unsubscribe: { jsep: Jsep | null; streams: SubscribedStream[] };
  subscriberAnswer: Record<string, never>;
  trickle: Record<string, never>;
  pauseProducer: Record<string, never>;
  resumeProducer: Record<string, never>;
  closeProducer: Record<string, never>;
  setConsumerPreferredLayers: Record<string, never>;
  restartIce: { jsep: Jsep | null };
  getProducerStats: {
    feeds: Partial<Record<MediaSource, number>>;
    audioEnabled: boolean;
    videoEnabled: boolean;
  };
  sendMessage: { message: ChatMessage };
  chatHistory: { messages: ChatMessage[] };
  sendReaction: Record<string, never>;
  breakoutSetup: { breakout: BreakoutState };
  breakoutOpen: { breakout: BreakoutState };
  breakoutMove: { breakout: BreakoutState };
  breakoutBroadcast: Record<string, never>;
  breakoutClose: { breakout: BreakoutState };
  breakoutHelp: Record<string, never>;
  leave: Record<string, never>;
}

export interface RTCIceServerLike {
  urls: string | string[];
  username?: string;
  credential?: string;
}

/** The acknowledgement of every request. */
export type RoomAck<T extends RoomRequestType = RoomRequestType> =
  | { ok: true; data: RoomResponses[T] }
  | {
      ok: false;
      code: number;
      error: string;
      /** The catalogue key of the refusal, so the client shows it in its own language. */
      key?: ErrorKey;
      params?: Record<string, string | number>;
    };

export type RoomNotification =
  | { type: 'newPeer'; peer: PeerInfo }
  | { type: 'peerClosed'; peerId: string }
  /** A member changed what they send or show (media on or off, a feed up, their name). */
  | { type: 'peerUpdated'; peer: PeerInfo }
  | { type: 'streamsChanged'; peerId: string; source: MediaSource; feedId: number | null }
  | { type: 'subscriberOffer'; jsep: Jsep; streams: SubscribedStream[] }
  | { type: 'activeSpeaker'; peerId: string; talking: boolean; level: number }
  | { type: 'republish'; reason: 'mediaRestarted' }
  | { type: 'replaced' }
  /** A caption line for me (SPEC.md's asrMessage): partial while someone speaks, then final. */
  | { type: 'asrMessage'; message: SubtitleMessage }
  /** Captions changed for everyone (on, off, locked, translation allowed, credits ran out). */
  | { type: 'captionState'; state: CaptionState }
  /** My own speech settings changed (on another device, or when credits ran out). */
  | { type: 'speechSettings'; speech: MySpeech }
  /**
   * Interpreted speech of member `peerId` in `language` for me: mono s16le at `sampleRate`,
   * in order of `seq`; `end` closes an utterance.
   */
  | {
      type: 'interpretAudio';
      peerId: string;
      language: string;
      sampleRate: number;
      seq: number;
      end: boolean;
      pcm: ArrayBuffer | Uint8Array;
    }
  /** Out of the room for good; `by` names who ended the meeting for all, when someone did. */
  | { type: 'roomClosed'; reason: 'ended' | 'kicked'; by?: string }
  /** A chat message (also echoed to its sender). */
  | { type: 'messageReceived'; message: ChatMessage }
  /**
   * The room's controls changed (a host command, the host role moving, meeting-wide controls such
   * as mute all, lock, waiting room, screen sharing, recording), whole and once: one of these to
   * each member for one change, with only what changed for them. `host` when the role moved
   * (hostId 0: nobody holds it); `properties` when the meeting-wide controls changed; `peers`
   * the members of my room whose state changed (me among them when mine did); `actions` what
   * the host asks my own client to do with its media — turn the microphone off (mute), on (hand
   * approved), the camera off (video disabled), or stop sharing.
   */
  | {
      type: 'roomUpdated';
      host?: { hostId: number; hostName: string };
      properties?: RoomProperties;
      peers: PeerInfo[];
      actions: HostAction[];
    }
  /** A poll changed: refresh the list and an open dialog on this voteId; 'deleted' closes it. */
  | { type: 'pollChanged'; voteId: number; change: PollChange }
  /** To hosts only: the waiting list changed (status 1 entries filtered out). */
  | { type: 'waitingList'; entries: WaitingEntry[] }
  /** Member `peerId` reacted (also sent back to the sender, like a chat message). */
  | { type: 'reaction'; peerId: string; emoji: ReactionEmoji }
  /** The breakout rooms changed (opened, closing, closed, someone moved, a timer). */
  | { type: 'breakoutState'; breakout: BreakoutState }
  /**
   * I was moved to another room: `peers` are its members. My media must go out again (the
   * room has its own media server room); chat is that room's.
   */
  | { type: 'breakoutMoved'; room: number; peers: PeerInfo[]; messages: ChatMessage[] }
  /** The host's message to every room. */
  | { type: 'breakoutBroadcast'; text: string; from: string }
  /** To hosts: a member in a breakout room asks for help. */
  | { type: 'breakoutHelp'; userId: number; displayName: string; room: number };

export type PollChange =
  | 'created'
  | 'updated'
  | 'launched'
  | 'stopped'
  | 'voted'
  | 'resultPublished'
  | 'resultUnpublished'
  | 'deleted';

export type HostAction = 'muteAudio' | 'unmuteAudio' | 'disableVideo' | 'stopShare';

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
