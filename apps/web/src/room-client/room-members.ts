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

  /** A (re)join's answer, or a move to another room: its members replace the ones known. */
  replace(others: PeerInfo[], me?: PeerInfo): void {
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
        this.others.set(peer.peerId, peer);
        others = true;
      }
    }
    if (others) this.announce();
    return { mine };
  }

  remove(peerId: string): void {
    this.others.delete(peerId);
    this.announce();
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
