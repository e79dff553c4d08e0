/**
 * The room client: owns the `/room` socket, the peer connections and the tracks, and tells the
 * UI what happens through typed events. One publisher per source, one multistream subscriber
 * that carries everyone's audio and only the video the UI shows, at the layer it needs. This
 * file joins, rejoins after a reconnect, republishes after a media server restart and
 * dispatches the server's notifications; the parts it drives live beside it (camera-media,
 * screen-share, subscription-sync, chat, collaboration, interpret-player).
 */
import {
  type AvatarId,
  type BackgroundSetting,
  type BeautifySetting,
  type BreakoutRequest,
  type ChatMessage,
  type HostAction,
  type PeerInfo,
  type ReactionEmoji,
  type RoomResponses,
} from '@meet/shared';
import { CameraMedia } from './camera-media';
import { Chat } from './chat';
import { Collaboration } from './collaboration';
import { Emitter } from './emitter';
import { hostCommandEffect } from './host-media';
import { peerConnectionConfig } from './ice-config';
import { InterpretPlayer } from './interpret-player';
import { ScreenShare } from './screen-share';
import {
  RequestError,
  Signaling,
  failureOf,
  type RoomRequester,
  type SignalingTarget,
} from './signaling';
import type { VoiceMode } from './voice-effects';
import type { LocalRecorder, RecordingScene } from './local-recorder';
import { MagicCam, type MagicCamDeps } from './magic-cam';
import { RoomMembers } from './room-members';
import { dispatchNotification, type BreakoutMoved, type NotifiedParts } from './room-notifications';
import { collectStats } from './stats';
import type { VisibleTile } from './subscription-plan';
import { SubscriptionSync } from './subscription-sync';
import { Tracks } from './track-store';
import type {
  DeviceChoice,
  InterpretRefusal,
  PermissionStates,
  RoomClientApi,
  RoomClientEvents,
} from './types';

/** Local recording's code, loaded once (see enterRoom). */
const loadLocalRecorder = () => import('./local-recorder');

type JoinOptions = Parameters<RoomClientApi['join']>[0];
/** The longest a join's publishing waits for its subscriber to connect. */
const RECEIVE_FIRST_MAX_MS = 400;

export class RoomClient extends Emitter<RoomClientEvents> implements RoomClientApi {
  readonly tracks = new Tracks();
  private readonly members = new RoomMembers();
  private readonly camera = new CameraMedia(this.tracks, {
    me: () => this.members.me,
    signaling: () => this.signaling,
    rtc: () => this.rtc,
  });
  private readonly screen = new ScreenShare(
    this.tracks,
    () => this.signaling,
    () => this.rtc,
  );
  private readonly subscriptions = new SubscriptionSync({
    peers: () => this.members.others,
    ready: () => !!this.signaling?.connected && !!this.members.me && !this.closed,
    signaling: () => this.signaling,
    rtc: () => this.rtc,
  });
  private readonly request: RoomRequester = (request) =>
    this.signaling
      ? this.signaling.request(request)
      : Promise.reject(new RequestError(-1, 'not connected'));
  private readonly chat = new Chat(this.request);
  private readonly collab = new Collaboration(this.request);
  private readonly interpreted = new InterpretPlayer();
  private signaling: Signaling | undefined;
  private recorder: LocalRecorder | undefined;
  private magic: MagicCam | undefined;
  /** Every new peer connection's configuration: the latest join answer's TURN relays. */
  private rtc = peerConnectionConfig([]);
  /** Set by "Join now": from then on every (re)connect enters the room under this name. */
  private joinName: string | undefined;
  private firstView: JoinOptions['firstView'];
  private statsTimer: ReturnType<typeof setInterval> | undefined;
  private closed = false;
  /** Moves between breakout rooms, one after another; the number of the latest. */
  private moves: Promise<void> = Promise.resolve();
  private moveSeq = 0;
  private readonly notified: NotifiedParts = {
    members: this.members,
    subscriptions: this.subscriptions,
    chat: this.chat,
    collab: this.collab,
    interpreted: this.interpreted,
    emit: (event, ...args) => this.emit(event, ...args),
    updatePeers: (peers) => this.updatePeers(peers),
    connections: {
      republish: () => this.republish(),
      move: (n) => {
        const seq = ++this.moveSeq;
        this.moves = this.moves.then(() => this.handleMoved(n, seq));
        return this.moves;
      },
      end: () => this.shutdown(),
    },
  };

