/**
 * A pure rule of host controls, shared by the meeting's HTTP answers and the room: what a
 * member's stored controls mean for them right now.
 */
import { CONF_MUTE, HAND } from '@meet/shared';

/** A member's stored host controls in one meeting (MemberControlsRepository keeps them). */
export interface MemberControls {
  /** The host's word on this member's microphone; null follows the meeting-wide confMute. */
  forceMute: boolean | null;
  videoDisabled: boolean;
  /** 0 none, 1 apply, 2 approve, 3 refuse. */
  handUp: number;
}

/** A member the host never touched. */
export const NO_CONTROLS: MemberControls = { forceMute: null, videoDisabled: false, handUp: 0 };

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
