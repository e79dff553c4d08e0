/**
 * The short notices a member sees when the host acts (mute all, lock, a hand approved...),
 * derived from what changed. One host action can change several things at once (a property,
 * my own member state and a command, all in one `roomUpdated`), so `combineNotices` keeps the
 * most telling one.
 */
import { CONF_MUTE, HAND, type HostAction, type PeerInfo, type RoomProperties } from '@meet/shared';

export type NoticeKey =
  | 'locked'
  | 'unlocked'
  | 'mutedAll'
  | 'forceMutedAll'
  | 'forceMuteLifted'
  | 'shareDisallowed'
  | 'shareAllowed'
  | 'handApproved'
  | 'handRefused'
  | 'mutedByHost'
  | 'unmutedByHost'
  | 'unmuteAllowed'
  | 'videoDisabledByHost'
  | 'videoEnabledByHost'
  | 'shareStoppedByHost'
  | 'youAreHost';

export const WARNING_NOTICES: ReadonlySet<NoticeKey> = new Set<NoticeKey>([
  'forceMutedAll',
  'handRefused',
  'mutedByHost',
  'videoDisabledByHost',
  'shareStoppedByHost',
  'shareDisallowed',
]);

/**
 * Meeting-wide changes. `prev` is null for the first properties of this session: only a
 * force mute already on is worth saying then. The host, who made the change, hears only about
 * the lock.
 */
export function propertyNotices(
  prev: RoomProperties | null,
  next: RoomProperties,
  host: boolean,
): NoticeKey[] {
  if (!prev) return !host && next.confMute === CONF_MUTE.forced ? ['forceMutedAll'] : [];
  const out: NoticeKey[] = [];
  if (prev.lockRoom !== next.lockRoom) out.push(next.lockRoom ? 'locked' : 'unlocked');
  if (host) return out;
  if (prev.confMute !== next.confMute) {
    if (next.confMute === CONF_MUTE.forced) out.push('forceMutedAll');
    else if (next.confMute === CONF_MUTE.muted) out.push('mutedAll');
    else if (prev.confMute === CONF_MUTE.forced) out.push('forceMuteLifted');
  }
  if (prev.screenShareAllowed !== next.screenShareAllowed)
    out.push(next.screenShareAllowed ? 'shareAllowed' : 'shareDisallowed');
  return out;
}

/** Changes of my own member state made by the host. */
export function memberNotices(prev: PeerInfo | null, next: PeerInfo): NoticeKey[] {
  if (!prev) return [];
  const out: NoticeKey[] = [];
  if (prev.handUp === HAND.apply && next.handUp === HAND.approve) out.push('handApproved');
  if (prev.handUp === HAND.apply && next.handUp === HAND.refuse) out.push('handRefused');
  if (!prev.forceMuted && next.forceMuted) out.push('mutedByHost');
  if (prev.forceMuted && !next.forceMuted) out.push('unmuteAllowed');
  if (!prev.videoDisabled && next.videoDisabled) out.push('videoDisabledByHost');
  if (prev.videoDisabled && !next.videoDisabled) out.push('videoEnabledByHost');
  return out;
}

export function hostCommandNotice(action: HostAction): NoticeKey {
  switch (action) {
    case 'muteAudio':
      return 'mutedByHost';
    case 'unmuteAudio':
      return 'unmutedByHost';
    case 'disableVideo':
      return 'videoDisabledByHost';
    case 'stopShare':
      return 'shareStoppedByHost';
  }
}

/** A notice that says more makes these redundant. */
const SUPERSEDES: Partial<Record<NoticeKey, NoticeKey[]>> = {
  forceMutedAll: ['mutedByHost', 'mutedAll'],
  mutedAll: ['mutedByHost'],
  forceMuteLifted: ['unmuteAllowed'],
  handApproved: ['unmutedByHost', 'unmuteAllowed'],
  unmutedByHost: ['unmuteAllowed'],
  shareDisallowed: ['shareStoppedByHost'],
};

/** Each notice once, without those a more telling one already covers, in arrival order. */
export function combineNotices(keys: readonly NoticeKey[]): NoticeKey[] {
  const present = new Set(keys);
  const covered = new Set<NoticeKey>();
  for (const key of present) for (const c of SUPERSEDES[key] ?? []) covered.add(c);
  return [...present].filter((key) => !covered.has(key));
}
