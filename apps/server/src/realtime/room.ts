/**
 * A live meeting on this node: its members and their state, and the Janus room their media
 * goes through. The server is the authority for who is here and what they show.
 */
import { MEETING_MAX_MEMBERS, type PeerInfo, type RoomNotification } from '@meet/shared';
import type { JanusGateway } from '../janus/janus-gateway.js';
import type { Peer } from './peer.js';

export class Room {
  readonly peers = new Map<string, Peer>();
  hostId: number;

  constructor(
    readonly conferenceId: string,
    /** The Janus room number (the meeting's row id). */
    readonly janusRoom: number,
    readonly creatorId: number,
    hostId: number,
    private readonly gateway: JanusGateway,
  ) {
    this.hostId = hostId;
  }

  get full(): boolean {
    return this.peers.size >= MEETING_MAX_MEMBERS;
  }

  async open(): Promise<void> {
    await this.gateway.ensureRoom(this.janusRoom);
  }

  async close(): Promise<void> {
    await this.gateway.destroyRoom(this.janusRoom);
  }

  add(peer: Peer): void {
    this.peers.set(peer.peerId, peer);
  }

  remove(peerId: string): Peer | undefined {
    const peer = this.peers.get(peerId);
    this.peers.delete(peerId);
    return peer;
  }

  peerOfFeed(feedId: number): { peer: Peer; source: 'camera' | 'screen' } | undefined {
    for (const peer of this.peers.values()) {
      if (peer.info.feeds.camera === feedId) return { peer, source: 'camera' };
      if (peer.info.feeds.screen === feedId) return { peer, source: 'screen' };
    }
    return undefined;
  }

  list(): PeerInfo[] {
    return [...this.peers.values()].map((p) => p.info);
  }

  broadcast(message: RoomNotification, except?: string): void {
    for (const peer of this.peers.values()) if (peer.peerId !== except) peer.notify(message);
  }

  setHost(hostId: number): void {
    this.hostId = hostId;
    for (const peer of this.peers.values()) peer.info.isHost = peer.userId === hostId;
  }
}