  constructor() {
    super();
    this.members.on('me', (me) => this.emit('me', me));
    this.members.on('peers', (peers) => this.emit('peers', peers));
    this.camera.on('devices', (lists) => this.emit('devices', lists));
    this.camera.on('permissions', (states) => this.emit('permissions', states));
    this.camera.on('tracksChanged', () => this.emit('tracksChanged'));
    this.camera.on('volume', (peerId, power) => this.emit('volume', peerId, power));
    this.camera.on('error', (key) => this.emit('error', key));
    void this.camera.watchPermissions();
    this.screen.on('tracksChanged', () => this.emit('tracksChanged'));
    this.screen.on('error', (key) => this.emit('error', key));
    this.screen.on('fileShare', (state) => this.emit('fileShare', state));
    this.subscriptions.on('tracks', (entries) => {
      if (this.tracks.setRemote(entries)) this.emit('tracksChanged');
    });
    this.chat.on('chat', (messages, live) => this.emit('chat', messages, live));
    this.collab.on('properties', (properties) => this.emit('properties', properties));
    this.collab.on('waitingList', (entries) => this.emit('waitingList', entries));
    this.collab.on('reaction', (peerId, emoji) => this.emit('reaction', peerId, emoji));
    this.collab.on('hostCommand', (action) => {
      this.emit('hostCommand', action);
      void this.applyHostCommand(action);
    });
    this.interpreted.on('speakers', (peerIds) => this.emit('interpreting', peerIds));
  }

  startPreview(choice: DeviceChoice & { audio: boolean; video: boolean }): Promise<void> {
    if (choice.audioOutputId !== undefined) this.interpreted.setSink(choice.audioOutputId);
    return this.camera.startPreview(choice);
  }

  // ---- joining and the connection ----

  prepare(
    options: { conferenceId: string; token: string; deviceId: string } & SignalingTarget,
  ): void {
    if (this.signaling || this.closed) return;
    const signaling = new Signaling();
    this.signaling = signaling;
    signaling.on('notification', (n) => void dispatchNotification(this.notified, n));
    signaling.on('connected', () => {
      // Before "Join now" the socket only waits; after it (or after a reconnect) it enters the room.
      if (this.joinName !== undefined) void this.enterRoom();
    });
    signaling.on('disconnected', (reason) => {
      if (this.closed || reason === 'io client disconnect' || this.joinName === undefined) return;
      // Transports are closed with the connection; they are rebuilt after the reconnect.
      this.closeTransports();
      this.emit('connectionState', 'connecting');
      this.emit('error', 'reconnecting');
    });
    signaling.on('failed', (message, code, key) => {
      // Away past the reconnect grace: the seat is gone. The page joins again the way it
      // joined first (or shows why it cannot); this client is done.
      if (key === 'notInMeeting' && this.members.me && !this.closed) {
        this.emit('closed', 'seatLost');
        this.shutdown();
        return;
      }
      this.emit('connectionState', 'failed');
      this.emit('error', failureOf(code, key), message);
    });
    signaling.connect(
      { token: options.token, conferenceId: options.conferenceId, deviceId: options.deviceId },
      { mediaServer: options.mediaServer, locate: options.locate },
    );
  }

  async join(options: JoinOptions): Promise<void> {
    this.joinName = options.displayName;
    this.firstView = options.firstView;
    // "Join now" is a user gesture: the one moment interpreted speech may be allowed to play.
    this.interpreted.unlock();
    this.camera.want({ audio: options.audio, video: options.video });
    this.emit('connectionState', 'connecting');
    if (!this.signaling) this.prepare(options);
    else if (this.signaling.connected) await this.enterRoom();
  }

  private async enterRoom(): Promise<void> {
    const displayName = this.joinName!;
    const { audio, video } = await this.camera.openForJoin();
    try {
      const joined = await this.signaling!.request({
        type: 'join',
        displayName,
        audioEnabled: audio,
        videoEnabled: video,
      });
      const rejoin = !!this.members.me;
      this.rtc = peerConnectionConfig(joined.iceServers);
      this.tracks.myPeerId = joined.me.peerId;
      this.subscriptions.handleJoined();
      this.members.replace(joined.peers, joined.me);
      // Receiving starts first: its request goes out before the UI hears of the join (the
      // re-render that follows would hold it back) and, when the UI can say what it will show,
      // without waiting for the room's first render.
      this.subscriptions.start(
        this.firstView?.(
          joined.peers.filter((p) => p.peerId !== joined.me.peerId),
          joined.me,
        ),
      );
      this.emit('hostChanged', joined.hostId);
      this.collab.handleJoined(joined);
      this.chat.handleJoined(joined, rejoin);
      if (joined.captions) this.emit('captionState', joined.captions);
      if (joined.speech) this.emit('speechSettings', joined.speech);
      if (joined.breakout) this.emit('breakout', joined.breakout);
      this.members.announce();
      this.emit('connectionState', 'connected');
      // Sending waits until the others' video is on its way (at most 400 ms): on a small machine
      // the camera's connection and encoder starting at the same moment delay the first picture
      // of the others by about 100 ms.
      await this.subscriptions.receiving(RECEIVE_FIRST_MAX_MS);
      await this.camera.publish();
      // Back after a reconnect while sharing: the share goes out again too.
      if (rejoin) await this.screen.republish();
      this.camera.followHostFlags();
      this.startStats();
      // Local recording's code (a chunk of its own) is fetched once in the room, so a click on
      // its button opens the folder picker within the click's user activation.
      void loadLocalRecorder().catch(() => undefined);
    } catch (error) {
      this.emit('connectionState', 'failed');
      this.emit('error', 'connectFailed', (error as Error).message);
    }
  }

