/**
 * Live rooms on this node and the `/room` requests of their members. Takes input through
 * `handle*` methods (from the socket namespace, Janus and the meeting service) and answers
 * with acknowledgements and notifications. The server is the authority on room state. It owns
 * the rooms (opening and closing them) and routes each request to the handler of its group:
 * RoomJoin, RoomMediaRequests, RoomChatRequests, RoomBreakouts, RoomDepartures.
 */
import {
  ResultCode,
  assertUnreachable,
  type RoomRequest,
  type RoomRequestType,
  type RoomResponses,
} from '@meet/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { ConferenceService } from '../conferences/conference-service.js';
import type { HostControl } from '../conferences/host-control.js';
import type { TurnConfig } from '../config/config.js';
import type { ConferenceRow, UserRow } from '../db/schema/index.js';
import type { JanusGateway } from '../janus/janus-gateway.js';
import type { Clock } from '../lib/clock.js';
import type { BreakoutsRepository } from '../conferences/breakouts-repository.js';
import type { RoomActivityRepository } from '../conferences/room-activity-repository.js';
import { Peer, peerInfoOf } from './peer.js';
import { RoomActivity } from './room-activity.js';
import { RoomBreakouts } from './room-breakouts.js';
import { RoomChatRequests } from './room-chat-requests.js';
import { RoomDepartures } from './room-departures.js';
import { RoomJoin } from './room-join.js';
import { RoomMediaRequests } from './room-media-requests.js';
import { RoomPeerMedia } from './room-peer-media.js';
import { RoomError } from './room-error.js';
import { RoomMediaEvents } from './room-media-events.js';
import { RoomModeration } from './room-moderation.js';
import { RoomReactions } from './room-reactions.js';
import { Room } from './room.js';
import type { CaptionRelay } from '../captions/caption-relay.js';
import type { RoomRecorder } from '../recordings/capture/room-recorder.js';

export { RoomError };

