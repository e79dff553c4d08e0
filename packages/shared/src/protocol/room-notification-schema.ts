/**
 * Runtime check of everything the `/room` socket's server says: each notification, the
 * acknowledgement of each request (by the request's type), and the refusals of a connection.
 * The web parses every message with these before it touches the room's state. room.ts's types
 * are inferred from them, so what the server writes and what the web accepts cannot drift apart.
 * The media words (source, kind, session description) are room-media-schema.ts's, shared with
 * the requests.
 */
import { z } from 'zod';
import { captionState, mySpeech, subtitleMessage } from '../api/captions.js';
import { chatMessage, roomProperties, waitingEntry } from '../api/host-control.js';
import { errorMessagesEn, type ErrorKey } from '../errors/messages.en.js';
import { breakoutState } from './breakout.js';
import { REACTION_EMOJIS } from './room-constants.js';
import { jsepSchema, mediaKindSchema, mediaSourceSchema } from './room-media-schema.js';
import type { roomRequestSchema } from './room-request-schema.js';

type RoomRequestType = z.infer<typeof roomRequestSchema>['type'];

/** A member as every other member sees them. Only serializable state. */
export const peerInfoSchema = z.object({
  peerId: z.string(),
  userId: z.number(),
  displayName: z.string(),
  avatar: z.string(),
  isHost: z.boolean(),
  isCreator: z.boolean(),
  isVisitor: z.boolean(),
  audioEnabled: z.boolean(),
  videoEnabled: z.boolean(),
  shareEnabled: z.boolean(),
  /** When the camera was last turned on (ms), for member order. */
  openVideoTime: z.number(),
  shareTime: z.number(),
  /** Janus feed ids of what this member publishes. */
  feeds: z.partialRecord(mediaSourceSchema, z.number()),
  /** The mids of each published feed's audio and video, for subscribing to one of them. */
  mids: z.partialRecord(
    mediaSourceSchema,
    z.object({ audio: z.string().optional(), video: z.string().optional() }),
  ),
  /** Hand-up state: 0 none, 1 apply, 2 approve, 3 refuse. */
  handUp: z.number(),
  /** They are recording the meeting on their own computer (announced to everyone). */
  localRecording: z.boolean().optional(),
  voiceLanguage: z.string(),
  /** The host muted this member and they cannot unmute themselves (force mute, or per member). */
  forceMuted: z.boolean(),
  /** The host disabled this member's camera; they cannot turn it on. */
  videoDisabled: z.boolean(),
  /**
   * Client-side only: the member's connection dropped and they have the reconnect grace to come
   * back (a `peerClosed` with `reconnecting`); shown as reconnecting, without media.
   */
  reconnecting: z.boolean().optional(),
});

/** One stream of the subscriber connection: which member's what arrives on which mid. */
export const subscribedStreamSchema = z.object({
  mid: z.string(),
  feedId: z.number(),
  peerId: z.string(),
  source: mediaSourceSchema,
  kind: mediaKindSchema,
  active: z.boolean(),
});

export const iceServerSchema = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});

export const pollChangeSchema = z.enum([
  'created',
  'updated',
  'launched',
  'stopped',
  'voted',
  'resultPublished',
  'resultUnpublished',
  'deleted',
]);

export const hostActionSchema = z.enum(['muteAudio', 'unmuteAudio', 'disableVideo', 'stopShare']);

// Checked by its type only: the bytes are the interpreter's business, and reading them here
// would cost a pass over every chunk of interpreted speech.
const pcmSchema = z.custom<ArrayBuffer | Uint8Array>(
  (value) => value instanceof ArrayBuffer || value instanceof Uint8Array,
);

