/**
 * Live rooms on this node and the `/room` requests of their members. Takes input through
 * `handle*` methods (from the socket namespace, Janus and the meeting service) and answers
 * with acknowledgements and notifications. The server is the authority on room state.
 */
import { ResultCode, assertUnreachable, type RoomRequest, type RoomResponses } from '@meet/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { ConferenceService, EndedBy } from '../conferences/conference-service.js';
import type { HostControl } from '../conferences/host-control.js';
import type { TurnConfig } from '../config/config.js';
import type { ConferenceRow, UserRow } from '../db/schema/index.js';
import type { JanusGateway } from '../janus/janus-gateway.js';
import type { Clock } from '../lib/clock.js';
import type { BreakoutsRepository } from '../repositories/breakouts-repository.js';
import type { RoomActivityRepository } from '../repositories/room-activity-repository.js';
import { Peer, peerInfoOf } from './peer.js';
import { RoomActivity } from './room-activity.js';
import { RoomBreakouts } from './room-breakouts.js';
import { RoomPeerMedia } from './room-peer-media.js';
import { RoomError } from './room-error.js';
import { RoomMediaEvents } from './room-media-events.js';
import { RoomModeration } from './room-moderation.js';
import { RoomReactions } from './room-reactions.js';
import { closeSource, subscribeStreams, unsubscribeStreams } from './room-streams.js';
import { Room } from './room.js';
import { turnIceServers } from './turn-credentials.js';
import type { CaptionRelay } from './caption-relay.js';
import type { RoomRecorder } from '../recording/room-recorder.js';

export { RoomError };

export class RoomManager {
  private readonly rooms = new Map<string, Room>();
  private readonly moderation: RoomModeration;
  private readonly activity: RoomActivity;
  private readonly reactions = new RoomReactions();
  private readonly breakouts: RoomBreakouts;
  private readonly media: RoomPeerMedia;
  /** Cloud recording of the rooms on this node (set once, when recording is available). */
  recorder: RoomRecorder | undefined;
  /** The TURN relays members are offered when they join (set once, when configured). */
  turn: TurnConfig | undefined;

  constructor(
    private readonly gateway: JanusGateway,
    private readonly conferences: ConferenceService,
    hostControl: HostControl,
    activity: RoomActivityRepository,
    private readonly captions: CaptionRelay,
    breakoutStore: BreakoutsRepository,
    clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {
    this.activity = new RoomActivity(activity);
    this.breakouts = new RoomBreakouts(
      breakoutStore,
      clock,
      (room, peer, group) => this.media.move(room, peer, group),
      log,
    );
    this.moderation = new RoomModeration(
      gateway,
      hostControl,
      conferences,
      this.activity,
      (room, peer, kind, on) => this.media.setEnabled(room, peer, kind, on),
      log,
    );
    this.media = new RoomPeerMedia(
      gateway,
      captions,
      this.activity,
      this.moderation,
      () => this.recorder,
      log,
    );
    const media = new RoomMediaEvents(
      () => this.rooms.values(),
      captions,
      () => this.recorder,
      log,
    );
    gateway.on('down', () => media.handleDown());
    gateway.on('restarted', () => media.handleRestarted());
    gateway.on('talking', (room, feed, talking, level) =>
      media.handleTalking(room, feed, talking, level),
    );
    conferences.on('replaced', (conferenceId, userId, devices) =>
      this.handleReplaced(conferenceId, userId, devices),
    );
    // The events say what changed; the room reads the stored state itself (RoomModeration).
    conferences.on('hostChanged', (conferenceId) =>
      this.inRoom(conferenceId, async (room) => {
        await this.moderation.handleHostChanged(room);
        this.breakouts.announce(room);
      }),
    );
    conferences.on('ended', (conferenceId, endedBy) =>
      this.inRoom(conferenceId, (room) => this.handleEnded(room, endedBy)),
    );
    conferences.on('removed', (conferenceId, userIds) =>
      this.inRoom(conferenceId, (room) => this.handleRemoved(room, userIds)),
    );
    conferences.on('propertiesChanged', (conferenceId) =>
      this.inRoom(conferenceId, (room) => this.moderation.reconcile(room)),
    );
    conferences.on('waitingListChanged', (conferenceId) =>
      this.inRoom(conferenceId, (room) => this.activity.sendWaitingList(room)),
    );
    conferences.on('renamed', (conferenceId, userId, displayName) =>
      this.handleRename(conferenceId, userId, displayName),
    );
    hostControl.on('membersChanged', (conferenceId, actions) =>
      this.inRoom(conferenceId, (room) => this.moderation.reconcile(room, actions)),
    );
  }

  /**
   * Runs a meeting event's handler on its live room, if this node has one; a failure is
   * logged, never thrown at the emitter (the API call that caused it has succeeded).
   */
  private inRoom(conferenceId: string, fn: (room: Room) => void | Promise<void>): void {
    const room = this.rooms.get(conferenceId);
    if (!room) return;
    try {
      void Promise.resolve(fn(room)).catch((error: unknown) =>
        this.log.error({ err: error, conferenceId }, 'room event handler failed'),
      );
    } catch (error) {
      this.log.error({ err: error, conferenceId }, 'room event handler failed');
    }
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
      const created = new Room(conf, this.gateway);
      this.rooms.set(conf.conferenceId, created);
      room = created;
      await room.serial(() => this.breakouts.load(created));
    }
    await room.open();
    await this.captions.open(room, conf);
    await this.recorder?.roomOpened(room);
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
    const room = await this.openRoom(conf);
    const previous = room.peers.get(peerId) ?? room.lobby.get(peerId);
    if (previous) await this.dropPeer(room, previous, { notifyOthers: true });
    if (room.fullFor(user.id))
      throw new RoomError(ResultCode.meetingFull, 'Reach to the maximum participants');
    // Back into the breakout room the member is in, if rooms are open.
    const group = this.breakouts.placeOf(room, user.id);
    await room.openGroup(group);
    const media = this.media.create(room, group, peerId);
    const peer = new Peer(socket, deviceId, media, peerInfoOf(user, room));
    peer.group = group;
    this.media.attach(room, peer);
    await this.moderation.initial(room, peer);
    room.lobby.set(peerId, peer);
    return peer;
  }

