/**
 * Who is host, as the room shows it. The latest `hostChanged` (hostId) decides, so a transfer
 * moves the host's labels and controls at once, before each member's own update arrives.
 */
import { HAND, type PeerInfo } from '@meet/shared';

export function isHostMember(peer: PeerInfo, hostId: number): boolean {
  return hostId !== 0 ? peer.userId === hostId : peer.isHost;
}

/** I am the host now: I see the waiting list and the host controls. */
export function amHost(state: { me: PeerInfo | null; hostId: number }): boolean {
  return !!state.me && isHostMember(state.me, state.hostId);
}

export function handRaised(peer: PeerInfo): boolean {
  return peer.handUp === HAND.apply;
}
