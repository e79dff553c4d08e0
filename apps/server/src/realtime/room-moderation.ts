/**
 * The host's controls in a live room. The database owns them (the meeting row: host, confMute,
 * lock, screen sharing; each member's stored controls) and HostControl alone changes them; the
 * room keeps a view of them — `Room.hostId`, `Room.properties` and each member's flags in
 * PeerInfo — that only `reconcile` writes, from what it reads back after each change. Each
 * change is applied in one pass and told once, one `roomUpdated` to each member with what
 * changed for them; Janus stops relaying what a member may not send, so a misbehaving client is
 * not heard or seen anyway. Also the checks that refuse a member's own media requests.
 */
import {
  ResultCode,
  type HostAction,
  type MediaKind,
  type MediaSource,
  type RoomProperties,
} from '@meet/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { ConferenceService } from '../conferences/conference-service.js';
import {
  effectiveControls,
  type HostControl,
  type MemberAction,
} from '../conferences/host-control.js';
import { roomPropertiesOf } from '../conferences/present.js';
import type { JanusGateway } from '../janus/janus-gateway.js';
import type { MemberControls } from '../domain/effective-controls.js';
import type { Peer } from './peer.js';
import type { RoomActivity } from './room-activity.js';
import { RoomError } from './room-error.js';
import { closeSource } from './room-streams.js';
import type { Room } from './room.js';

/** Turns a member's camera audio or video off or on; false when it already was. */
export type SetEnabled = (room: Room, peer: Peer, kind: MediaKind, on: boolean) => boolean;

export class RoomModeration {
  constructor(
    private readonly gateway: JanusGateway,
    private readonly hostControl: HostControl,
    private readonly conferences: ConferenceService,
    private readonly activity: RoomActivity,
    private readonly setEnabled: SetEnabled,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** A member (re)connecting or joining starts with the controls the host left them with. */
  async initial(room: Room, peer: Peer): Promise<void> {
    const stored = await this.hostControl.controlsOf(room.rowId, peer.userId);
    Object.assign(peer.info, this.effective(room, peer, stored));
  }

  /**
   * Something the room shows changed in the database — members' controls, the meeting-wide
   * ones, the host role: brings the room in line with it and tells each member once. `actions`
   * are what the host asked some members' clients to do (sent even when their state was already
   * so: a muted member who unmuted is muted again).
   */
  reconcile(room: Room, actions: readonly MemberAction[] = []): Promise<void> {
    // One after another, each reading the database afresh: the last one leaves the room as
    // stored, whatever order the changes' events arrived in.
    return room.serial(async () => {
      const members = [...room.peers.values()];
      const [row, stored] = await Promise.all([
        this.conferences.get(room.conferenceId),
        this.hostControl.controlsOfMembers(
          room.rowId,
          members.map((p) => p.userId),
        ),
      ]);
      // What each member showed before: only those whose state changes are told of.
      const before = new Map(members.map((p) => [p, JSON.stringify(p.info)]));
      const properties = roomPropertiesOf(row);
      const propertiesChanged = !sameProperties(room.properties, properties);
      const hostChanged = row.hostId !== room.hostId;
      room.properties = properties;
      if (hostChanged) room.setHost(row.hostId);

      const told = new Map<Peer, HostAction[]>();
      for (const peer of members) {
        if (room.peers.get(peer.peerId) !== peer) continue;
        const asked = actions.filter((a) => a.userId === peer.userId).map((a) => a.action);
        const done = this.apply(room, peer, stored.get(peer.userId), asked);
        if (done.length) told.set(peer, done);
      }
      const changed = members.filter(
        (p) => room.peers.get(p.peerId) === p && JSON.stringify(p.info) !== before.get(p),
      );

      const host = hostChanged
        ? {
            hostId: row.hostId,
            hostName: room.peers.get(String(row.hostId))?.info.displayName ?? '',
          }
        : undefined;
      for (const peer of room.peers.values()) {
        const peers = changed.filter((p) => p.group === peer.group).map((p) => p.info);
        const mine = told.get(peer) ?? [];
        if (!host && !propertiesChanged && peers.length === 0 && mine.length === 0) continue;
        peer.notify({
          type: 'roomUpdated',
          ...(host && { host }),
          ...(propertiesChanged && { properties }),
          peers,
          actions: mine,
        });
      }
    });
  }

  /** The host role moved: the old host may now be held back, the new one never is. */
  async handleHostChanged(room: Room): Promise<void> {
    await this.reconcile(room);
    const host = room.peers.get(String(room.hostId));
    if (host) await this.activity.sendWaitingList(room, [host]);
  }

  /** What a member's stored controls mean for them in this room now. */
  private effective(room: Room, peer: Peer, controls: MemberControls | undefined) {
    return effectiveControls(controls, {
      isHost: peer.userId === room.hostId,
      confMute: room.properties.confMute,
    });
  }

  /**
   * Brings a member in line with their controls: their flags, their media as others see it,
   * Janus, and a share they may no longer have. Returns what their client must do.
   */
  private apply(
    room: Room,
    peer: Peer,
    controls: MemberControls | undefined,
    asked: HostAction[],
  ): HostAction[] {
    const info = peer.info;
    const before = { forceMuted: info.forceMuted, videoDisabled: info.videoDisabled };
    Object.assign(info, this.effective(room, peer, controls));
    const actions = new Set<HostAction>(asked);
    if (info.forceMuted && !before.forceMuted) actions.add('muteAudio');
    if (info.videoDisabled && !before.videoDisabled) actions.add('disableVideo');
    if (actions.has('muteAudio')) this.setEnabled(room, peer, 'audio', false);
    if (actions.has('disableVideo')) this.setEnabled(room, peer, 'video', false);
    if (info.forceMuted !== before.forceMuted) this.moderate(room, peer, 'audio', info.forceMuted);
    if (info.videoDisabled !== before.videoDisabled)
      this.moderate(room, peer, 'video', info.videoDisabled);
    const sharing = info.feeds.screen !== undefined || peer.pendingFeeds.has('screen');
    if (sharing && !this.mayShareScreen(room, peer)) {
      actions.add('stopShare');
      closeSource(room, peer, 'screen').catch((error: unknown) => {
        this.log.warn({ err: error }, 'stopping a share failed');
      });
    }
    return [...actions];
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
      throw new RoomError(ResultCode.failure, 'hostMutedYou');
    }
    if (kind === 'video' && peer.info.videoDisabled) {
      throw new RoomError(ResultCode.failure, 'hostTurnedOffCamera');
    }
  }

  checkPublish(room: Room, peer: Peer, source: MediaSource): void {
    if (source === 'screen' && !this.mayShareScreen(room, peer)) {
      throw new RoomError(ResultCode.failure, 'screenShareNotAllowed');
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

function sameProperties(a: RoomProperties, b: RoomProperties): boolean {
  return (Object.keys(b) as (keyof RoomProperties)[]).every((key) => a[key] === b[key]);
}
