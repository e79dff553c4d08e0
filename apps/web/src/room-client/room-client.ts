/**
 * The room client: owns the `/room` socket, the peer connections and the tracks, and tells the
 * UI what happens through typed events. One publisher per source, one multistream subscriber
 * that carries everyone's audio and only the video the UI shows, at the layer it needs. This
 * file owns the parts (camera-media, screen-share, subscription-sync, chat, collaboration,
 * interpret-player), answers the UI and dispatches the server's notifications; joining,
 * rejoining after a reconnect, republishing after a media server restart and breakout moves
 * are room-connection.ts's.
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
  type RoomAuth,
  type RoomResponses,
} from '@meet/shared';
import { CameraMedia } from './camera-media';
import { Chat } from './chat';
import { Collaboration } from './collaboration';
import { Emitter } from './emitter';
import { hostCommandEffect } from './host-media';
import { InterpretPlayer } from './interpret-player';
import { ScreenShare } from './screen-share';
import { RequestError, type RoomRequester, type SignalingTarget } from './signaling';
import type { VoiceMode } from './voice-effects';
import type { LocalRecorder, RecordingScene } from './local-recorder';
import type { MagicCam, MagicCamDeps } from './magic/magic-cam';
import { RoomMembers } from './room-members';
import { dispatchNotification, type NotifiedParts } from './room-notifications';
import { RoomConnection, loadLocalRecorder, type JoinOptions } from './room-connection';
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

export class RoomClient extends Emitter<RoomClientEvents> implements RoomClientApi {
  readonly tracks = new Tracks();
  private readonly members = new RoomMembers();
  private readonly camera = new CameraMedia(this.tracks, {
    me: () => this.members.me,
    signaling: () => this.connection.signaling,
    rtc: () => this.connection.rtc,
  });
  private readonly screen = new ScreenShare(
    this.tracks,
    () => this.connection.signaling,
    () => this.connection.rtc,
  );
  private readonly subscriptions = new SubscriptionSync({
    peers: () => this.members.others,
    ready: () => !!this.connection.signaling?.connected && !!this.members.me && !this.closed,
    signaling: () => this.connection.signaling,
    rtc: () => this.connection.rtc,
  });
  private readonly request: RoomRequester = (request) =>
    this.connection.signaling
      ? this.connection.signaling.request(request)
      : Promise.reject(new RequestError(-1, 'not connected'));
  private readonly chat = new Chat(this.request);
  private readonly collab = new Collaboration(this.request);
  private readonly interpreted = new InterpretPlayer();
  private recorder: LocalRecorder | undefined;
  private magic: Promise<MagicCam> | undefined;
  private statsTimer: ReturnType<typeof setInterval> | undefined;
  private closed = false;
  private readonly notified: NotifiedParts = {
    members: this.members,
    subscriptions: this.subscriptions,
    chat: this.chat,
    collab: this.collab,
    interpreted: this.interpreted,
    emit: (event, ...args) => this.emit(event, ...args),
    updatePeers: (peers) => this.updatePeers(peers),
    connections: {
      republish: () => this.connection.republish(),
      move: (n) => this.connection.move(n),
      end: () => this.shutdown(),
    },
  };
  private readonly connection: RoomConnection = new RoomConnection({
    tracks: this.tracks,
    members: this.members,
    camera: this.camera,
    screen: this.screen,
    subscriptions: this.subscriptions,
    chat: this.chat,
    collab: this.collab,
    interpreted: this.interpreted,
    emit: (event, ...args) => this.emit(event, ...args),
    notify: (n) => void dispatchNotification(this.notified, n),
    startStats: () => this.startStats(),
    stopStats: () => clearInterval(this.statsTimer),
    shutdown: () => this.shutdown(),
    closed: () => this.closed,
  });

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

  prepare(options: RoomAuth & SignalingTarget): void {
    this.connection.prepare(options);
  }

  join(options: JoinOptions): Promise<void> {
    return this.connection.join(options);
  }

  setVisible(views: VisibleTile[]): void {
    this.subscriptions.setVisible(views);
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

  magicCam(deps: MagicCamDeps): Promise<MagicCam> {
    // Its code is fetched the first time (most meetings never use it); a failed fetch is retried.
    this.magic ??= import('./magic/magic-cam').then(
      ({ MagicCam }) => {
        const magic = new MagicCam(this.camera.effects, deps);
        magic.on('closed', (reason) => this.emit('magicClosed', reason));
        return magic;
      },
      (error: unknown) => {
        this.magic = undefined;
        throw error;
      },
    );
    return this.magic;
  }

  setVoice(mode: VoiceMode): Promise<void> {
    return this.camera.voice.setMode(mode);
  }

  previewVoice(on: boolean): void {
    this.camera.voice.setPreview(on);
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
    this.connection.rename(name);
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
    await this.connection.leave();
    this.emit('closed', 'left');
    this.shutdown();
  }

  private shutdown(): void {
    this.closed = true;
    // Leaving finishes a local recording (its file is kept).
    void this.recorder?.stop();
    this.interpreted.stopAll();
    this.connection.close();
    this.members.dispose();
    this.emit('connectionState', 'disconnect');
  }

  close(): void {
    this.shutdown();
    void this.magic?.then((magic) => magic.close()).catch(() => undefined);
    this.camera.close();
    this.chat.close();
    this.collab.close();
    this.interpreted.close();
    this.tracks.stopLocal();
    this.removeAllListeners();
  }
}