export const roomNotificationSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('newPeer'), peer: peerInfoSchema }),
  /**
   * A member left the room. With `reconnecting`, their connection dropped: they keep their seat
   * for `graceMs` and come back as they were, so others show them as reconnecting until then.
   */
  z.object({
    type: z.literal('peerClosed'),
    peerId: z.string(),
    reconnecting: z.boolean().optional(),
    graceMs: z.number().int().nonnegative().optional(),
  }),
  /** A member changed what they send or show (media on or off, a feed up, their name). */
  z.object({ type: z.literal('peerUpdated'), peer: peerInfoSchema }),
  z.object({
    type: z.literal('streamsChanged'),
    peerId: z.string(),
    source: mediaSourceSchema,
    feedId: z.number().nullable(),
  }),
  z.object({
    type: z.literal('subscriberOffer'),
    jsep: jsepSchema,
    streams: z.array(subscribedStreamSchema),
  }),
  z.object({
    type: z.literal('activeSpeaker'),
    peerId: z.string(),
    talking: z.boolean(),
    level: z.number(),
  }),
  z.object({ type: z.literal('republish'), reason: z.literal('mediaRestarted') }),
  z.object({ type: z.literal('replaced') }),
  /** A caption line for me (SPEC.md's asrMessage): partial while someone speaks, then final. */
  z.object({ type: z.literal('asrMessage'), message: subtitleMessage }),
  /** Captions changed for everyone (on, off, locked, translation allowed, credits ran out). */
  z.object({ type: z.literal('captionState'), state: captionState }),
  /** My own speech settings changed (on another device, or when credits ran out). */
  z.object({ type: z.literal('speechSettings'), speech: mySpeech }),
  /**
   * Interpreted speech of member `peerId` in `language` for me: mono s16le at `sampleRate`,
   * in order of `seq`; `end` closes an utterance.
   */
  z.object({
    type: z.literal('interpretAudio'),
    peerId: z.string(),
    language: z.string(),
    sampleRate: z.number(),
    seq: z.number(),
    end: z.boolean(),
    pcm: pcmSchema,
  }),
  /** Out of the room for good; `by` names who ended the meeting for all, when someone did. */
  z.object({
    type: z.literal('roomClosed'),
    reason: z.enum(['ended', 'kicked']),
    by: z.string().optional(),
  }),
  /** A chat message (also echoed to its sender). */
  z.object({ type: z.literal('messageReceived'), message: chatMessage }),
  /**
   * The room's controls changed (a host command, the host role moving, meeting-wide controls such
   * as mute all, lock, waiting room, screen sharing, recording), whole and once: one of these to
   * each member for one change, with only what changed for them. `host` when the role moved
   * (hostId 0: nobody holds it); `properties` when the meeting-wide controls changed; `peers`
   * the members of my room whose state changed (me among them when mine did); `actions` what
   * the host asks my own client to do with its media — turn the microphone off (mute), on (hand
   * approved), the camera off (video disabled), or stop sharing.
   */
  z.object({
    type: z.literal('roomUpdated'),
    host: z.object({ hostId: z.number(), hostName: z.string() }).optional(),
    properties: roomProperties.optional(),
    peers: z.array(peerInfoSchema),
    actions: z.array(hostActionSchema),
  }),
  /** A poll changed: refresh the list and an open dialog on this voteId; 'deleted' closes it. */
  z.object({ type: z.literal('pollChanged'), voteId: z.number(), change: pollChangeSchema }),
  /** To hosts only: the waiting list changed (status 1 entries filtered out). */
  z.object({ type: z.literal('waitingList'), entries: z.array(waitingEntry) }),
  /** Member `peerId` reacted (also sent back to the sender, like a chat message). */
  z.object({ type: z.literal('reaction'), peerId: z.string(), emoji: z.enum(REACTION_EMOJIS) }),
  /** The breakout rooms changed (opened, closing, closed, someone moved, a timer). */
  z.object({ type: z.literal('breakoutState'), breakout: breakoutState }),
  /**
   * I was moved to another room: `peers` are its members. My media must go out again (the
   * room has its own media server room); chat is that room's.
   */
  z.object({
    type: z.literal('breakoutMoved'),
    room: z.number(),
    peers: z.array(peerInfoSchema),
    messages: z.array(chatMessage),
  }),
  /** The host's message to every room. */
  z.object({ type: z.literal('breakoutBroadcast'), text: z.string(), from: z.string() }),
  /** To hosts: a member in a breakout room asks for help. */
  z.object({
    type: z.literal('breakoutHelp'),
    userId: z.number(),
    displayName: z.string(),
    room: z.number(),
  }),
]);

