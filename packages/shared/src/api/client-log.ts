/**
 * Client logs (SPEC.md sections 3 and 7, `/client-log/report`): the web client batches entries
 * and sends them as `log`, a JSON string of entries with logTime, eventType, agent, peerId,
 * roomId, meetingId and an optional value. The server keeps them a while, a bounded number per
 * user (see CLIENT_LOG_RETENTION_MS and CLIENT_LOG_PER_USER_CAP).
 */
import { z } from 'zod';
import { TIME_WINDOW_MS } from '../constants.js';
import { findUnsafeText } from '../domain/safe-text.js';

/** At most this many entries in one report (the client sends more as further reports). */
export const CLIENT_LOG_MAX_ENTRIES = 50;
/** An entry's value, as JSON, is at most this many characters. */
export const CLIENT_LOG_VALUE_MAX = 4000;
/** The `log` text of one report is at most this many characters. */
export const CLIENT_LOG_BODY_MAX = 256 * 1024;
/** Entries are kept this long after they arrive. */
export const CLIENT_LOG_RETENTION_MS = 14 * 24 * 60 * 60 * 1000;
/** Only each user's newest entries are kept, this many. */
export const CLIENT_LOG_PER_USER_CAP = 1000;

/** Event types the web client logs (the server takes any short name). */
export const CLIENT_LOG_EVENT = {
  /** The camera or microphone failed: value carries type, name, message, permission, channel. */
  deviceError: 'device_error',
} as const;

const idField = z.string().max(64).optional().default('');

export const clientLogEntry = z.object({
  /**
   * When it happened on the client (ms since the epoch). Refused with the generic text, which
   * names the field: the report is the client's, not a form someone fills in.
   */
  logTime: z.number().int().min(TIME_WINDOW_MS.min).max(TIME_WINDOW_MS.max),
  eventType: z.string().trim().min(1).max(64),
  /** `web/{version}` and the browser (SPEC.md section 9). */
  agent: z.string().max(512),
  peerId: idField,
  /** The room (the meeting's uri). */
  roomId: idField,
  /** The meeting number. */
  meetingId: idField,
  value: z
    .json()
    .optional()
    .refine(
      (value) => value === undefined || JSON.stringify(value).length <= CLIENT_LOG_VALUE_MAX,
      {
        error: 'clientLogValueTooLong',
      },
    ),
});
export type ClientLogEntry = z.input<typeof clientLogEntry>;
export type StoredClientLogEntry = z.output<typeof clientLogEntry>;

export const clientLogBody = z.object({
  log: z
    .string()
    .max(CLIENT_LOG_BODY_MAX, { error: 'clientLogTooLarge' })
    .transform((text, ctx) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'clientLogInvalid' });
        return z.NEVER;
      }
      // The text was checked as text; what it decodes to is checked again.
      const unsafe = findUnsafeText(parsed);
      if (unsafe !== null) {
        ctx.addIssue({ code: 'custom', message: 'unsafeText' });
        return z.NEVER;
      }
      return parsed;
    })
    .pipe(
      z
        .array(clientLogEntry, { error: 'clientLogInvalid' })
        .min(1, { error: 'clientLogInvalid' })
        .max(CLIENT_LOG_MAX_ENTRIES, { error: 'clientLogTooMany' }),
    ),
});

export const clientLogReply = z.object({ stored: z.number() });
