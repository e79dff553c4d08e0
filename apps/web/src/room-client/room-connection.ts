/**
 * The room's connection: the `/room` socket and what rebuilds the peer connections around it.
 * It enters the room on "Join now" and again after every reconnect (same name, same devices),
 * closes the transports when the socket drops, republishes after a media server restart and
 * moves the media to another breakout room, one move after another. RoomClient owns the parts
 * (members, camera, screen, subscriptions, chat, collaboration) and lends them here.
 */
import type { RoomAuth, RoomNotification } from '@meet/shared';
import type { CameraMedia } from './camera-media';
import type { Chat } from './chat';
import type { Collaboration } from './collaboration';
import { peerConnectionConfig } from './ice-config';
import type { InterpretPlayer } from './interpret-player';
import type { RoomMembers } from './room-members';
import type { BreakoutMoved, NotifiedParts } from './room-notifications';
import type { ScreenShare } from './screen-share';
import { RequestError, Signaling, failureOf, type SignalingTarget } from './signaling';
import type { SubscriptionSync } from './subscription-sync';
import type { Tracks } from './track-store';
import type { RoomClientApi } from './types';

export type JoinOptions = Parameters<RoomClientApi['join']>[0];
/** The longest a join's publishing waits for its subscriber to connect. */
const RECEIVE_FIRST_MAX_MS = 400;

/** Local recording's code, loaded once (see enterRoom). */
export const loadLocalRecorder = () => import('./local-recorder');

/** What the connection drives, lent by RoomClient. */
export interface ConnectionParts {
  tracks: Tracks;
  members: RoomMembers;
  camera: CameraMedia;
  screen: ScreenShare;
  subscriptions: SubscriptionSync;
  chat: Chat;
  collab: Collaboration;
  interpreted: InterpretPlayer;
  emit: NotifiedParts['emit'];
  notify(n: RoomNotification): void;
  startStats(): void;
  stopStats(): void;
  /** The room is over for this client (left, replaced, ended). */
  shutdown(): void;
  closed(): boolean;
}

export class RoomConnection {
  signaling: Signaling | undefined;
  /** Every new peer connection's configuration: the latest join answer's TURN relays. */
  rtc = peerConnectionConfig([]);
  /** Set by "Join now": from then on every (re)connect enters the room under this name. */
  private joinName: string | undefined;
  private firstView: JoinOptions['firstView'];
  /** Moves between breakout rooms, one after another; the number of the latest. */
  private moves: Promise<void> = Promise.resolve();
  private moveSeq = 0;

  constructor(private readonly parts: ConnectionParts) {}

  prepare(options: RoomAuth & SignalingTarget) {
    const { parts } = this;
    if (this.signaling || parts.closed()) return;
    const signaling = new Signaling();
    this.signaling = signaling;
    signaling.on('notification', (n) => parts.notify(n));
    signaling.on('connected', () => {
      // Before "Join now" the socket only waits; after it (or after a reconnect) it enters the room.
      if (this.joinName !== undefined) void this.enterRoom();
    });
    signaling.on('disconnected', (reason) => {
      if (parts.closed() || reason === 'io client disconnect' || this.joinName === undefined)
        return;
      // Transports are closed with the connection; they are rebuilt after the reconnect.
      this.closeTransports();
      parts.emit('connectionState', 'connecting');
      parts.emit('error', 'reconnecting');
    });
    signaling.on('failed', (message, code, key) => {
      // Away past the reconnect grace: the seat is gone. The page joins again the way it
      // joined first (or shows why it cannot); this client is done.
      if (key === 'notInMeeting' && parts.members.me && !parts.closed()) {
        parts.emit('closed', 'seatLost');
        parts.shutdown();
        return;
      }
      parts.emit('connectionState', 'failed');
      parts.emit('error', failureOf(code, key), message);
    });
    signaling.connect(
      {
        token: options.token,
        conferenceId: options.conferenceId,
        deviceId: options.deviceId,
        pass: options.pass,
      },
      { mediaServer: options.mediaServer, locate: options.locate },
    );
  }

  async join(options: JoinOptions): Promise<void> {
    this.joinName = options.displayName;
    this.firstView = options.firstView;
    // "Join now" is a user gesture: the one moment interpreted speech may be allowed to play.
    this.parts.interpreted.unlock();
    this.parts.camera.want({ audio: options.audio, video: options.video });
    this.parts.emit('connectionState', 'connecting');
    if (!this.signaling) this.prepare(options);
    else if (this.signaling.connected) await this.enterRoom();
  }

