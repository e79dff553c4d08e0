/**
 * What the live rooms on this node do when the media server goes down, comes back, or hears a
 * member talk. RoomManager hands the gateway's events here; the rooms stay its own, read
 * through the function it gives.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { RoomRecorder } from '../recordings/capture/room-recorder.js';
import type { CaptionRelay } from '../captions/caption-relay.js';
import type { Room } from './room.js';

export class RoomMediaEvents {
  constructor(
    private readonly rooms: () => Iterable<Room>,
    private readonly captions: CaptionRelay,
    private readonly recorder: RoomRecorder,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Every feed died with the media server: nobody publishes or subscribes to anything. */
  handleDown(): void {
    void this.captions.mediaDown();
    this.recorder.mediaDown();
    for (const room of this.rooms()) {
      for (const peer of room.peers.values()) {
        peer.media.reset();
        peer.subscribed.clear();
        peer.info.feeds = {};
        peer.info.mids = {};
      }
    }
  }

  /** The media server is back: each room is made again and its members republish. */
  handleRestarted(): void {
    for (const room of this.rooms()) {
      void room.open().then(
        () => room.broadcast({ type: 'republish', reason: 'mediaRestarted' }),
        (error: unknown) => this.log.error({ err: error }, 'room re-create failed'),
      );
    }
  }

  handleTalking(janusRoom: number, feed: number, talking: boolean, level: number): void {
    for (const room of this.rooms()) {
      const group = room.groupOfJanusRoom(janusRoom);
      if (group === undefined) continue;
      const owner = room.peerOfFeed(feed, group);
      if (!owner) continue;
      room.broadcastIn(group, { type: 'activeSpeaker', peerId: owner.peer.peerId, talking, level });
      // Captions and the cloud recording are the main room's.
      if (owner.source === 'camera' && group === 0) {
        this.captions.talking(room, owner.peer, talking);
        this.recorder.talking(room, owner.peer, talking);
      }
    }
  }
}