const nothing = z.object({});
const subscription = z.object({
  jsep: jsepSchema.nullable(),
  streams: z.array(subscribedStreamSchema),
});
const breakoutReply = z.object({ breakout: breakoutState });

/** What each request is answered with when it succeeds (the `data` of its acknowledgement). */
export const roomResponseSchemas = {
  join: z.object({
    peers: z.array(peerInfoSchema),
    me: peerInfoSchema,
    hostId: z.number(),
    iceServers: z.array(iceServerSchema),
    /** Chat history, oldest first. */
    messages: z.array(chatMessage),
    properties: roomProperties,
    /** Captions in this meeting, and my own speech settings. */
    captions: captionState,
    speech: mySpeech,
    /** The breakout rooms and the one I am in (the peers above are that room's). */
    breakout: breakoutState,
  }),
  publish: z.object({ jsep: jsepSchema, feedId: z.number() }),
  subscribe: subscription,
  unsubscribe: subscription,
  subscriberAnswer: nothing,
  trickle: nothing,
  pauseProducer: nothing,
  resumeProducer: nothing,
  closeProducer: nothing,
  setConsumerPreferredLayers: nothing,
  requestKeyFrame: nothing,
  restartIce: z.object({ jsep: jsepSchema.nullable() }),
  getProducerStats: z.object({
    feeds: z.partialRecord(mediaSourceSchema, z.number()),
    audioEnabled: z.boolean(),
    videoEnabled: z.boolean(),
  }),
  sendMessage: z.object({ message: chatMessage }),
  chatHistory: z.object({ messages: z.array(chatMessage) }),
  sendReaction: nothing,
  breakoutSetup: breakoutReply,
  breakoutOpen: breakoutReply,
  breakoutMove: breakoutReply,
  breakoutBroadcast: nothing,
  breakoutClose: breakoutReply,
  breakoutHelp: nothing,
  leave: nothing,
  pageClosing: nothing,
  localRecording: nothing,
} satisfies Record<RoomRequestType, z.ZodType>;

const errorKeySchema = z.custom<ErrorKey>(
  (value) => typeof value === 'string' && Object.hasOwn(errorMessagesEn, value),
);

/** A request refused: the catalogue key lets the client show it in its own language. */
export const roomRefusalSchema = z.object({
  ok: z.literal(false),
  code: z.number(),
  error: z.string(),
  key: errorKeySchema.optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/** What each request is answered with when it succeeds. */
export type RoomResponses = {
  [T in RoomRequestType]: z.infer<(typeof roomResponseSchemas)[T]>;
};

/** The acknowledgement of every request. */
export type RoomAck<T extends RoomRequestType = RoomRequestType> =
  { ok: true; data: RoomResponses[T] } | z.infer<typeof roomRefusalSchema>;

const ackSchemas = new Map<RoomRequestType, z.ZodType>();

/** The acknowledgement of a request of this type: its answer, or a refusal. */
export function roomAckSchema<T extends RoomRequestType>(type: T): z.ZodType<RoomAck<T>> {
  let schema = ackSchemas.get(type);
  if (!schema) {
    schema = z.discriminatedUnion('ok', [
      z.object({ ok: z.literal(true), data: roomResponseSchemas[type] }),
      roomRefusalSchema,
    ]);
    ackSchemas.set(type, schema);
  }
  // A Map cannot say that each entry is its own type's schema; the union above is built so.
  return schema as z.ZodType<RoomAck<T>>;
}

/**
 * `fatal`: the server gives up on a connection whose handshake passed (joining failed, or 203
 * when its sign-in ended: the key then says why, for the client's own language).
 */
export const roomFatalSchema = z.object({
  code: z.number(),
  error: z.string(),
  key: errorKeySchema.optional(),
});

/**
 * The `data` of a refused handshake: the reply code, and the meeting's node when elsewhere; a
 * client that opened too many connections lately (key rateLimited) may try again after
 * `retryAfterMs`.
 */
export const roomHandshakeRefusalSchema = z.object({
  code: z.number(),
  mediaServer: z.url({ protocol: /^https?$/ }).optional(),
  key: errorKeySchema.optional(),
  retryAfterMs: z.number().nonnegative().optional(),
});