  private closeTransports(): void {
    this.camera.closeConnection();
    this.screen.closeConnection();
    this.subscriptions.closeConnection();
    clearInterval(this.statsTimer);
    if (this.tracks.setRemote([])) this.emit('tracksChanged');
  }

  setVisible(views: VisibleTile[]): void {
    this.subscriptions.setVisible(views);
  }

  // ---- what the server's notifications change of the connections ----

  /** The media server restarted: new connections, same meeting, no user action. */
  private async republish(): Promise<void> {
    // Every feed died with it; members announce their new ones as their media comes back up.
    this.closeTransports();
    this.members.forgetFeeds();
    this.members.announce();
    await this.camera.publish().catch(() => this.emit('error', 'connectFailed'));
    await this.screen.republish();
    this.subscriptions.schedule();
    this.startStats();
  }

  /**
   * I am in another room now (breakout rooms): its members replace the ones shown, its chat the
   * chat, and my media goes out again into its media server room — no user action.
   */
  private async handleMoved(n: BreakoutMoved, seq: number): Promise<void> {
    if (seq !== this.moveSeq || this.closed) return;
    this.closeTransports();
    this.members.replace(n.peers);
    const me = this.members.me;
    if (me) this.members.setMe({ ...me, feeds: {}, mids: {}, shareEnabled: false });
    this.subscriptions.handleJoined();
    this.members.announce();
    this.emit('chatReset', n.messages);
    // A newer move makes this one's publishing moot (the server refuses it): no error then.
    const failed = () => {
      if (seq === this.moveSeq) this.emit('error', 'connectFailed');
    };
    await this.camera.publish().catch(failed);
    await this.screen.republish().catch(failed);
    this.subscriptions.schedule();
    this.startStats();
  }

  /** Members' new state from the server: mine may change what my media may do. */
  private updatePeers(peers: PeerInfo[]): void {
    if (peers.length === 0) return;
    if (this.members.update(peers).mine) this.camera.followHostFlags();
    this.subscriptions.schedule();
  }

  private async applyHostCommand(action: HostAction): Promise<void> {
    const effect = hostCommandEffect(action);
    if (effect === 'stopShare') return this.screen.stop();
    const failKey = effect.kind === 'audio' ? 'turnOnAudioFailed' : 'turnOnVideoFailed';
    await this.camera.setKind(effect.kind, effect.on, failKey);
  }

  // ---- what the UI asks for ----

  setMicrophone(on: boolean): Promise<void> {
    return this.camera.setMicrophone(on);
  }

  setCamera(on: boolean): Promise<void> {
    return this.camera.setCamera(on);
  }

  flipCamera(): Promise<void> {
    return this.camera.flipCamera();
  }

  setAway(away: boolean): Promise<void> {
    return this.camera.setAway(away);
  }

  /** The virtual background of my camera (issue 15). */
  setBackground(setting: BackgroundSetting): Promise<void> {
    return this.camera.setBackground(setting);
  }

  /** The beauty filters of my camera (issue 15). */
  setBeauty(setting: BeautifySetting): Promise<void> {
    return this.camera.setBeauty(setting);
  }

  /** The avatar shown instead of my camera (issue 15); null: my camera. */
  setAvatar(id: AvatarId | null): Promise<void> {
    return this.camera.setAvatar(id);
  }

  magicCam(deps: MagicCamDeps): MagicCam {
    if (!this.magic) {
      this.magic = new MagicCam(this.camera.effects, deps);
      this.magic.on('closed', (reason) => this.emit('magicClosed', reason));
    }
    return this.magic;
  }

  setVoice(mode: VoiceMode): Promise<void> {
    return this.camera.setVoice(mode);
  }

  previewVoice(on: boolean): void {
    this.camera.previewVoice(on);
  }

