/**
 * What the screen after a meeting says and offers, by how the person's time in it ended: left
 * on their own, the meeting ended (by whom, when known), removed by the host, disconnected past
 * the reconnect grace (joining again, or the meeting locked meanwhile), or — from the waiting
 * room — not let in, turned away for good, or the meeting closed while they waited.
 * Rejoining is offered only where the server would let them back; rating only after being in.
 */
export type EndReason =
  | 'left'
  | 'ended'
  | 'kicked'
  | 'denied'
  | 'blocked'
  | 'closed'
  /** Disconnected past the reconnect grace: joining again (issue 29). */
  | 'away'
  /** …and the meeting was locked meanwhile. */
  | 'locked';

type EndTitle =
  | 'end.leftTitle'
  | 'end.awayTitle'
  | 'join.lockTitle'
  | 'invite.conferenceOver'
  | 'errors.youRemovedByHost'
  | 'join.waitingRoomDenied'
  | 'join.waitingRoomKickOut';
type EndDetail =
  | 'end.awayDetail'
  | 'end.lockedDetail'
  | 'end.endedBy'
  | 'end.kickedDetail'
  | 'end.deniedDetail'
  | 'end.blockedDetail'
  | 'end.closedDetail';

export interface EndView {
  /** Translation keys. */
  title: EndTitle;
  detail: EndDetail | null;
  /** The button's label when the person may try again; null when the server would refuse. */
  retry: 'end.rejoin' | 'end.askAgain' | null;
  /** They were in the meeting, so they may rate it. */
  canRate: boolean;
}

export function endView(reason: EndReason, by?: string): EndView {
  switch (reason) {
    case 'left':
      return { title: 'end.leftTitle', detail: null, retry: 'end.rejoin', canRate: true };
    case 'ended':
      return {
        title: 'invite.conferenceOver',
        detail: by ? 'end.endedBy' : null,
        retry: null,
        canRate: true,
      };
    case 'kicked':
      return {
        title: 'errors.youRemovedByHost',
        detail: 'end.kickedDetail',
        retry: null,
        canRate: true,
      };
    case 'denied':
      return {
        title: 'join.waitingRoomDenied',
        detail: 'end.deniedDetail',
        retry: 'end.askAgain',
        canRate: false,
      };
    case 'blocked':
      return {
        title: 'join.waitingRoomKickOut',
        detail: 'end.blockedDetail',
        retry: null,
        canRate: false,
      };
    case 'closed':
      return {
        title: 'invite.conferenceOver',
        detail: 'end.closedDetail',
        retry: null,
        canRate: false,
      };
    case 'away':
      return {
        title: 'end.awayTitle',
        detail: 'end.awayDetail',
        retry: 'end.rejoin',
        canRate: true,
      };
    case 'locked':
      return {
        title: 'join.lockTitle',
        detail: 'end.lockedDetail',
        retry: 'end.rejoin',
        canRate: true,
      };
  }
}
