/** Runtime check of `/room` requests: the server validates every one against this. */
import { z } from 'zod';
import {
  BREAKOUT_BROADCAST_MAX,
  BREAKOUT_MAX_MINUTES,
  BREAKOUT_MAX_ROOMS,
  BREAKOUT_NAME_MAX,
} from './breakout.js';
import { REACTION_EMOJIS, type RoomRequest } from './room.js';
import { isDisplayText } from '../domain/safe-text.js';

const source = z.enum(['camera', 'screen']);
const kind = z.enum(['audio', 'video']);
const target = z.enum(['camera', 'screen', 'subscriber']);
const jsep = z.object({ type: z.enum(['offer', 'answer']), sdp: z.string().min(1).max(200_000) });
const candidate = z
  .object({
    candidate: z.string().max(1000),
    sdpMid: z.string().max(64).nullable().optional(),
    sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
  })
  .nullable();
const streams = z
  .array(
    z.object({
      feed: z.number().int().positive(),
      mid: z.string().max(16).optional(),
      substream: z.number().int().min(0).max(2).optional(),
    }),
  )
  .max(120);

export const roomRequestSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('join'),
    // A name others see: no control characters or bidi overrides (as the API's names).
    displayName: z.string().max(60).refine(isDisplayText, { error: 'textControlChars' }),
    audioEnabled: z.boolean(),
    videoEnabled: z.boolean(),
  }),
  z.object({ type: z.literal('publish'), source, jsep, audio: z.boolean(), video: z.boolean() }),
  z.object({ type: z.literal('subscribe'), streams }),
  z.object({ type: z.literal('unsubscribe'), streams }),
  z.object({ type: z.literal('subscriberAnswer'), jsep }),
  z.object({ type: z.literal('trickle'), target, candidate }),
  z.object({ type: z.literal('pauseProducer'), source, kind }),
  z.object({ type: z.literal('resumeProducer'), source, kind }),
  z.object({ type: z.literal('closeProducer'), source }),
  z.object({
    type: z.literal('setConsumerPreferredLayers'),
    mid: z.string().max(16),
    spatialLayer: z.number().int().min(0).max(2),
    temporalLayer: z.number().int().min(0).max(2).optional(),
  }),
  z.object({ type: z.literal('restartIce'), target, jsep: jsep.optional() }),
  z.object({ type: z.literal('getProducerStats') }),
  z.strictObject({ type: z.literal('requestKeyFrame'), feed: z.number().int().positive() }),
  z.object({ type: z.literal('sendMessage'), content: z.string().max(20_000) }),
  z.object({ type: z.literal('chatHistory') }),
  // Strict: a reaction is only its emoji; anything more is a client that speaks another protocol.
  z.strictObject({ type: z.literal('sendReaction'), emoji: z.enum(REACTION_EMOJIS) }),
  z.strictObject({
    type: z.literal('breakoutSetup'),
    rooms: z.array(z.string().trim().min(1).max(BREAKOUT_NAME_MAX)).min(1).max(BREAKOUT_MAX_ROOMS),
    assignments: z
      .array(
        z.strictObject({
          userId: z.number().int().positive(),
          room: z.number().int().min(0).max(BREAKOUT_MAX_ROOMS),
        }),
      )
      .max(500),
  }),
  z.strictObject({
    type: z.literal('breakoutOpen'),
    minutes: z.number().int().min(0).max(BREAKOUT_MAX_MINUTES),
  }),
  z.strictObject({
    type: z.literal('breakoutMove'),
    userId: z.number().int().positive(),
    room: z.number().int().min(0).max(BREAKOUT_MAX_ROOMS),
  }),
  z.strictObject({
    type: z.literal('breakoutBroadcast'),
    text: z.string().trim().min(1).max(BREAKOUT_BROADCAST_MAX),
  }),
  z.strictObject({ type: z.literal('breakoutClose') }),
  z.strictObject({ type: z.literal('breakoutHelp') }),
  z.object({ type: z.literal('leave') }),
  z.strictObject({ type: z.literal('pageClosing') }),
  z.strictObject({ type: z.literal('localRecording'), on: z.boolean() }),
]) satisfies z.ZodType<RoomRequest>;

export const roomAuthSchema = z.object({
  token: z.string().min(1).max(200),
  conferenceId: z.string().regex(/^\d{9,10}$/),
  deviceId: z.string().min(1).max(64),
});
