/**
 * What a browser may ask on the `/room` socket, and its handshake: the server validates every
 * request against these, and room.ts's request types are inferred from them.
 */
import { z } from 'zod';
import {
  BREAKOUT_BROADCAST_MAX,
  BREAKOUT_MAX_MINUTES,
  BREAKOUT_MAX_ROOMS,
  BREAKOUT_NAME_MAX,
  breakoutAssignment,
} from './breakout.js';
import { REACTION_EMOJIS } from './room-constants.js';
import {
  feedStreamSchema,
  iceCandidateSchema,
  jsepSchema,
  mediaKindSchema,
  mediaSourceSchema,
  pcTargetSchema,
} from './room-media-schema.js';
import { isDisplayText } from '../domain/safe-text.js';

const streams = z.array(feedStreamSchema).max(120);

export const roomRequestSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('join'),
    // A name others see: no control characters or bidi overrides (as the API's names).
    displayName: z.string().max(60).refine(isDisplayText, { error: 'textControlChars' }),
    audioEnabled: z.boolean(),
    videoEnabled: z.boolean(),
  }),
  z.object({
    type: z.literal('publish'),
    source: mediaSourceSchema,
    jsep: jsepSchema,
    audio: z.boolean(),
    video: z.boolean(),
  }),
  z.object({ type: z.literal('subscribe'), streams }),
  z.object({ type: z.literal('unsubscribe'), streams }),
  z.object({ type: z.literal('subscriberAnswer'), jsep: jsepSchema }),
  z.object({
    type: z.literal('trickle'),
    target: pcTargetSchema,
    candidate: iceCandidateSchema.nullable(),
  }),
  z.object({ type: z.literal('pauseProducer'), source: mediaSourceSchema, kind: mediaKindSchema }),
  z.object({ type: z.literal('resumeProducer'), source: mediaSourceSchema, kind: mediaKindSchema }),
  z.object({ type: z.literal('closeProducer'), source: mediaSourceSchema }),
  z.object({
    type: z.literal('setConsumerPreferredLayers'),
    mid: z.string().max(16),
    spatialLayer: z.number().int().min(0).max(2),
    temporalLayer: z.number().int().min(0).max(2).optional(),
  }),
  z.object({ type: z.literal('restartIce'), target: pcTargetSchema, jsep: jsepSchema.optional() }),
  z.object({ type: z.literal('getProducerStats') }),
  /**
   * A video of this feed I receive stands still (its key frame was lost on a narrow link): ask
   * its publisher for a key frame now rather than wait for my browser's own request.
   */
  z.strictObject({ type: z.literal('requestKeyFrame'), feed: z.number().int().positive() }),
  /** Chat: text to everyone in the meeting (trimmed, 1..CHAT_MAX_LENGTH characters). */
  z.object({ type: z.literal('sendMessage'), content: z.string().max(20_000) }),
  /** The meeting's chat so far (also part of the join answer). */
  z.object({ type: z.literal('chatHistory') }),
  /** A reaction from the bar, shown over my tile to everyone (rate-limited, never stored). */
  // Strict: a reaction is only its emoji; anything more is a client that speaks another protocol.
  z.strictObject({ type: z.literal('sendReaction'), emoji: z.enum(REACTION_EMOJIS) }),
  /** Host: plan the breakout rooms (names, who goes where) while they are not open. */
  z.strictObject({
    type: z.literal('breakoutSetup'),
    rooms: z.array(z.string().trim().min(1).max(BREAKOUT_NAME_MAX)).min(1).max(BREAKOUT_MAX_ROOMS),
    assignments: z.array(breakoutAssignment).max(500),
  }),
  /** Host: open the planned rooms, with a timer of `minutes` (0: none). */
  z.strictObject({
    type: z.literal('breakoutOpen'),
    minutes: z.number().int().min(0).max(BREAKOUT_MAX_MINUTES),
  }),
  /**
   * Host: move a member (or themselves) to a room (0: the main room); a member may only move
   * themselves back to the main room.
   */
  z.strictObject({
    type: z.literal('breakoutMove'),
    userId: z.number().int().positive(),
    room: z.number().int().min(0).max(BREAKOUT_MAX_ROOMS),
  }),
  /** Host: a message to everyone in every room. */
  z.strictObject({
    type: z.literal('breakoutBroadcast'),
    text: z.string().trim().min(1).max(BREAKOUT_BROADCAST_MAX),
  }),
  /** Host: close the rooms; everyone is back in the main room after the countdown. */
  z.strictObject({ type: z.literal('breakoutClose') }),
  /** A member in a breakout room asks the host to come. */
  z.strictObject({ type: z.literal('breakoutHelp') }),
  z.object({ type: z.literal('leave') }),
  /** The page is going away (closed, reloaded): the seat waits, the others see them leave. */
  z.strictObject({ type: z.literal('pageClosing') }),
  /**
   * I started (or stopped) recording the meeting on my own computer: everyone is told, as Zoom
   * does (issue 30); it shows on my tile while it lasts.
   */
  z.strictObject({ type: z.literal('localRecording'), on: z.boolean() }),
]);

/** Handshake auth of the `/room` namespace. */
export const roomAuthSchema = z.object({
  token: z.string().min(1).max(200),
  conferenceId: z.string().regex(/^\d{9,10}$/),
  deviceId: z.string().min(1).max(64),
  /** The join's room pass (JoinPayload.roomPass); past its minute, or without it, all is checked. */
  pass: z.string().max(1000).optional(),
});
