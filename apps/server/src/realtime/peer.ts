/** One member connected to a room: their socket, their media in Janus, their visible state. */
import type { Socket } from 'socket.io';
import {
  ROOM_NOTIFICATION_EVENT,
  type MediaSource,
  type PeerInfo,
  type RoomNotification,
} from '@meet/shared';
import type { UserRow } from '../db/schema/index.js';
import type { PeerMedia } from '../janus/peer-media.js';

/** A member as they first appear: nothing on, nothing published; the host's controls come next. */
export function peerInfoOf(user: UserRow, room: { hostId: number; creatorId: number }): PeerInfo {
  return {
    peerId: String(user.id),
    userId: user.id,
    displayName: user.userName,
    avatar: user.avatarUrl,
    isHost: user.id === room.hostId,
    isCreator: user.id === room.creatorId,
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
    forceMuted: false,
    videoDisabled: false,
  };
}

export class Peer {
  readonly info: PeerInfo;
  /** The room this member is in: 0 the main room, k breakout room k. */
  group = 0;
  /** Streams this peer is subscribed to, as `feed/mid` keys. */
  readonly subscribed = new Set<string>();
  /** Published feeds whose media is not up yet, announced once it is. */
  readonly pendingFeeds = new Map<
    MediaSource,
    { feedId: number; mids: { audio?: string; video?: string } }
  >();
  /**
   * The page said it is going away (a closed tab or a reload), so its socket's end is no lost
   * network: the others see the member leave, while the seat still waits the grace for a reload.
   */
  pageClosing = false;

  constructor(
    readonly socket: Socket,
    readonly deviceId: string,
    /** Replaced when the member moves to another room (each has its own media server room). */
    public media: PeerMedia,
    info: PeerInfo,
  ) {
    this.info = info;
  }

  get peerId(): string {
    return this.info.peerId;
  }

  get userId(): number {
    return this.info.userId;
  }

  notify(message: RoomNotification): void {
    this.socket.emit(ROOM_NOTIFICATION_EVENT, message);
  }

  setFeed(
    source: MediaSource,
    feedId: number | null,
    mids: { audio?: string; video?: string } = {},
  ): void {
    const { [source]: _dropped, ...rest } = this.info.feeds;
    this.info.feeds = feedId === null ? rest : { ...rest, [source]: feedId };
    const { [source]: _droppedMids, ...restMids } = this.info.mids;
    this.info.mids = feedId === null ? restMids : { ...restMids, [source]: mids };
  }
}