  /** A rejoin after a reconnect announces this name, not the one typed before joining. */
  rename(name: string): void {
    if (this.joinName !== undefined) this.joinName = name;
  }

  private async enterRoom(): Promise<void> {
    const { members, subscriptions, camera, emit } = this.parts;
    const displayName = this.joinName!;
    const { audio, video } = await camera.openForJoin();
    try {
      const joined = await this.signaling!.request({
        type: 'join',
        displayName,
        audioEnabled: audio,
        videoEnabled: video,
      });
      const rejoin = !!members.me;
      this.rtc = peerConnectionConfig(joined.iceServers);
      this.parts.tracks.myPeerId = joined.me.peerId;
      subscriptions.handleJoined();
      members.replace(joined.peers, joined.me);
      // Receiving starts first: its request goes out before the UI hears of the join (the
      // re-render that follows would hold it back) and, when the UI can say what it will show,
      // without waiting for the room's first render.
      subscriptions.start(
        this.firstView?.(
          joined.peers.filter((p) => p.peerId !== joined.me.peerId),
          joined.me,
        ),
      );
      emit('hostChanged', joined.hostId);
      this.parts.collab.handleJoined(joined);
      this.parts.chat.handleJoined(joined, rejoin);
      if (joined.captions) emit('captionState', joined.captions);
      if (joined.speech) emit('speechSettings', joined.speech);
      if (joined.breakout) emit('breakout', joined.breakout);
      members.announce();
      emit('connectionState', 'connected');
      // Sending waits until the others' video is on its way (at most 400 ms): on a small machine
      // the camera's connection and encoder starting at the same moment delay the first picture
      // of the others by about 100 ms.
      await subscriptions.receiving(RECEIVE_FIRST_MAX_MS);
      await camera.publish();
      // Back after a reconnect while sharing: the share goes out again too.
      if (rejoin) await this.parts.screen.republish();
      camera.followHostFlags();
      this.parts.startStats();
      // Local recording's code (a chunk of its own) is fetched once in the room, so a click on
      // its button opens the folder picker within the click's user activation.
      void loadLocalRecorder().catch(() => undefined);
    } catch (error) {
      emit('connectionState', 'failed');
      emit('error', 'connectFailed', (error as Error).message);
    }
  }

  closeTransports(): void {
    const { camera, screen, subscriptions, tracks } = this.parts;
    camera.closeConnection();
    screen.closeConnection();
    subscriptions.closeConnection();
    this.parts.stopStats();
    if (tracks.setRemote([])) this.parts.emit('tracksChanged');
  }

  /** The media server restarted: new connections, same meeting, no user action. */
  async republish(): Promise<void> {
    const { members, camera } = this.parts;
    // Every feed died with it; members announce their new ones as their media comes back up.
    this.closeTransports();
    members.forgetFeeds();
    members.announce();
    await camera.publish().catch(() => this.parts.emit('error', 'connectFailed'));
    await this.parts.screen.republish();
    this.parts.subscriptions.schedule();
    this.parts.startStats();
  }

  /** I am in another (breakout) room now; moves are handled one after another. */
  move(n: BreakoutMoved): Promise<void> {
    const seq = ++this.moveSeq;
    this.moves = this.moves.then(() => this.handleMoved(n, seq));
    return this.moves;
  }

  /**
   * Its members replace the ones shown, its chat the chat, and my media goes out again into its
   * media server room — no user action.
   */
  private async handleMoved(n: BreakoutMoved, seq: number): Promise<void> {
    const { members, emit } = this.parts;
    if (seq !== this.moveSeq || this.parts.closed()) return;
    this.closeTransports();
    members.replace(n.peers);
    const me = members.me;
    if (me) members.setMe({ ...me, feeds: {}, mids: {}, shareEnabled: false });
    this.parts.subscriptions.handleJoined();
    members.announce();
    emit('chatReset', n.messages);
    // A newer move makes this one's publishing moot (the server refuses it): no error then.
    const failed = () => {
      if (seq === this.moveSeq) emit('error', 'connectFailed');
    };
    await this.parts.camera.publish().catch(failed);
    await this.parts.screen.republish().catch(failed);
    this.parts.subscriptions.schedule();
    this.parts.startStats();
  }

  /** Tells the server I leave; a refusal (already gone) is no error. */
  async leave(): Promise<void> {
    await this.signaling?.request({ type: 'leave' }).catch((error: unknown) => {
      if (!(error instanceof RequestError)) throw error;
    });
  }

  close(): void {
    this.closeTransports();
    this.signaling?.close();
    this.signaling = undefined;
  }
}
