/**
 * Reactions as the room shows them: each one the server broadcasts floats up over its sender's
 * tile for REACTION_FLOAT_MS (the room store forgets it then), and is announced to screen
 * readers by its name, never by the emoji alone.
 */
import { REACTION_EMOJIS, type ReactionEmoji } from '@meet/shared';

export interface FloatingReaction {
  /** Local and increasing: tells two equal emoji of one member apart. */
  id: number;
  peerId: string;
  emoji: ReactionEmoji;
}

/** How long a reaction floats over a tile (the length of its CSS animation, room-reactions.css). */
// Long enough to be seen by someone looking elsewhere on the screen, as Meet's (issue 30).
export const REACTION_FLOAT_MS = 6000;
/** At most this many float at once in the whole room; the oldest make way. */
export const REACTION_MAX_SHOWN = 24;

export type ReactionName = 'thumbsUp' | 'heart' | 'joy' | 'surprised' | 'clap' | 'party';

/** Each emoji's name, a key under `room.reactions.names`: button labels and announcements. */
export const REACTION_NAMES: Record<ReactionEmoji, ReactionName> = {
  '👍': 'thumbsUp',
  '❤️': 'heart',
  '😂': 'joy',
  '😮': 'surprised',
  '👏': 'clap',
  '🎉': 'party',
};

/** The bar's emoji in order, with their names. */
export const REACTION_CHOICES = REACTION_EMOJIS.map((emoji) => ({
  emoji,
  name: REACTION_NAMES[emoji],
}));

/**
 * Where across the tile a reaction rises (percent from the left edge, 15–80): successive ones
 * take different lanes, so a burst spreads out instead of stacking in one column.
 */
export function reactionLane(id: number): number {
  return 15 + ((id * 29) % 66);
}
