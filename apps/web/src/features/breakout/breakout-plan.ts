/**
 * The host's breakout planning, pure: default room names, a random split of the members over
 * the rooms, and the countdown text. Tested without a browser.
 */
import type { BreakoutAssignment, BreakoutMember } from '@meet/shared';

/** Splits members over `rooms` rooms at random, as evenly as they go (sizes differ by ≤ 1). */
export function randomAssignments(
  userIds: readonly number[],
  rooms: number,
  random: () => number = Math.random,
): BreakoutAssignment[] {
  const shuffled = [...userIds];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  return shuffled.map((userId, i) => ({ userId, room: (i % rooms) + 1 }));
}

/** The members of each room (index 0: the main room), in the order given. */
export function membersByRoom(
  members: readonly BreakoutMember[],
  rooms: number,
): BreakoutMember[][] {
  const out: BreakoutMember[][] = Array.from({ length: rooms + 1 }, () => []);
  for (const m of members) (out[m.room] ?? out[0]!).push(m);
  return out;
}

/** m:ss for a countdown (never below 0:00). */
export function clockText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
