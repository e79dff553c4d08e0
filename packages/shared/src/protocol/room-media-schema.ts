/**
 * The media words both directions of the `/room` socket use — which source, which kind, a
 * session description, an ICE candidate, a stream of a feed — defined once, for the requests
 * (room-request-schema.ts) and for what the server says (room-notification-schema.ts).
 */
import { z } from 'zod';

export const mediaSourceSchema = z.enum(['camera', 'screen']);
export const mediaKindSchema = z.enum(['audio', 'video']);
/** Which peer connection a trickle or ICE restart is for. */
export const pcTargetSchema = z.enum(['camera', 'screen', 'subscriber']);

export const jsepSchema = z.object({
  type: z.enum(['offer', 'answer']),
  sdp: z.string().min(1).max(200_000),
});

export const iceCandidateSchema = z.object({
  candidate: z.string().max(1000),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
});

/** One stream of a publisher: its feed and (optionally) the mid of one of its tracks. */
export const feedStreamSchema = z.object({
  feed: z.number().int().positive(),
  mid: z.string().max(16).optional(),
  /**
   * Subscribing: the simulcast layer to start a video with (0 low … 2 high), so the first frame
   * is already the one the tile needs rather than arriving after a layer switch.
   */
  substream: z.number().int().min(0).max(2).optional(),
});
