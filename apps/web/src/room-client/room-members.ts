/**
 * Who is in the room as this client knows it: me, and every other member as the server last
 * described them. It tells the UI of each change (`me`, `peers`); RoomClient decides when.
 */
import type { PeerInfo } from '@meet/shared';
import { Emitter } from './emitter';

export interface RoomMembersEvents {
  me: [me: PeerInfo];
  peers: [peers: PeerInfo[]];
}

export class RoomMembers extends Emitter<RoomMembersEvents> {
  me: PeerInfo | undefined;
  /** Every member but me, by peer id. */
  others = new Map<string, PeerInfo>();
  /** Members shown as reconnecting, until their grace is over. */
  private readonly graceTimers = new Map<string, ReturnType<typeof setTimeout>>();

  /** A (re)join's answer, or a move to another room: its members replace the ones known. */
  replace(others: PeerInfo[], me?: PeerInfo): void {
    this.dispose();
    this.others = new Map(others.map((p) => [p.peerId, p]));
    if (me) this.setMe(me);
  }

  /** Members' new state from the server: mine, others', or both. Whether it was mine. */
  update(peers: PeerInfo[]): { mine: boolean } {
    let mine = false;
    let others = false;
    for (const peer of peers) {
      if (peer.peerId === this.me?.peerId) {
        this.setMe(peer);
        mine = true;
      } else {
        this.clearGrace(peer.peerId);
        this.others.set(peer.peerId, peer);
        others = true;
      }
    }
    if (others) this.announce();
    return { mine };
  }

  remove(peerId: string): void {
    this.clearGrace(peerId);
    this.others.delete(peerId);
    this.announce();
  }

  /**
   * A member's connection dropped (issue 29): they stay, shown as reconnecting and without
   * media, until they come back (a `newPeer` replaces them) or the server's grace is over.
   */
  reconnecting(peerId: string, graceMs: number): void {
    const peer = this.others.get(peerId);
    if (!peer) return;
    this.clearGrace(peerId);
    this.others.set(peerId, { ...peer, reconnecting: true, feeds: {}, mids: {} });
    this.graceTimers.set(
      peerId,
      setTimeout(() => {
        this.graceTimers.delete(peerId);
        if (this.others.get(peerId)?.reconnecting) this.remove(peerId);
      }, graceMs),
    );
    this.announce();
  }

  /** Stops the timers (the room is left). */
  dispose(): void {
    for (const timer of this.graceTimers.values()) clearTimeout(timer);
    this.graceTimers.clear();
  }

  private clearGrace(peerId: string): void {
    clearTimeout(this.graceTimers.get(peerId));
    this.graceTimers.delete(peerId);
  }

  /** The media server's room is new (a restart, a move): nobody's feeds are known yet. */
  forgetFeeds(): void {
    for (const [id, peer] of this.others) this.others.set(id, { ...peer, feeds: {}, mids: {} });
  }

  setMe(me: PeerInfo): void {
    this.me = me;
    this.emit('me', me);
  }

  announce(): void {
    this.emit('peers', [...this.others.values()]);
  }
}
