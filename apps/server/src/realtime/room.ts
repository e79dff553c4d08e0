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
import { countsAgainstCap } from '../conferences/join-admission.js';
import { roomPropertiesOf } from '../conferences/present.js';
import type { ConferenceRow } from '../db/schema/index.js';
import type { JanusGateway } from '../janus/janus-gateway.js';
import type { Peer } from './peer.js';
import { NO_PLAN, type BreakoutPlan } from '../domain/breakout-plan.js';

/** Breakout rooms' media server rooms are numbered apart from meetings' (their row ids). */
const BREAKOUT_JANUS_BASE = 1_000_000_000_000;

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
  /** The host's breakout rooms (loaded when the room opens, kept in step with the database). */
  breakout: BreakoutPlan = NO_PLAN;
  /** Breakout rooms whose media server room exists. */
  private readonly openGroups = new Set<number>();
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

  /** The media server room of the main room (0) or breakout room `group`. */
  janusRoomOf(group: number): number {
    return group === 0 ? this.janusRoom : BREAKOUT_JANUS_BASE + this.janusRoom * 100 + group;
  }

  /** Which of this meeting's rooms a media server room is, if it is one of them. */
  groupOfJanusRoom(janusRoom: number): number | undefined {
    if (janusRoom === this.janusRoom) return 0;
    const group = janusRoom - BREAKOUT_JANUS_BASE - this.janusRoom * 100;
    return group > 0 && group < 100 ? group : undefined;
  }

  /** Makes the main room's media server room, and those of breakout rooms in use (again). */
  async open(): Promise<void> {
    await this.gateway.ensureRoom(this.janusRoom);
    for (const group of this.openGroups) await this.gateway.ensureRoom(this.janusRoomOf(group));
  }

  async openGroup(group: number): Promise<void> {
    if (group === 0) return;
    await this.gateway.ensureRoom(this.janusRoomOf(group));
    this.openGroups.add(group);
  }

  /** Drops the media server rooms of breakout rooms nobody is in. */
  async closeEmptyGroups(): Promise<void> {
    for (const group of [...this.openGroups]) {
      if (this.peersIn(group).length > 0) continue;
      this.openGroups.delete(group);
      await this.gateway.destroyRoom(this.janusRoomOf(group));
    }
  }

  async close(): Promise<void> {
    await this.gateway.destroyRoom(this.janusRoom);
    for (const group of this.openGroups) await this.gateway.destroyRoom(this.janusRoomOf(group));
    this.openGroups.clear();
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

  /** The member's connection here, in the room or its lobby. */
  present(userId: number): Peer | undefined {
    return this.peers.get(String(userId)) ?? this.lobby.get(String(userId));
  }

  remove(peerId: string): Peer | undefined {
    const peer = this.peers.get(peerId);
    this.peers.delete(peerId);
    return peer;
  }

  /** Whose feed this is, among the members of room `group` (any room when not given). */
  peerOfFeed(
    feedId: number,
    group?: number,
  ): { peer: Peer; source: 'camera' | 'screen' } | undefined {
    for (const peer of this.peers.values()) {
      if (group !== undefined && peer.group !== group) continue;
      if (peer.info.feeds.camera === feedId) return { peer, source: 'camera' };
      if (peer.info.feeds.screen === feedId) return { peer, source: 'screen' };
    }
    return undefined;
  }

  /** The members in room `group` (0: the main room). */
  peersIn(group: number): Peer[] {
    return [...this.peers.values()].filter((p) => p.group === group);
  }

  /** What the members of room `group` see of each other. */
  list(group: number): PeerInfo[] {
    return this.peersIn(group).map((p) => p.info);
  }

  hosts(): Peer[] {
    return [...this.peers.values()].filter((p) => p.userId === this.hostId);
  }

  /** To everyone in the meeting, whichever room they are in. */
  broadcast(message: RoomNotification, except?: string): void {
    for (const peer of this.peers.values()) if (peer.peerId !== except) peer.notify(message);
  }

  /** To the members of one room: what one member does is seen only in their own room. */
  broadcastIn(group: number, message: RoomNotification, except?: string): void {
    for (const peer of this.peers.values())
      if (peer.group === group && peer.peerId !== except) peer.notify(message);
  }

  setHost(hostId: number): void {
    this.hostId = hostId;
    for (const peer of this.peers.values()) peer.info.isHost = peer.userId === hostId;
  }
}
