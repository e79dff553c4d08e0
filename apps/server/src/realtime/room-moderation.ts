/**
 * The host's per-member controls in a live room: keeps each member's PeerInfo (forceMuted,
 * videoDisabled, handUp) in step with HostControl, tells their client what to do with its own
 * media, and has Janus stop relaying what a member may not send, so a misbehaving client is
 * not heard or seen anyway. Also the checks that refuse a member's own media requests.
 */
import {
  ResultCode,
  type ConferenceProperties,
  type HostAction,
  type MediaKind,
  type MediaSource,
} from '@meet/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { ConferenceService } from '../conferences/conference-service.js';
import {
  effectiveControls,
  type HostControl,
  type MemberChange,
} from '../conferences/host-control.js';
import { roomPropertiesOf } from '../conferences/present.js';
import type { JanusGateway } from '../janus/janus-gateway.js';
import type { Peer } from './peer.js';
import type { RoomActivity } from './room-activity.js';
import { RoomError } from './room-error.js';
import { closeSource } from './room-streams.js';
import type { Room } from './room.js';

export class RoomModeration {
  constructor(
    private readonly gateway: JanusGateway,
    private readonly hostControl: HostControl,
    private readonly conferences: ConferenceService,
    private readonly activity: RoomActivity,
    private readonly log: FastifyBaseLogger,
  ) {}

  private effective(room: Room, peer: Peer) {
    return effectiveControls(peer.controls, {
      isHost: peer.userId === room.hostId,
      confMute: room.properties.confMute,
    });
  }

  /** A member (re)connecting or joining starts with the controls the host left them with. */
  async initial(room: Room, peer: Peer): Promise<void> {
    peer.controls = await this.hostControl.controlsOf(room.rowId, peer.userId);
    Object.assign(peer.info, this.effective(room, peer));
  }

  /**
   * Brings a member in line with their controls, with an optional explicit command for their
   * client. Returns whether what others see of them changed (the caller announces it).
   */
  apply(room: Room, peer: Peer, explicit?: HostAction): boolean {
    const info = peer.info;
    const before = { ...info };
    Object.assign(info, this.effective(room, peer));
    const actions = new Set<HostAction>(explicit ? [explicit] : []);
    if (info.forceMuted && !before.forceMuted) actions.add('muteAudio');
    if (info.videoDisabled && !before.videoDisabled) actions.add('disableVideo');
    if (actions.has('muteAudio')) info.audioEnabled = false;
    if (actions.has('disableVideo')) info.videoEnabled = false;
    if (info.forceMuted !== before.forceMuted) this.moderate(room, peer, 'audio', info.forceMuted);
    if (info.videoDisabled !== before.videoDisabled)
      this.moderate(room, peer, 'video', info.videoDisabled);
    for (const action of actions) peer.notify({ type: 'hostCommand', action });
    return (
      actions.size > 0 ||
      info.forceMuted !== before.forceMuted ||
      info.videoDisabled !== before.videoDisabled ||
      info.handUp !== before.handUp ||
      info.audioEnabled !== before.audioEnabled ||
      info.videoEnabled !== before.videoEnabled
    );
  }

  /** HostControl changed some members' controls. */
  handleMembersChanged(room: Room, changes: MemberChange[]): void {
    for (const change of changes) {
      const peer = room.peers.get(String(change.userId));
      if (!peer) continue;
      peer.controls = change.controls;
      if (this.apply(room, peer, change.action)) this.announce(room, peer);
    }
  }

  /** The host role moved: the old host may now be held back, the new one never is. */
  async handleHostChanged(room: Room, hostId: number): Promise<void> {
    room.setHost(hostId);
    const host = room.peers.get(String(hostId));
    room.broadcast({ type: 'hostChanged', hostId, hostName: host?.info.displayName ?? '' });
    for (const peer of room.peers.values()) {
      this.apply(room, peer);
      this.announce(room, peer);
    }
    this.enforceScreenShare(room);
    if (host) await this.activity.sendWaitingList(room, [host]);
  }

  /** Meeting-wide controls changed (mute all, lock, waiting room, screen sharing). */
  async handlePropertiesChanged(room: Room, properties: ConferenceProperties): Promise<void> {
    // At once, so member changes HostControl announces right after see the new confMute.
    room.properties = {
      ...room.properties,
      confMute: properties.confMute,
      lockRoom: properties.lockRoom === 1,
      waitingRoom: properties.waitingRoom === 1,
    };
    await room.serial(async () => {
      room.properties = roomPropertiesOf(await this.conferences.get(room.conferenceId));
      for (const peer of room.peers.values()) if (this.apply(room, peer)) this.announce(room, peer);
      this.enforceScreenShare(room);
      room.broadcast({ type: 'propertiesChanged', properties: room.properties });
    });
  }

  /** Stops the shares of members who may not share any more. */
  private enforceScreenShare(room: Room): void {
    for (const peer of room.peers.values()) {
      const sharing = peer.info.feeds.screen !== undefined || peer.pendingFeeds.has('screen');
      if (!sharing || this.mayShareScreen(room, peer)) continue;
      peer.notify({ type: 'hostCommand', action: 'stopShare' });
      closeSource(room, peer, 'screen').catch((error: unknown) => {
        this.log.warn({ err: error }, 'stopping a share failed');
      });
    }
  }

  private announce(room: Room, peer: Peer): void {
    room.broadcastIn(peer.group, { type: 'peerUpdated', peer: peer.info });
  }

  /** A camera feed just came up: Janus holds back what the member may not send. */
  feedUp(room: Room, peer: Peer, source: MediaSource): void {
    if (source !== 'camera') return;
    if (peer.info.forceMuted) this.moderate(room, peer, 'audio', true);
    if (peer.info.videoDisabled) this.moderate(room, peer, 'video', true);
  }

  /** Refuses turning on what the host holds off; nothing changes then. */
  checkResume(peer: Peer, source: MediaSource, kind: MediaKind): void {
    if (source !== 'camera') return;
    if (kind === 'audio' && peer.info.forceMuted) {
      throw new RoomError(ResultCode.failure, 'The host has muted you; you cannot unmute yourself');
    }
    if (kind === 'video' && peer.info.videoDisabled) {
      throw new RoomError(
        ResultCode.failure,
        'The host has turned off your camera; you cannot turn it on',
      );
    }
  }

  checkPublish(room: Room, peer: Peer, source: MediaSource): void {
    if (source === 'screen' && !this.mayShareScreen(room, peer)) {
      throw new RoomError(ResultCode.failure, 'The host does not allow screen sharing');
    }
  }

  mayShareScreen(room: Room, peer: Peer): boolean {
    return room.properties.screenShareAllowed || peer.userId === room.hostId;
  }

  private moderate(room: Room, peer: Peer, kind: MediaKind, mute: boolean): void {
    const feed = peer.info.feeds.camera;
    const mid = peer.info.mids.camera?.[kind];
    if (feed === undefined || mid === undefined) return;
    this.gateway.moderate(room.janusRoomOf(peer.group), feed, mid, mute).catch((error: unknown) => {
      this.log.warn({ err: error, feed, kind, mute }, 'janus moderate failed');
    });
  }
}
