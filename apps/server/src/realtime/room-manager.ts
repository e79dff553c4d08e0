/**
 * Live rooms on this node and the `/room` requests of their members. Takes input through
 * `handle*` methods (from the socket namespace, Janus and the meeting service) and answers
 * with acknowledgements and notifications. The server is the authority on room state.
 */
import {
  ResultCode,
  assertUnreachable,
  type FeedStream,
  type MediaSource,
  type PeerInfo,
  type RoomRequest,
  type RoomResponses,
  type SubscribedStream,
} from '@meet/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { StreamInfo } from '../janus/peer-media.js';
import type { ConferenceService } from '../conferences/conference-service.js';
import type { ConferenceRow, UserRow } from '../db/schema/index.js';
import type { JanusGateway } from '../janus/janus-gateway.js';
import { PeerMedia } from '../janus/peer-media.js';
import { Peer } from './peer.js';
import { Room } from './room.js';

export class RoomError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** How long a dropped connection keeps its place in the meeting before it counts as leaving. */
export const RECONNECT_GRACE_MS = 10_000;

export class RoomManager {
  private readonly rooms = new Map<string, Room>();
  private readonly leaveTimers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly gateway: JanusGateway,
    private readonly conferences: ConferenceService,
    private readonly log: FastifyBaseLogger,
  ) {
    gateway.on('down', () => this.handleMediaDown());
    gateway.on('restarted', () => this.handleMediaRestarted());
    gateway.on('talking', (room, feed, talking, level) =>
      this.handleTalking(room, feed, talking, level),
    );
    conferences.on('replaced', (conferenceId, userId, devices) =>
      this.handleReplaced(conferenceId, userId, devices),
    );
    conferences.on(
      'hostChanged',
      (conferenceId, hostId) => void this.handleHostChanged(conferenceId, hostId),
    );
    conferences.on('ended', (conferenceId) => this.handleEnded(conferenceId));
  }

  room(conferenceId: string): Room | undefined {
    return this.rooms.get(conferenceId);
  }

  get roomCount(): number {
    return this.rooms.size;
  }

  private async openRoom(conf: ConferenceRow): Promise<Room> {
    let room = this.rooms.get(conf.conferenceId);
    if (!room) {
      room = new Room(conf.conferenceId, conf.id, conf.creatorId, conf.hostId, this.gateway);
      this.rooms.set(conf.conferenceId, room);
    }
    await room.open();
    return room;
  }

  /** A socket that passed authentication joins its meeting's room. */
  async handleConnect(
    socket: Socket,
    user: UserRow,
    conf: ConferenceRow,
    deviceId: string,
  ): Promise<Peer> {
    const peerId = String(user.id);
    const timerKey = `${conf.conferenceId}:${peerId}`;
    clearTimeout(this.leaveTimers.get(timerKey));
    this.leaveTimers.delete(timerKey);
    const room = await this.openRoom(conf);
    const previous = room.peers.get(peerId);
    if (previous) await this.dropPeer(room, previous, { notifyOthers: true });
    if (room.full) throw new RoomError(ResultCode.meetingFull, 'Reach to the maximum participants');
    const info: PeerInfo = {
      peerId,
      userId: user.id,
      displayName: user.userName,
      avatar: user.avatarUrl,
      isHost: user.id === conf.hostId,
      isCreator: user.id === conf.creatorId,
      isVisitor: user.isVisitor,
      audioEnabled: false,
      videoEnabled: false,
      shareEnabled: false,
      openVideoTime: 0,
      shareTime: 0,
      feeds: {},
      mids: {},
      handUp: 0,
      voiceLanguage: '',
    };
    const media = new PeerMedia(this.gateway, room.janusRoom, peerId);
    const peer = new Peer(socket, deviceId, media, info);
    media.on('subscriberOffer', (jsep, streams) =>
      peer.notify({ type: 'subscriberOffer', jsep, streams: this.describeStreams(room, streams) }),
    );
    media.on('webrtcUp', (target) => {
      if (target !== 'subscriber') this.announceFeed(room, peer, target);
    });
    return peer;
  }

  /** Answers one request of a member; errors become failed acknowledgements. */
  async handleRequest(
    room: Room,
    peer: Peer,
    request: RoomRequest,
  ): Promise<RoomResponses[RoomRequest['type']]> {
    switch (request.type) {
      case 'join': {
        peer.info.displayName = request.displayName.trim().slice(0, 30) || peer.info.displayName;
        peer.info.audioEnabled = request.audioEnabled;
        peer.info.videoEnabled = request.videoEnabled;
        if (request.videoEnabled) peer.info.openVideoTime = Date.now();
        const others = room.list();
        room.add(peer);
        room.broadcast({ type: 'newPeer', peer: peer.info }, peer.peerId);
        return { peers: others, me: peer.info, hostId: room.hostId, iceServers: [] };
      }
      case 'publish': {
        const { jsep, feedId, mids } = await peer.media.publish(
          request.source,
          request.jsep,
          request.audio,
          request.video,
        );
        // Others learn of the feed when its media is up (PeerMedia's webrtcUp): Janus refuses
        // subscriptions to a publisher whose connection is not established yet.
        peer.pendingFeeds.set(request.source, { feedId, mids });
        return { jsep, feedId };
      }
      case 'subscribe': {
        const key = (s: FeedStream) => `${s.feed}/${s.mid ?? '*'}`;
        const wanted = request.streams.filter(
          (s) =>
            room.peerOfFeed(s.feed)?.peer !== peer &&
            !!room.peerOfFeed(s.feed) &&
            !peer.subscribed.has(key(s)),
        );
        if (wanted.length === 0) return { jsep: null, streams: [] };
        wanted.forEach((s) => peer.subscribed.add(key(s)));
        try {
          const result = await peer.media.subscribe(wanted);
          return { jsep: result.jsep, streams: this.describeStreams(room, result.streams) };
        } catch (error) {
          wanted.forEach((s) => peer.subscribed.delete(key(s)));
          throw error;
        }
      }
      case 'unsubscribe': {
        const key = (s: FeedStream) => `${s.feed}/${s.mid ?? '*'}`;
        const gone = request.streams.filter((s) => peer.subscribed.has(key(s)));
        gone.forEach((s) => peer.subscribed.delete(key(s)));
        if (gone.length === 0) return { jsep: null, streams: [] };
        const result = await peer.media.unsubscribe(gone);
        return { jsep: result.jsep, streams: this.describeStreams(room, result.streams) };
      }
      case 'subscriberAnswer':
        await peer.media.answerSubscription(request.jsep);
        return {};
      case 'trickle':
        peer.media.trickle(request.target, request.candidate);
        return {};
      case 'pauseProducer':
      case 'resumeProducer': {
        const on = request.type === 'resumeProducer';
        if (request.source === 'camera') {
          if (request.kind === 'audio') peer.info.audioEnabled = on;
          else {
            peer.info.videoEnabled = on;
            if (on) peer.info.openVideoTime = Date.now();
          }
        }
        room.broadcast({ type: 'peerUpdated', peer: peer.info });
        return {};
      }
      case 'closeProducer':
        await this.closeSource(room, peer, request.source);
        return {};
      case 'setConsumerPreferredLayers':
        await peer.media.setLayers(request.mid, request.spatialLayer, request.temporalLayer);
        return {};
      case 'restartIce': {
        if (request.target === 'subscriber') return { jsep: await peer.media.restartSubscriber() };
        if (!request.jsep)
          throw new RoomError(ResultCode.failure, 'an ICE restart offer is needed');
        return { jsep: await peer.media.restartPublisher(request.target, request.jsep) };
      }
      case 'getProducerStats':
        return {
          feeds: peer.info.feeds,
          audioEnabled: peer.info.audioEnabled,
          videoEnabled: peer.info.videoEnabled,
        };
      case 'leave':
        await this.handleLeave(room, peer);
        return {};
      default:
        return assertUnreachable(request);
    }
  }

  private announceFeed(room: Room, peer: Peer, source: MediaSource): void {
    const pending = peer.pendingFeeds.get(source);
    if (!pending || room.peers.get(peer.peerId) !== peer) return;
    peer.pendingFeeds.delete(source);
    peer.setFeed(source, pending.feedId, pending.mids);
    if (source === 'screen') {
      peer.info.shareEnabled = true;
      peer.info.shareTime = Date.now();
    }
    room.broadcast({ type: 'streamsChanged', peerId: peer.peerId, source, feedId: pending.feedId });
    room.broadcast({ type: 'peerUpdated', peer: peer.info });
  }

  private async closeSource(room: Room, peer: Peer, source: MediaSource): Promise<void> {
    await peer.media.unpublish(source);
    peer.setFeed(source, null);
    if (source === 'screen') peer.info.shareEnabled = false;
    else {
      peer.info.videoEnabled = false;
      peer.info.audioEnabled = false;
    }
    room.broadcast({ type: 'streamsChanged', peerId: peer.peerId, source, feedId: null });
    room.broadcast({ type: 'peerUpdated', peer: peer.info });
  }

  /** Maps Janus's stream list to which member's what arrives on which mid. */
  private describeStreams(room: Room, streams: StreamInfo[]): SubscribedStream[] {
    const out: SubscribedStream[] = [];
    for (const s of streams) {
      if (s.type === 'data' || s.feed_id === undefined) continue;
      const owner = room.peerOfFeed(s.feed_id);
      if (!owner) continue;
      out.push({
        mid: s.mid,
        feedId: s.feed_id,
        peerId: owner.peer.peerId,
        source: owner.source,
        kind: s.type,
        active: s.active !== false,
      });
    }
    return out;
  }

  /** The member pressed Leave: out at once, and out of the meeting. */
  async handleLeave(room: Room, peer: Peer): Promise<void> {
    await this.dropPeer(room, peer, { notifyOthers: true });
    await this.conferences
      .quit(peer.userId, room.conferenceId, peer.deviceId)
      .catch((error: unknown) => {
        this.log.warn({ err: error }, 'quit after leave failed');
      });
  }

  /**
   * The socket went away. Others see the member leave at once; the membership waits a
   * little for a reconnect before it counts as leaving the meeting.
   */
  async handleDisconnect(room: Room, peer: Peer): Promise<void> {
    if (room.peers.get(peer.peerId) !== peer) return;
    await this.dropPeer(room, peer, { notifyOthers: true });
    const key = `${room.conferenceId}:${peer.peerId}`;
    this.leaveTimers.set(
      key,
      setTimeout(() => {
        this.leaveTimers.delete(key);
        if (this.rooms.get(room.conferenceId)?.peers.has(peer.peerId)) return;
        void this.conferences
          .quit(peer.userId, room.conferenceId, peer.deviceId)
          .catch(() => undefined);
      }, RECONNECT_GRACE_MS),
    );
  }

  private async dropPeer(
    room: Room,
    peer: Peer,
    options: { notifyOthers: boolean },
  ): Promise<void> {
    if (room.peers.get(peer.peerId) === peer) {
      room.remove(peer.peerId);
      if (options.notifyOthers) room.broadcast({ type: 'peerClosed', peerId: peer.peerId });
    }
    await peer.media.close();
    if (room.peers.size === 0 && this.rooms.get(room.conferenceId) === room) {
      this.rooms.delete(room.conferenceId);
      await room.close();
    }
  }

  private handleMediaDown(): void {
    for (const room of this.rooms.values()) {
      for (const peer of room.peers.values()) {
        peer.media.reset();
        peer.subscribed.clear();
        peer.info.feeds = {};
        peer.info.mids = {};
      }
    }
  }

  private handleMediaRestarted(): void {
    for (const room of this.rooms.values()) {
      void room.open().then(
        () => room.broadcast({ type: 'republish', reason: 'mediaRestarted' }),
        (error: unknown) => this.log.error({ err: error }, 'room re-create failed'),
      );
    }
  }

  private handleTalking(janusRoom: number, feed: number, talking: boolean, level: number): void {
    for (const room of this.rooms.values()) {
      if (room.janusRoom !== janusRoom) continue;
      const owner = room.peerOfFeed(feed);
      if (owner)
        room.broadcast({ type: 'activeSpeaker', peerId: owner.peer.peerId, talking, level });
    }
  }

  private handleReplaced(conferenceId: string, userId: number, devices: string[]): void {
    const room = this.rooms.get(conferenceId);
    const peer = room?.peers.get(String(userId));
    if (!room || !peer || !devices.includes(peer.deviceId)) return;
    peer.notify({ type: 'replaced' });
    void this.dropPeer(room, peer, { notifyOthers: true }).then(() => peer.socket.disconnect(true));
  }

  private async handleHostChanged(conferenceId: string, hostId: number): Promise<void> {
    const room = this.rooms.get(conferenceId);
    if (!room) return;
    room.setHost(hostId);
    const host = room.peers.get(String(hostId));
    room.broadcast({ type: 'hostChanged', hostId, hostName: host?.info.displayName ?? '' });
    for (const peer of room.peers.values())
      room.broadcast({ type: 'peerUpdated', peer: peer.info });
  }

  private handleEnded(conferenceId: string): void {
    const room = this.rooms.get(conferenceId);
    if (!room) return;
    room.broadcast({ type: 'roomClosed', reason: 'ended' });
  }

  async close(): Promise<void> {
    for (const timer of this.leaveTimers.values()) clearTimeout(timer);
    this.leaveTimers.clear();
    for (const room of this.rooms.values()) {
      for (const peer of room.peers.values()) await peer.media.close();
    }
    this.rooms.clear();
  }
}
