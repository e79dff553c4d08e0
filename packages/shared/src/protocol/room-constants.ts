/**
 * The `/room` socket's names and limits: constants only, read by the schemas of both directions
 * and by the web's first screen without zod.
 */
export const ROOM_NAMESPACE = '/room';
export const ROOM_REQUEST_EVENT = 'request';
export const ROOM_NOTIFICATION_EVENT = 'notification';

/** The reaction bar's emoji, in the order it shows them; a reaction with any other is refused. */
export const REACTION_EMOJIS = ['👍', '❤️', '😂', '😮', '👏', '🎉'] as const;
export type ReactionEmoji = (typeof REACTION_EMOJIS)[number];
/** Reaction flood control per member: a burst of this many reactions… */
export const REACTION_RATE_BURST = 5;
/** …then one more each this many milliseconds. */
export const REACTION_RATE_REFILL_MS = 1000;
