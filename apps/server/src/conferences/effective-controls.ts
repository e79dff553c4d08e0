/**
 * A pure rule of host controls, shared by the meeting's HTTP answers and the room: what a
 * member's stored controls mean for them right now.
 */
import { CONF_MUTE, HAND } from '@meet/shared';
import type { MemberControls } from '../repositories/member-controls-repository.js';

/** What a member's controls mean for them right now: the host is never held back. */
export function effectiveControls(
  controls: MemberControls | undefined,
  context: { isHost: boolean; confMute: number },
): { forceMuted: boolean; videoDisabled: boolean; handUp: number } {
  return {
    forceMuted: !context.isHost && (controls?.forceMute ?? context.confMute === CONF_MUTE.forced),
    videoDisabled: !context.isHost && (controls?.videoDisabled ?? false),
    handUp: controls?.handUp ?? HAND.none,
  };
}