export class RoomManager {
  private readonly rooms = new Map<string, Room>();
  private readonly moderation: RoomModeration;
  private readonly activity: RoomActivity;
  private readonly reactions = new RoomReactions();
  private readonly breakouts: RoomBreakouts;
  private readonly media: RoomPeerMedia;
  private readonly departures: RoomDepartures;
  private readonly joins: RoomJoin;
  private readonly mediaRequests: RoomMediaRequests;
  private readonly chat: RoomChatRequests;
  constructor(
    private readonly gateway: JanusGateway,
    private readonly conferences: ConferenceService,
    hostControl: HostControl,
    activity: RoomActivityRepository,
    private readonly captions: CaptionRelay,
    breakoutStore: BreakoutsRepository,
    clock: Clock,
    private readonly log: FastifyBaseLogger,
    /** Cloud recording of the rooms on this node. */
    readonly recorder: RoomRecorder,
    /** The TURN relays members are offered when they join (when configured). */
    private readonly turn: TurnConfig | undefined,
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
      this.recorder,
      log,
    );
    this.departures = new RoomDepartures(
      conferences,
      captions,
      this.breakouts,
      this.media,
      (room) => this.closeIfEmpty(room),
      log,
      (conferenceId, userId, deviceId) =>
        this.rooms.get(conferenceId)?.present(userId)?.deviceId === deviceId,
    );
    this.joins = new RoomJoin(
      conferences,
      captions,
      this.activity,
      this.moderation,
      this.breakouts,
      this.media,
      this.turn,
      (conferenceId, fn) => this.inRoom(conferenceId, fn),
    );
    this.mediaRequests = new RoomMediaRequests(this.moderation, this.media, captions);
    this.chat = new RoomChatRequests(this.activity, this.reactions);
    const media = new RoomMediaEvents(() => this.rooms.values(), captions, this.recorder, log);
    gateway.on('down', () => media.handleDown());
    gateway.on('restarted', () => media.handleRestarted());
    gateway.on('talking', (room, feed, talking, level) =>
      media.handleTalking(room, feed, talking, level),
    );
    conferences.on('replaced', (conferenceId, userId, devices) => {
      const room = this.rooms.get(conferenceId);
      if (room) this.departures.handleReplaced(room, userId, devices);
    });
    // The events say what changed; the room reads the stored state itself (RoomModeration).
    conferences.on('hostChanged', (conferenceId) =>
      this.inRoom(conferenceId, async (room) => {
        await this.moderation.handleHostChanged(room);
        this.breakouts.announce(room);
      }),
    );
    conferences.on('ended', (conferenceId, endedBy) =>
      this.inRoom(conferenceId, (room) => this.departures.handleEnded(room, endedBy)),
    );
    conferences.on('removed', (conferenceId, userIds) =>
      this.inRoom(conferenceId, (room) => this.departures.handleRemoved(room, userIds)),
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

  /** Members who joined a room on this node (in any breakout room), for the metrics. */
  get memberCount(): number {
    let count = 0;
    for (const room of this.rooms.values()) count += room.peers.size;
    return count;
  }

  /**
   * The meeting's room on this node, opened if need be. Its row is read only for a room not open
   * here yet (the first member, or after the room closed): the handshake brought the meeting's
   * number, and members joining a running meeting cost no read of it.
   */
  private async openRoom(conferenceId: string): Promise<Room> {
    let conf: ConferenceRow | undefined;
    const meeting = async () => (conf ??= await this.conferences.get(conferenceId));
    let room = this.rooms.get(conferenceId);
    if (!room) {
      const row = await meeting();
      // Another member's connection may have opened it while the row was read.
      room = this.rooms.get(conferenceId);
      if (!room) {
        const created = new Room(row, this.gateway);
        this.rooms.set(conferenceId, created);
        room = created;
        await room.serial(() => this.breakouts.load(created));
      }
    }
    await room.open();
    await this.captions.open(room, meeting);
    await this.recorder.roomOpened(room);
    return room;
  }

  /** A socket that passed authentication joins its meeting's room (by the meeting's number). */
  async handleConnect(
    socket: Socket,
    user: UserRow,
    conferenceId: string,
    deviceId: string,
  ): Promise<Peer> {
    const peerId = String(user.id);
    const room = await this.openRoom(conferenceId);
    const previous = room.peers.get(peerId) ?? room.lobby.get(peerId);
    if (previous) await this.departures.drop(room, previous, { notifyOthers: true });
    if (room.fullFor(user.id)) throw new RoomError(ResultCode.meetingFull, 'meetingFull');
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

  /**
   * Answers one request of a member; errors become failed acknowledgements. Each group of
   * requests has its own handler; this only routes.
   */
  async handleRequest(
    room: Room,
    peer: Peer,
    request: RoomRequest,
  ): Promise<RoomResponses[RoomRequestType]> {
    switch (request.type) {
      case 'join':
        return this.joins.handle(room, peer, request);
      case 'publish':
      case 'subscribe':
      case 'unsubscribe':
      case 'subscriberAnswer':
      case 'trickle':
      case 'pauseProducer':
      case 'resumeProducer':
      case 'closeProducer':
      case 'setConsumerPreferredLayers':
      case 'restartIce':
      case 'getProducerStats':
      case 'requestKeyFrame':
        return this.mediaRequests.handle(room, peer, request);
      case 'sendMessage':
      case 'chatHistory':
      case 'sendReaction':
        return this.chat.handle(room, peer, request);
      case 'breakoutSetup':
      case 'breakoutOpen':
      case 'breakoutMove':
      case 'breakoutBroadcast':
      case 'breakoutClose':
      case 'breakoutHelp':
        return this.breakouts.handle(room, peer, request);
      case 'leave':
        await this.departures.handleLeave(room, peer);
        return {};
      case 'pageClosing':
        peer.pageClosing = true;
        return {};
      case 'localRecording':
        // Said to everyone once per change; a repeat changes nothing and tells nobody.
        if (!!peer.info.localRecording !== request.on) {
          peer.info.localRecording = request.on;
          room.broadcastIn(peer.group, { type: 'peerUpdated', peer: peer.info });
        }
        return {};
      default:
        return assertUnreachable(request);
    }
  }

  /** The socket went away (RoomDepartures.handleDisconnect). */
  handleDisconnect(room: Room, peer: Peer): Promise<void> {
    return this.departures.handleDisconnect(room, peer);
  }

  /** The room's last member is out: it closes on this node, and in Janus. */
  private async closeIfEmpty(room: Room): Promise<void> {
    if (!room.empty || this.rooms.get(room.conferenceId) !== room) return;
    this.rooms.delete(room.conferenceId);
    this.activity.roomClosed(room);
    this.reactions.roomClosed(room);
    this.recorder.roomClosed(room);
    await this.captions.close(room);
    await room.close();
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
