/**
 * Host controls and the waiting room (SPEC.md section 7: `conference/set` and its command
 * types, `changeHost`, the waiting-room calls). List parameters are comma-joined strings as the
 * spec's getMemberList shows; arrays are accepted too.
 */
import { z } from 'zod';
import { intField } from './fields.js';

export const COMMAND_TYPES = [
  'video_enable',
  'hand_up',
  'conf_mute',
  'conf_dismiss',
  'screen_share',
  'lock_room',
  'kick_member',
  'change_host',
] as const;
export type CommandType = (typeof COMMAND_TYPES)[number];

/** "a,b,c" or ["a","b","c"] (or numbers) → trimmed non-empty strings. */
export const listField = z
  .union([z.string(), z.array(z.union([z.string(), z.number()]))])
  .transform((value) =>
    (Array.isArray(value) ? value.map(String) : value.split(','))
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().max(64)).max(100));

const valueField = z
  .union([z.string(), z.number(), z.boolean()])
  .transform((v) => (typeof v === 'boolean' ? (v ? '1' : '0') : String(v)));

export const commandSchema = z.object({
  /** The meeting: its uri (the spec's `room`) or number. */
  room: z.string().max(64).optional(),
  rid: z.union([z.string(), z.number()]).optional(),
  content: z.string().max(500).optional(),
  ext: z.object({
    ext_type: z.enum(COMMAND_TYPES),
    ext_value: valueField.optional().default(''),
    scope: z.string().max(16).optional(),
    new_host_code: z.union([z.string(), z.number()]).transform(String).optional(),
    code_list: listField.optional(),
  }),
});
export type Command = z.infer<typeof commandSchema>;

/** `setContent` arrives as a JSON string (form bodies) or an object (JSON bodies). */
export const conferenceSetBody = z.object({
  conferenceUri: z.string().max(64).optional(),
  conferenceId: z.union([z.string(), z.number()]).transform(String).optional(),
  setContent: z.union([
    z.string().transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'setContent is not valid JSON' });
        return z.NEVER;
      }
    }),
    z.record(z.string(), z.unknown()),
  ]),
});

export const changeHostBody = z.object({
  conferenceUri: z.string().max(64).optional(),
  conferenceId: z.union([z.string(), z.number()]).transform(String).optional(),
  /** The new host: their member code, or user id. */
  newHostCode: z.union([z.string(), z.number()]).transform(String).optional(),
  userId: intField.optional(),
});

export const waitingListBody = z.object({
  conferenceUri: z.string().min(1).max(64),
  codeList: listField.optional(),
});

export const approveJoinBody = z.object({
  conferenceUri: z.string().min(1).max(64),
  userIdList: listField,
});

export const denyJoinBody = approveJoinBody.extend({
  addToBlackList: intField.pipe(z.number().int().min(0).max(1)).optional().default(0),
});

export const waitingRoomStatusBody = z.object({
  conferenceUri: z.string().min(1).max(64),
  status: intField.pipe(z.number().int().min(0).max(1)),
  memberAction: intField.optional(),
});

/** Waiting list status: 1 already admitted (filtered out), 2 waiting, 3 approved. */
export const WAITING_STATUS = { admitted: 1, waiting: 2, approved: 3 } as const;

export const waitingEntry = z.object({
  userId: z.number(),
  userAvatar: z.string(),
  userConferenceName: z.string(),
  status: z.number(),
});
export type WaitingEntry = z.infer<typeof waitingEntry>;

/** Hand-up states. */
export const HAND = { none: 0, apply: 1, approve: 2, refuse: 3 } as const;

/** Waiting-room socket messages and their numbers (SPEC.md section 4). */
export const WAITING_ROOM_MESSAGES = {
  waiting_room_deny: 0,
  waiting_room_approve: 1,
  conference_closed: 2,
  waiting_room_error: 3,
  waiting_room_kick_out: 4,
} as const;
export type WaitingRoomMessage = keyof typeof WAITING_ROOM_MESSAGES;

/** `conf_mute` values: 0 everyone may talk, 1 all muted (members may unmute), 2 force muted. */
export const CONF_MUTE = { off: 0, muted: 1, forced: 2 } as const;

/** Chat over the `/room` socket (SPEC.md section 3, Chat message). */
export const CHAT_UA = 3;
export const CHAT_MAX_LENGTH = 1000;
/** Chat flood control per member: a burst of this many messages… */
export const CHAT_RATE_BURST = 5;
/** …then one more each this many milliseconds. */
export const CHAT_RATE_REFILL_MS = 1000;

export const chatMessage = z.object({
  id: z.number(),
  /** ms since the epoch */
  time: z.number(),
  /** The sender's user id, as a string. */
  scode: z.string(),
  /** The sender's name in the meeting. */
  sname: z.string(),
  ua: z.literal(CHAT_UA),
  content: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** What the host controls for the whole meeting, as every member sees it. */
export const roomProperties = z.object({
  confMute: z.number(),
  lockRoom: z.boolean(),
  waitingRoom: z.boolean(),
  screenShareAllowed: z.boolean(),
  /** 1 while a cloud recording runs (every member sees it). */
  recordStatus: z.number(),
  /** 1 audio, 2 video (0 none). */
  recordType: z.number(),
  /** When the running recording began (ms), for the elapsed time shown; 0 when none. */
  recordStartedAt: z.number(),
});
export type RoomProperties = z.infer<typeof roomProperties>;
