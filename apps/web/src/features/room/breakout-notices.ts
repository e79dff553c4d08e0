/**
 * What a member is told when the breakout rooms change under them: moved into a room, back in
 * the main room, the rooms closing. Pure, so the wording rules are tested without a browser.
 */
import type { BreakoutState } from '@meet/shared';

export type BreakoutNoticeKey = 'movedTo' | 'backInMain' | 'closingSoon';

export function breakoutNotice(
  before: BreakoutState,
  after: BreakoutState,
): { key: `room.breakout.${BreakoutNoticeKey}`; params?: Record<string, string> } | null {
  if (after.myRoom !== before.myRoom) {
    if (after.myRoom === 0) return { key: 'room.breakout.backInMain' };
    return { key: 'room.breakout.movedTo', params: { room: after.rooms[after.myRoom - 1] ?? '' } };
  }
  if (after.status === 'closing' && before.status !== 'closing')
    return { key: 'room.breakout.closingSoon' };
  return null;
}
