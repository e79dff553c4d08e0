/**
 * The rule of every field with a character limit: the counter shows once the text is within a
 * fifth of the limit, and text over the limit is an error (never cut off while typing or
 * pasting, so nothing the user wrote disappears without them seeing it).
 */

/** The share of the limit from which the counter shows. */
export const COUNTER_FROM = 0.8;

export interface LengthLimit {
  count: number;
  max: number;
  showCount: boolean;
  over: boolean;
}

export function lengthLimit(text: string, max: number): LengthLimit {
  // Trimmed UTF-16 units: what the server's schemas count after their trim().
  const count = text.trim().length;
  return { count, max, showCount: count >= Math.ceil(max * COUNTER_FROM), over: count > max };
}
