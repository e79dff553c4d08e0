/**
 * Captions in the live rooms of this node: one RoomCaptions per open room, fed by the room
 * manager (talking, members leaving) and by CaptionsService's setting changes, and its lines
 * and interpreted audio delivered to the members they are for.
 */
import type { CaptionState, MySpeech } from '@meet/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { CaptionsService } from './captions-service.js';
import { RoomCaptions, type CaptionMember, type RoomCaptionsDeps } from './room-captions.js';
import type { ConferenceRow } from '../db/schema/index.js';
import type { CaptionsRepository } from './captions-repository.js';
import type { Peer } from '../realtime/peer.js';
import type { Room } from '../realtime/room.js';

function memberOf(peer: Peer): CaptionMember {
  return {
    peerId: peer.peerId,
    userId: peer.userId,
    name: peer.info.displayName,
    feed: peer.info.feeds.camera,
    audioMid: peer.info.mids.camera?.audio,
  };
}

export class CaptionRelay {
  private readonly live = new Map<string, { room: Room; captions: RoomCaptions }>();

  constructor(
    private readonly deps: RoomCaptionsDeps,
    private readonly store: CaptionsRepository,
    private readonly log: FastifyBaseLogger,
  ) {
    const service: CaptionsService = deps.service;
    service.on('stateChanged', (conferenceId, state) => this.handleState(conferenceId, state));
    service.on('speechChanged', (conferenceId, userId, speech) =>
      this.handleSpeech(conferenceId, userId, speech),
    );
  }

  /** A room opened on this node; its meeting's row is read only when its captions start. */
  async open(room: Room, meeting: () => Promise<ConferenceRow>): Promise<void> {
    if (this.live.get(room.conferenceId)?.room === room) return;
    const conf = await meeting();
    // Another member's connection may have started them meanwhile.
    if (this.live.get(room.conferenceId)?.room === room) return;
    const captions = new RoomCaptions(conf, this.deps, () =>
      [...room.peers.values()].map(memberOf),
    );
    // Captions are the main room's: a member in a breakout room does not hear its speakers.
    const inMain = (peerId: string) => {
      const peer = room.peers.get(peerId);
      return peer?.group === 0 ? peer : undefined;
    };
    captions.on('caption', (peerId, message) =>
      inMain(peerId)?.notify({ type: 'asrMessage', message }),
    );
    captions.on('audio', (peerId, audio) =>
      inMain(peerId)?.notify({ type: 'interpretAudio', ...audio }),
    );
    this.live.set(room.conferenceId, { room, captions });
    await captions
      .load()
      .catch((error: unknown) =>
        this.log.error({ err: error }, 'caption settings could not be read'),
      );
  }

  async close(room: Room): Promise<void> {
    const entry = this.live.get(room.conferenceId);
    if (entry?.room !== room) return;
    this.live.delete(room.conferenceId);
    await entry.captions.close();
  }

  /** What a member joining sees of captions: the meeting's state and their own settings. */
  async joinInfo(conf: ConferenceRow, userId: number) {
    return {
      captions: this.deps.service.state(conf),
      speech: await this.store.settingsOf(conf.id, userId),
    };
  }

  talking(room: Room, peer: Peer, talking: boolean): void {
    this.live.get(room.conferenceId)?.captions.handleTalking(memberOf(peer), talking);
  }

  /** A member left the room, or stopped publishing their microphone. */
  gone(room: Room, peerId: string): void {
    this.live.get(room.conferenceId)?.captions.handleMemberGone(peerId);
  }

  /** The media server went down: every tap is gone with it. */
  async mediaDown(): Promise<void> {
    await Promise.all(
      [...this.live.values()].flatMap(({ room, captions }) =>
        [...room.peers.keys()].map((peerId) => captions.handleMemberGone(peerId)),
      ),
    );
  }

  private handleState(conferenceId: string, state: CaptionState): void {
    const entry = this.live.get(conferenceId);
    if (!entry) return;
    entry.captions.handleState(state);
    entry.room.broadcast({ type: 'captionState', state });
  }

  private handleSpeech(conferenceId: string, userId: number, speech: MySpeech): void {
    const entry = this.live.get(conferenceId);
    if (!entry) return;
    entry.captions.handleSpeech(userId, speech);
    entry.room.peers.get(String(userId))?.notify({ type: 'speechSettings', speech });
  }
}
