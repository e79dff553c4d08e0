/**
 * What the host's controls mean for my own media: whether I may turn a kind on (force mute,
 * camera disabled), what a host command asks of my client, and whether a failed resume was the
 * server saying no rather than the network failing.
 */
import { assertUnreachable, type HostAction, type PeerInfo } from '@meet/shared';
import { RequestError } from './signaling';

export type MediaKindName = 'audio' | 'video';
/** Error keys under `room.errors` for a kind the host keeps off. */
export type BlockedKey = 'forceMuted' | 'videoDisabled';

export function blockedBy(me: PeerInfo | undefined, kind: MediaKindName): BlockedKey | null {
  if (!me) return null;
  if (kind === 'audio') return me.forceMuted ? 'forceMuted' : null;
  return me.videoDisabled ? 'videoDisabled' : null;
}

/** A refusal answered by the server, as opposed to a time-out or a dropped socket (code -1). */
export function isRefusal(error: unknown): boolean {
  return error instanceof RequestError && error.code !== -1;
}

export type HostEffect = { kind: MediaKindName; on: boolean } | 'stopShare';

export function hostCommandEffect(action: HostAction): HostEffect {
  switch (action) {
    case 'muteAudio':
      return { kind: 'audio', on: false };
    case 'unmuteAudio':
      return { kind: 'audio', on: true };
    case 'disableVideo':
      return { kind: 'video', on: false };
    case 'stopShare':
      return 'stopShare';
    default:
      return assertUnreachable(action);
  }
}

/**
 * The kinds to turn off after my member state changed: the server's flags win over local
 * tracks, e.g. after joining a meeting that is force-muted with the microphone on.
 */
export function kindsToTurnOff(
  me: PeerInfo,
  on: { audio: boolean; video: boolean },
): MediaKindName[] {
  const out: MediaKindName[] = [];
  if (me.forceMuted && on.audio) out.push('audio');
  if (me.videoDisabled && on.video) out.push('video');
  return out;
}
