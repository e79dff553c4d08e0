/**
 * A member's `join` request: from the pre-join screen into the room (main or breakout). Their
 * name and camera/microphone choice are taken under the room's controls, the others of their
 * room are told, and the answer carries everything the client needs to show the meeting.
 */
import { ResultCode, type RoomRequest, type RoomResponses } from '@meet/shared';
import type { ConferenceService } from '../conferences/conference-service.js';
import type { TurnConfig } from '../config/config.js';
import type { CaptionRelay } from '../captions/caption-relay.js';
import type { Peer } from './peer.js';
import type { RoomActivity } from './room-activity.js';
import type { RoomBreakouts } from './room-breakouts.js';
import { RoomError } from './room-error.js';
import type { RoomModeration } from './room-moderation.js';
import type { RoomPeerMedia } from './room-peer-media.js';
import type { Room } from './room.js';
import { turnIceServers } from './turn-credentials.js';

export type JoinRequest = Extract<RoomRequest, { type: 'join' }>;

/** Runs `fn` on the meeting's room if it is still live on this node (RoomManager.inRoom). */
export type InLiveRoom = (conferenceId: string, fn: (room: Room) => void | Promise<void>) => void;

export class RoomJoin {
  constructor(
    private readonly conferences: ConferenceService,
    private readonly captions: CaptionRelay,
    private readonly activity: RoomActivity,
    private readonly moderation: RoomModeration,
    private readonly breakouts: RoomBreakouts,
    private readonly media: RoomPeerMedia,
    private readonly turn: TurnConfig | undefined,
    private readonly inRoom: InLiveRoom,
  ) {}

  async handle(room: Room, peer: Peer, request: JoinRequest): Promise<RoomResponses['join']> {
    // Dropped meanwhile (kicked, replaced, meeting ended): the socket is on its way out.
    if (room.lobby.get(peer.peerId) !== peer && room.peers.get(peer.peerId) !== peer) {
      throw new RoomError(ResultCode.failure, 'notInRoom');
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
}
