/**
 * A live meeting on this node: its members and their state, the meeting-wide controls they
 * see, and the Janus room their media goes through. The server is the authority for who is
 * here and what they show.
 */
import {
  MEETING_MAX_MEMBERS,
  type PeerInfo,
  type RoomNotification,
  type RoomProperties,
} from '@meet/shared';
import { countsAgainstCap } from '../conferences/conference-service.js';
import { roomPropertiesOf } from '../conferences/present.js';
import type { ConferenceRow } from '../db/schema/index.js';
import type { JanusGateway } from '../janus/janus-gateway.js';
import type { Peer } from './peer.js';

export class Room {
  readonly peers = new Map<string, Peer>();
  /** Connected sockets that have not sent `join` yet: not members others see, but in the room. */
  readonly lobby = new Map<string, Peer>();
  readonly conferenceId: string;
  /** The Janus room number (the meeting's row id). */
  readonly janusRoom: number;
  readonly creatorId: number;
  hostId: number;
  properties: RoomProperties;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    conf: ConferenceRow,
    private readonly gateway: JanusGateway,
  ) {
    this.conferenceId = conf.conferenceId;
    this.janusRoom = conf.id;
    this.creatorId = conf.creatorId;
    this.hostId = conf.hostId;
    this.properties = roomPropertiesOf(conf);
  }

  /** The meeting's row id (chat and waiting list are stored under it). */
  get rowId(): number {
    return this.janusRoom;
  }

  get empty(): boolean {
    return this.peers.size === 0 && this.lobby.size === 0;
  }

  /** Whether this user would be one too many (the creator and host never are). */
  fullFor(userId: number): boolean {
    if (userId === this.creatorId || userId === this.hostId) return false;
    return countsAgainstCap([...this.peers.values()], this, userId) >= MEETING_MAX_MEMBERS;
  }

  async open(): Promise<void> {
    await this.gateway.ensureRoom(this.janusRoom);
  }

  async close(): Promise<void> {
    await this.gateway.destroyRoom(this.janusRoom);
  }

  /** Runs room updates that read the database one after another, so they land in order. */
  serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.queue.then(fn, fn);
    this.queue = next.catch(() => undefined);
    return next;
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

  hosts(): Peer[] {
    return [...this.peers.values()].filter((p) => p.userId === this.hostId);
  }

  broadcast(message: RoomNotification, except?: string): void {
    for (const peer of this.peers.values()) if (peer.peerId !== except) peer.notify(message);
  }

  setHost(hostId: number): void {
    this.hostId = hostId;
    for (const peer of this.peers.values()) peer.info.isHost = peer.userId === hostId;
  }
}
