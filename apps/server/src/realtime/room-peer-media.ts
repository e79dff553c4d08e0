/**
 * A member's media as their room sees it: the Janus offers and feeds of their `PeerMedia` turned
 * into notifications for the members of their room (main or breakout), feeds announced once up,
 * and a member's media moved to another room of the meeting. RoomManager owns the rooms and
 * hands members here.
 */
import type { MediaKind, MediaSource } from '@meet/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { JanusGateway } from '../janus/janus-gateway.js';
import { PeerMedia } from '../janus/peer-media.js';
import type { RoomRecorder } from '../recordings/capture/room-recorder.js';
import type { CaptionRelay } from '../captions/caption-relay.js';
import type { Peer } from './peer.js';
import type { RoomActivity } from './room-activity.js';
import type { RoomModeration } from './room-moderation.js';
import { describeStreams } from './room-streams.js';
import type { Room } from './room.js';

export class RoomPeerMedia {
  constructor(
    private readonly gateway: JanusGateway,
    private readonly captions: CaptionRelay,
    private readonly activity: RoomActivity,
    private readonly moderation: RoomModeration,
    private readonly recorder: RoomRecorder,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The cloud recording, for members of the main room (breakout rooms are not recorded). */
  recorderOf(peer: Peer): RoomRecorder | undefined {
    return peer.group === 0 ? this.recorder : undefined;
  }

  /**
   * A member's camera audio or video turned on or off (by them, or by the host's mute): what
   * others see of them and the recording's timeline. False when it already was so.
   */
  setEnabled(room: Room, peer: Peer, kind: MediaKind, on: boolean): boolean {
    if (kind === 'audio') {
      if (peer.info.audioEnabled === on) return false;
      peer.info.audioEnabled = on;
      return true;
    }
    if (peer.info.videoEnabled === on) return false;
    peer.info.videoEnabled = on;
    if (on) peer.info.openVideoTime = Date.now();
    this.recorderOf(peer)?.camera(room, peer, on);
    return true;
  }

  /** Media for a member in room `group` (0 main) of the meeting, not yet in use. */
  create(room: Room, group: number, peerId: string): PeerMedia {
    return new PeerMedia(this.gateway, room.janusRoomOf(group), peerId);
  }

  /**
   * Connects a member's (new) media to the room — their offers and feeds coming up — and has
   * Janus get ready for it while they look at the pre-join screen (or are being moved).
   */
  attach(room: Room, peer: Peer): void {
    const media = peer.media;
    media.on('subscriberOffer', (jsep, streams) => {
      if (peer.media !== media) return;
      peer.notify({
        type: 'subscriberOffer',
        jsep,
        streams: describeStreams(room, streams, peer.group),
      });
    });
    media.on('webrtcUp', (target) => {
      if (target !== 'subscriber' && peer.media === media) this.announceFeed(room, peer, target);
    });
    media.warmUp();
  }

  /** A published feed's media is up: the member's room learns of it. */
  private announceFeed(room: Room, peer: Peer, source: MediaSource): void {
    const pending = peer.pendingFeeds.get(source);
    if (!pending || room.peers.get(peer.peerId) !== peer) return;
    peer.pendingFeeds.delete(source);
    peer.setFeed(source, pending.feedId, pending.mids);
    this.moderation.feedUp(room, peer, source);
    if (source === 'screen') {
      peer.info.shareEnabled = true;
      peer.info.shareTime = Date.now();
    }
    room.broadcastIn(peer.group, {
      type: 'streamsChanged',
      peerId: peer.peerId,
      source,
      feedId: pending.feedId,
    });
    room.broadcastIn(peer.group, { type: 'peerUpdated', peer: peer.info });
    this.recorderOf(peer)?.feedUp(room, peer, source);
  }

  /**
   * Moves a member to another room of the meeting (breakout rooms): out of the one they are in
   * (its members see them leave), their media closed; into the other with new media, which
   * their client publishes again when told; its members see them arrive.
   */
  async move(room: Room, peer: Peer, group: number): Promise<void> {
    if (peer.group === group || room.peers.get(peer.peerId) !== peer) return;
    this.captions.gone(room, peer.peerId);
    this.recorderOf(peer)?.left(room, peer);
    room.broadcastIn(peer.group, { type: 'peerClosed', peerId: peer.peerId }, peer.peerId);
    const old = peer.media;
    await room.openGroup(group);
    peer.group = group;
    peer.media = this.create(room, group, peer.peerId);
    this.attach(room, peer);
    peer.pendingFeeds.clear();
    peer.subscribed.clear();
    peer.setFeed('camera', null);
    peer.setFeed('screen', null);
    peer.info.shareEnabled = false;
    await old.close().catch((error: unknown) => {
      this.log.warn({ err: error }, 'closing media after a move failed');
    });
    const messages = await this.activity.history(room, group);
    peer.notify({
      type: 'breakoutMoved',
      room: group,
      peers: room.list(group).filter((p) => p.peerId !== peer.peerId),
      messages,
    });
    room.broadcastIn(group, { type: 'newPeer', peer: peer.info }, peer.peerId);
    this.recorderOf(peer)?.joined(room, peer);
  }
}
