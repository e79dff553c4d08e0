/**
 * Magic Cam's wires (SPEC.md section 7 "Other sockets": a magic-camera socket plus an HTTP
 * stream of JPEG frames).
 *
 * 1. The browser and our server: the socket.io namespace `/magic`, opened with
 *    `auth: { token }` from `/api/magic/getToken`. The server charges the session's user one
 *    minute when `start` is acknowledged and one more each minute after, and closes it with a
 *    reason. With the `stream` engine the browser sends camera frames as `frame` (JPEG bytes)
 *    and reads the stylised frames from `GET /api/magic/stream?token=…`, a
 *    `multipart/x-mixed-replace` body of JPEG parts.
 * 2. Our server and a streaming image-to-image server (MAGIC_CAM_URL, a WebSocket): JSON text
 *    messages for control, binary messages for JPEG frames in both directions.
 */
import { z } from 'zod';
import { MAGIC_PROMPT_MAX, magicCloseReason, type MagicCloseReason } from '../api/magic.js';

// ── 1. Browser ⇄ our server (`/magic`) ─────────────────────────────────────────────────────────

export const MAGIC_NAMESPACE = '/magic';
/** The handshake's `auth`: the token `getToken` / `getHomePageToken` gave. */
export const magicAuthSchema = z.object({ token: z.string().min(1).max(200) });

/** Client → server events, each with an acknowledgement callback. */
export const magicStartRequest = z.object({
  prompt: z.string().trim().min(1).max(MAGIC_PROMPT_MAX),
  /** The frames' size the browser will send (stream engine); the output has the same size. */
  width: z.number().int().min(16).max(1920).optional(),
  height: z.number().int().min(16).max(1920).optional(),
});
export type MagicStartRequest = z.infer<typeof magicStartRequest>;
/** The ack of `start` and `prompt`: ok, or the reason it closes. */
export type MagicAck = { ok: true; balance: number } | { ok: false; reason: MagicCloseReason };

export interface MagicClientEvents {
  /** Starts (or restarts after a reconnect) the session: the first minute is charged. */
  start: (request: MagicStartRequest, ack: (reply: MagicAck) => void) => void;
  /** Changes the prompt mid-session (no new charge). */
  prompt: (request: { prompt: string }, ack: (reply: MagicAck) => void) => void;
  /** One camera frame (stream engine only): JPEG bytes, more than MAGIC_MIN_FRAME_BYTES. */
  frame: (jpeg: ArrayBuffer | Uint8Array) => void;
  /** The user stops: the session ends, nothing more is charged. */
  stop: (ack?: () => void) => void;
}

/** Server → client events. */
export const magicChargedEvent = z.object({
  /** Minutes paid for this session so far, and the balance after the last one. */
  minutes: z.number().int(),
  balance: z.number().int(),
});
export const magicClosedEvent = z.object({ reason: magicCloseReason });
export interface MagicServerEvents {
  charged: (event: z.infer<typeof magicChargedEvent>) => void;
  closed: (event: z.infer<typeof magicClosedEvent>) => void;
}

/** The HTTP stream's part boundary (`multipart/x-mixed-replace; boundary=…`). */
export const MAGIC_STREAM_BOUNDARY = 'magicframe';

// ── 2. Our server ⇄ a streaming image-to-image server ─────────────────────────────────────────

/** Text messages our server sends upstream. Binary messages are JPEG camera frames. */
export const upstreamRequest = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('start'),
    prompt: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    /** Diffusion hints (SPEC.md section 9 lists them; ranges are the server's). */
    steps: z.number().int().optional(),
    guidanceScale: z.number().optional(),
    controlnetScale: z.number().optional(),
  }),
  z.object({ type: z.literal('prompt'), prompt: z.string() }),
  z.object({ type: z.literal('stop') }),
]);
export type UpstreamRequest = z.infer<typeof upstreamRequest>;

/** Text messages the upstream server sends. Binary messages are stylised JPEG frames. */
export const upstreamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({
    type: z.literal('error'),
    /** `serverFull` when it has no room for another stream; anything else is `sysError`. */
    reason: z.enum(['serverFull', 'sysError']),
    message: z.string().optional(),
  }),
]);
export type UpstreamEvent = z.infer<typeof upstreamEvent>;
