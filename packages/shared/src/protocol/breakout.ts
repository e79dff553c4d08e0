/**
 * Breakout rooms: the host splits a meeting's members into smaller rooms, each with its own
 * media and chat, for a while, then brings everyone back. Room 0 is the main room; breakout
 * room k (1-based) is `rooms[k - 1]`.
 */
import { z } from 'zod';

/** At most this many breakout rooms in a meeting. */
export const BREAKOUT_MAX_ROOMS = 20;
/** A room name is 1..this many characters. */
export const BREAKOUT_NAME_MAX = 30;
/** The host's timer is 0 (none) .. this many minutes. */
export const BREAKOUT_MAX_MINUTES = 240;
/** Closing the rooms gives everyone this long (seconds) before they are back in the main room. */
export const BREAKOUT_COUNTDOWN_SECONDS = 60;
/** A broadcast to all rooms is 1..this many characters. */
export const BREAKOUT_BROADCAST_MAX = 500;

/** idle: planned or closed (everyone in the main room); open; closing: the countdown runs. */
export const breakoutStatus = z.enum(['idle', 'open', 'closing']);
export type BreakoutStatus = z.infer<typeof breakoutStatus>;

/** Who goes to which room in the host's plan (a `breakoutSetup` request's `assignments`). */
export const breakoutAssignment = z.strictObject({
  userId: z.number().int().positive(),
  /** 0 the main room, k breakout room k. */
  room: z.number().int().min(0).max(BREAKOUT_MAX_ROOMS),
});
export type BreakoutAssignment = z.infer<typeof breakoutAssignment>;

/** Someone in the meeting now, as the host's breakout panel lists them. */
export const breakoutMember = z.object({
  userId: z.number(),
  displayName: z.string(),
  /** Where they are (or will go when the rooms open). */
  room: z.number(),
  /** Asked the host for help and the host has not come to their room since. */
  askedForHelp: z.boolean(),
});
export type BreakoutMember = z.infer<typeof breakoutMember>;

/** What one member is told about the breakout rooms (hosts also get everyone's place). */
export const breakoutState = z.object({
  status: breakoutStatus,
  rooms: z.array(z.string()),
  /**
   * How long the host's timer still runs (ms, as of when this was sent: clocks differ), null
   * without one.
   */
  endsInMs: z.number().nullable(),
  /** While closing: how long until everyone is back in the main room (ms, as of sending). */
  closesInMs: z.number().nullable(),
  /** The room I am in now. */
  myRoom: z.number(),
  /** Hosts: everyone in the meeting and their room; others: empty. */
  members: z.array(breakoutMember),
});
export type BreakoutState = z.infer<typeof breakoutState>;

export const NO_BREAKOUTS: BreakoutState = {
  status: 'idle',
  rooms: [],
  endsInMs: null,
  closesInMs: null,
  myRoom: 0,
  members: [],
};
