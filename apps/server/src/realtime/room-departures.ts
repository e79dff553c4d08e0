/**
 * How members leave a live room: they press Leave, their socket goes away, another device of
 * theirs replaces them, the host removes them or the meeting ends. Each is taken out of the room
 * and Janus, and the others of their room are told; RoomManager closes the room once the last
 * one is out (the `closeIfEmpty` it gives).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { ConferenceService, EndedBy } from '../conferences/conference-service.js';
import type { CaptionRelay } from '../captions/caption-relay.js';
import type { Peer } from './peer.js';
import type { RoomBreakouts } from './room-breakouts.js';
import type { RoomPeerMedia } from './room-peer-media.js';
import type { Room } from './room.js';
import { isDatabaseUnavailable } from '../db/db-errors.js';
import { inBackground } from '../lib/background.js';

/** How long a seat's "gone" mark is retried while the database cannot be reached. */
const GONE_RETRY_MS = 5 * 60_000;
/** The longest wait between two tries. */
const GONE_RETRY_MAX_WAIT_MS = 15_000;
/** After a late mark, seconds to watch for the member's new connection (half the grace). */
const RESTORE_CHECKS = 30;

/** A wait that does not keep the process alive (a server stopping need not finish it). */
const unrefWait = (ms: number) => sleep(ms, undefined, { ref: false });

export class RoomDepartures {
  constructor(
    private readonly conferences: ConferenceService,
    private readonly captions: CaptionRelay,
    private readonly breakouts: RoomBreakouts,
    private readonly media: RoomPeerMedia,
    private readonly closeIfEmpty: (room: Room) => Promise<void>,
    private readonly log: FastifyBaseLogger,
    /** Is this device of the member in the meeting's room on this node now? */
    private readonly isHere: (conferenceId: string, userId: number, deviceId: string) => boolean,
  ) {}

  /** The member pressed Leave: out at once, and out of the meeting. */
  async handleLeave(room: Room, peer: Peer): Promise<void> {
    await this.drop(room, peer, { notifyOthers: true });
    await this.conferences
      .quit(peer.userId, room.conferenceId, peer.deviceId)
      .catch((error: unknown) => {
        this.log.warn({ err: error }, 'quit after leave failed');
      });
  }

  /**
   * The socket went away. The member's media is closed, and others see them as reconnecting:
   * the seat, with the host role, hand and controls (all in the database), waits the reconnect
   * grace for them (ConferenceService.sweepSeats frees it after that, on this node or another).
   */
  async handleDisconnect(room: Room, peer: Peer): Promise<void> {
    const current = room.lobby.get(peer.peerId) === peer || room.peers.get(peer.peerId) === peer;
    if (!current) return;
    const inRoom = room.peers.get(peer.peerId) === peer;
    await this.drop(room, peer, { notifyOthers: inRoom, reconnecting: !peer.pageClosing });
    await this.markGone(room, peer);
  }

  /**
   * The seat's "gone" mark (its reconnect grace starts). While the database cannot be reached (a
   * restart) it is tried again, with waits growing to 15 s, for up to 5 minutes: otherwise the
   * seat would say "connected" with nobody there until the server restarts. A member who came
   * back meanwhile wrote their seat themselves: the mark is then dropped. (A meeting's members
   * all connect to the node it is placed on, so back means back here.)
   */
  private async markGone(room: Room, peer: Peer): Promise<void> {
    const giveUpAt = Date.now() + GONE_RETRY_MS;
    for (let wait = 1000, late = false; ; wait = Math.min(wait * 2, GONE_RETRY_MAX_WAIT_MS)) {
      try {
        await this.conferences.roomDisconnected(room.rowId, peer.userId, peer.deviceId);
        if (late) await this.restoreIfBack(room, peer);
        return;
      } catch (error) {
        if (!isDatabaseUnavailable(error) || Date.now() + wait > giveUpAt) throw error;
      }
      await unrefWait(wait);
      if (this.isHere(room.conferenceId, peer.userId, peer.deviceId)) return;
      late = true;
    }
  }

  /**
   * A late "gone" mark may land just after the member's own reconnect wrote their seat, before
   * their new connection is in the room here: once it is, within moments, the seat is marked
   * connected again.
   */
  private async restoreIfBack(room: Room, peer: Peer): Promise<void> {
    for (let i = 0; i < RESTORE_CHECKS; i++) {
      await unrefWait(1000);
      if (this.isHere(room.conferenceId, peer.userId, peer.deviceId)) {
        await this.conferences.roomConnected(room.rowId, peer.userId, peer.deviceId);
        return;
      }
    }
  }

  /** The member joined again from another device: this one is told, then out. */
  handleReplaced(room: Room, userId: number, devices: string[]): void {
    const peer = room.present(userId);
    if (!peer || !devices.includes(peer.deviceId)) return;
    peer.notify({ type: 'replaced' });
    inBackground(this.dropAll(room, [peer]), this.log, 'dropping a replaced device', {
      conferenceId: room.conferenceId,
    });
  }

  /** The meeting ended for everyone: all are told, then out of the room and Janus. */
  async handleEnded(room: Room, endedBy: EndedBy | null): Promise<void> {
    const everyone = [...room.peers.values(), ...room.lobby.values()];
    // Named as the others saw them in the meeting.
    const by = endedBy
      ? (room.peers.get(String(endedBy.id))?.info.displayName ?? endedBy.userName)
      : undefined;
    for (const peer of everyone) peer.notify({ type: 'roomClosed', reason: 'ended', by });
    await this.dropAll(room, everyone);
  }

  /** The host removed members: they are told, then out of the room and Janus. */
  async handleRemoved(room: Room, userIds: number[]): Promise<void> {
    const peers = userIds.flatMap((id) => room.present(id) ?? []);
    for (const peer of peers) peer.notify({ type: 'roomClosed', reason: 'kicked' });
    await this.dropAll(room, peers);
  }

  /** Takes the member out of the room (or its lobby) and Janus; the room closes if now empty. */
  async drop(
    room: Room,
    peer: Peer,
    options: { notifyOthers: boolean; reconnecting?: boolean },
  ): Promise<void> {
    if (room.lobby.get(peer.peerId) === peer) room.lobby.delete(peer.peerId);
    if (room.peers.get(peer.peerId) === peer) {
      room.remove(peer.peerId);
      this.captions.gone(room, peer.peerId);
      this.media.recorderOf(peer)?.left(room, peer);
      if (options.notifyOthers)
        room.broadcastIn(
          peer.group,
          options.reconnecting
            ? {
                type: 'peerClosed',
                peerId: peer.peerId,
                reconnecting: true,
                graceMs: this.conferences.reconnectGraceMs,
              }
            : { type: 'peerClosed', peerId: peer.peerId },
        );
      this.breakouts.membersChanged(room);
    }
    await peer.media.close();
    await this.closeIfEmpty(room);
  }

  private async dropAll(room: Room, peers: Peer[]): Promise<void> {
    await Promise.all(
      peers.map(async (peer) => {
        await this.drop(room, peer, { notifyOthers: true });
        peer.socket.disconnect(true);
      }),
    );
  }
}