  /** Runs what became due in breakout rooms (timers, countdowns) in every room on this node. */
  async tickBreakouts(): Promise<void> {
    for (const room of this.rooms.values()) {
      await this.breakouts.tick(room).catch((error: unknown) => {
        this.log.error({ err: error, conferenceId: room.conferenceId }, 'breakout timer failed');
      });
    }
  }

  /** Answers one request of a member; errors become failed acknowledgements. */
  async handleRequest(
    room: Room,
    peer: Peer,
    request: RoomRequest,
  ): Promise<RoomResponses[RoomRequest['type']]> {
    switch (request.type) {
      case 'join': {
        // Dropped meanwhile (kicked, replaced, meeting ended): the socket is on its way out.
        if (room.lobby.get(peer.peerId) !== peer && room.peers.get(peer.peerId) !== peer) {
          throw new RoomError(ResultCode.failure, 'not in the room');
        }
        peer.info.displayName = request.displayName.trim().slice(0, 30) || peer.info.displayName;
        // The host or the controls may have changed since the socket connected.
        peer.info.isHost = peer.userId === room.hostId;
        await this.moderation.initial(room, peer);
        peer.info.audioEnabled = request.audioEnabled && !peer.info.forceMuted;
        peer.info.videoEnabled = request.videoEnabled && !peer.info.videoDisabled;
        if (peer.info.videoEnabled) peer.info.openVideoTime = Date.now();
        const others = room.list(peer.group);
        room.lobby.delete(peer.peerId);
        room.add(peer);
        this.media.recorderOf(peer)?.joined(room, peer);
        room.broadcastIn(peer.group, { type: 'newPeer', peer: peer.info }, peer.peerId);
        this.breakouts.membersChanged(room);
        // After the join answer has gone out (the namespace answers once this returns).
        if (peer.info.isHost) {
          setImmediate(() =>
            this.inRoom(room.conferenceId, (live) => this.activity.sendWaitingList(live, [peer])),
          );
        }
        // Read after joining: a message sent meanwhile is in the history and also arrives as a
        // notification, rather than in neither.
        const [messages, captions] = await Promise.all([
          this.activity.history(room, peer.group),
          this.conferences
            .get(room.conferenceId)
            .then((conf) => this.captions.joinInfo(conf, peer.userId)),
        ]);
        return {
          peers: others,
          me: peer.info,
          hostId: room.hostId,
          iceServers: turnIceServers(this.turn, peer.userId, Date.now()),
          messages,
          properties: room.properties,
          ...captions,
          breakout: this.breakouts.stateFor(room, peer),
        };
      }
      case 'publish': {
        this.moderation.checkPublish(room, peer, request.source);
        const media = peer.media;
        const { jsep, feedId, mids } = await media.publish(
          request.source,
          request.jsep,
          request.audio,
          request.video,
        );
        // Moved to another room meanwhile: this feed went with the old media.
        if (peer.media !== media) throw new RoomError(ResultCode.failure, 'moved to another room');
        // Others learn of the feed when its media is up (PeerMedia's webrtcUp): Janus refuses
        // subscriptions to a publisher whose connection is not established yet.
        peer.pendingFeeds.set(request.source, { feedId, mids });
        return { jsep, feedId };
      }
      case 'subscribe':
        return subscribeStreams(room, peer, request.streams);
      case 'unsubscribe':
        return unsubscribeStreams(room, peer, request.streams);
      case 'subscriberAnswer':
        await peer.media.answerSubscription(request.jsep);
        return {};
      case 'trickle':
        peer.media.trickle(request.target, request.candidate);
        return {};
      case 'pauseProducer':
      case 'resumeProducer': {
        const on = request.type === 'resumeProducer';
        if (on) this.moderation.checkResume(peer, request.source, request.kind);
        // Only the camera's kinds show; a request that changes nothing announces nothing (the
        // client's own echo of a host's mute, for one).
        if (request.source !== 'camera') return {};
        if (this.media.setEnabled(room, peer, request.kind, on))
          room.broadcastIn(peer.group, { type: 'peerUpdated', peer: peer.info });
        return {};
      }
      case 'closeProducer':
        if (request.source === 'camera') this.captions.gone(room, peer.peerId);
        if (peer.info.feeds[request.source])
          this.media.recorderOf(peer)?.feedDown(room, peer, request.source);
        await closeSource(room, peer, request.source);
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
      case 'sendMessage':
        return { message: await this.activity.send(room, peer, request.content) };
      case 'chatHistory':
        return { messages: await this.activity.history(room, peer.group) };
      case 'sendReaction':
        this.reactions.send(room, peer, request.emoji);
        return {};
      case 'breakoutSetup':
      case 'breakoutOpen':
      case 'breakoutMove':
      case 'breakoutBroadcast':
      case 'breakoutClose':
      case 'breakoutHelp':
        return this.breakouts.handle(room, peer, request);
      case 'leave':
        await this.handleLeave(room, peer);
        return {};
      default:
        return assertUnreachable(request);
    }
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
   * The socket went away. Others see the member leave at once; the seat waits a little for a
   * reconnect (ConferenceService.sweepSeats frees it after that, on this node or another).
   */
  async handleDisconnect(room: Room, peer: Peer): Promise<void> {
    const current = room.lobby.get(peer.peerId) === peer || room.peers.get(peer.peerId) === peer;
    if (!current) return;
    const inRoom = room.peers.get(peer.peerId) === peer;
    await this.dropPeer(room, peer, { notifyOthers: inRoom });
    await this.conferences.roomDisconnected(room.rowId, peer.userId, peer.deviceId);
  }

  private async dropPeer(
    room: Room,
    peer: Peer,
    options: { notifyOthers: boolean },
  ): Promise<void> {
    if (room.lobby.get(peer.peerId) === peer) room.lobby.delete(peer.peerId);
    if (room.peers.get(peer.peerId) === peer) {
      room.remove(peer.peerId);
      this.captions.gone(room, peer.peerId);
      this.media.recorderOf(peer)?.left(room, peer);
      if (options.notifyOthers)
        room.broadcastIn(peer.group, { type: 'peerClosed', peerId: peer.peerId });
      this.breakouts.membersChanged(room);
    }
    await peer.media.close();
    if (room.empty && this.rooms.get(room.conferenceId) === room) {
      this.rooms.delete(room.conferenceId);
      this.activity.roomClosed(room);
      this.reactions.roomClosed(room);
      this.recorder?.roomClosed(room);
      await this.captions.close(room);
      await room.close();
    }
  }

  private handleReplaced(conferenceId: string, userId: number, devices: string[]): void {
    const room = this.rooms.get(conferenceId);
    const peer = room?.peers.get(String(userId)) ?? room?.lobby.get(String(userId));
    if (!room || !peer || !devices.includes(peer.deviceId)) return;
    peer.notify({ type: 'replaced' });
    void this.dropAll(room, [peer]);
  }

  /** The meeting ended for everyone: all are told, then out of the room and Janus. */
  private async handleEnded(room: Room, endedBy: EndedBy | null): Promise<void> {
    const everyone = [...room.peers.values(), ...room.lobby.values()];
    // Named as the others saw them in the meeting.
    const by = endedBy
      ? (room.peers.get(String(endedBy.id))?.info.displayName ?? endedBy.userName)
      : undefined;
    for (const peer of everyone) peer.notify({ type: 'roomClosed', reason: 'ended', by });
    await this.dropAll(room, everyone);
  }

  /** The host removed members: they are told, then out of the room and Janus. */
  private async handleRemoved(room: Room, userIds: number[]): Promise<void> {
    const peers = userIds.flatMap(
      (id) => room.peers.get(String(id)) ?? room.lobby.get(String(id)) ?? [],
    );
    for (const peer of peers) peer.notify({ type: 'roomClosed', reason: 'kicked' });
    await this.dropAll(room, peers);
  }

  private async dropAll(room: Room, peers: Peer[]): Promise<void> {
    await Promise.all(
      peers.map(async (peer) => {
        await this.dropPeer(room, peer, { notifyOthers: true });
        peer.socket.disconnect(true);
      }),
    );
  }

  /** A member renamed themselves in the meeting (updateUserConferenceNickname). */
  private handleRename(conferenceId: string, userId: number, displayName: string): void {
    const room = this.rooms.get(conferenceId);
    const peer = room?.peers.get(String(userId));
    if (!room || !peer) return;
    peer.info.displayName = displayName;
    this.media.recorderOf(peer)?.renamed(room, peer);
    room.broadcastIn(peer.group, { type: 'peerUpdated', peer: peer.info });
  }

  /**
   * This node no longer holds its meetings (the cluster placed them elsewhere): every member is
   * disconnected and reconnects where the meeting is now.
   */
  evictAll(): void {
    for (const room of this.rooms.values()) {
      for (const peer of room.peers.values()) peer.socket.disconnect(true);
    }
  }

  async close(): Promise<void> {
    for (const room of this.rooms.values()) {
      for (const peer of room.peers.values()) await peer.media.close();
    }
    this.rooms.clear();
  }
}