  async startLocalRecording(
    meeting: { meetingId: string; theme: string },
    scene: () => RecordingScene,
  ): Promise<boolean> {
    const { LocalRecorder } = await loadLocalRecorder();
    if (!this.recorder) {
      const recorder = new LocalRecorder(this.tracks, scene);
      recorder.on('state', (state) => {
        this.emit('localRecording', state);
        // "Stopping" still records its last second: the others are told once it is over.
        this.collab.handleLocalRecording(state !== 'idle');
      });
      recorder.on('saved', (name) => this.emit('localRecordingSaved', name));
      recorder.on('error', (key) => this.emit('error', key));
      this.on('tracksChanged', () => recorder.handleTracksChanged());
      this.recorder = recorder;
    }
    return this.recorder.start(meeting);
  }

  async stopLocalRecording(): Promise<void> {
    await this.recorder?.stop();
  }

  switchDevice(choice: DeviceChoice): Promise<void> {
    if (choice.audioOutputId !== undefined) this.interpreted.setSink(choice.audioOutputId);
    return this.camera.switchDevice(choice);
  }

  startScreenShare(): Promise<boolean> {
    return this.screen.start();
  }

  stopScreenShare(): Promise<void> {
    return this.screen.stop();
  }

  startFileShare(file: File): Promise<boolean> {
    return this.screen.startFile(file, () => this.tracks.localTrack('camera', 'video'));
  }

  pauseFileShare(paused: boolean): void {
    this.screen.setFilePaused(paused);
  }

  sendMessage(content: string): Promise<ChatMessage> {
    return this.chat.sendMessage(content);
  }

  sendReaction(emoji: ReactionEmoji): Promise<void> {
    return this.collab.sendReaction(emoji);
  }

  breakout<T extends BreakoutRequest>(request: T): Promise<RoomResponses[T['type']]> {
    return this.request(request);
  }

  setDisplayName(name: string): void {
    // A rejoin after a reconnect announces this name, not the one typed before joining.
    if (this.joinName !== undefined) this.joinName = name;
    const me = this.members.me;
    if (me) this.members.setMe({ ...me, displayName: name });
  }

  checkPermissions(kind?: 'audio' | 'video'): Promise<PermissionStates> {
    return this.camera.checkPermissions(kind);
  }

  // ---- interpretation ----

  setListenLanguage(language: string): void {
    this.interpreted.setListenLanguage(language);
  }

  interpretRefusal(): InterpretRefusal | null {
    // The server interprets what my microphone publishes: no publisher (or a force mute) means
    // no audio can be produced; a microphone turned off means no audio track.
    const me = this.members.me;
    if (!me || !this.camera.publisher || me.forceMuted) return 'cannotProduce';
    if (!this.tracks.localTrack('camera', 'audio')) return 'noAudioTrack';
    return null;
  }

  // ---- stats and leaving ----

  private startStats(): void {
    clearInterval(this.statsTimer);
    this.statsTimer = setInterval(() => void this.readStats().catch(() => undefined), 1000);
  }

  private async readStats(): Promise<void> {
    const subscriber = this.subscriptions.subscriber;
    let rttMs: number | null = null;
    if (subscriber) {
      // One read a second, for the tiles, the speakers and the downlink's budget alike.
      const report = await subscriber.pc.getStats();
      this.subscriptions.measure(subscriber, report);
      const { stats, volumes } = await collectStats(subscriber, this.camera.publisher, report);
      this.emit('stats', stats);
      for (const [peerId, power] of volumes) this.emit('volume', peerId, power);
      rttMs = stats[0]?.rttMs ?? null;
    }
    // Alone in the room nothing is received: the camera's connection measures the link.
    if (rttMs === null) rttMs = (await this.camera.publisher?.rttMs()) ?? null;
    if (this.closed) return;
    this.emit('network', { rttMs, lowered: this.subscriptions.layerCap < 2 });
  }

  async leave(): Promise<void> {
    await this.signaling?.request({ type: 'leave' }).catch((error: unknown) => {
      if (!(error instanceof RequestError)) throw error;
    });
    this.emit('closed', 'left');
    this.shutdown();
  }

  private shutdown(): void {
    this.closed = true;
    // Leaving finishes a local recording (its file is kept).
    void this.recorder?.stop();
    this.interpreted.stopAll();
    this.closeTransports();
    this.signaling?.close();
    this.signaling = undefined;
    this.members.dispose();
    this.emit('connectionState', 'disconnect');
  }

  close(): void {
    this.shutdown();
    this.magic?.close();
    this.camera.close();
    this.chat.close();
    this.collab.close();
    this.interpreted.close();
    this.tracks.stopLocal();
    this.removeAllListeners();
  }
}
