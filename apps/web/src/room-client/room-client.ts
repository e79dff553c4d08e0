/**
 * The room client: owns the `/room` socket, the peer connections and the tracks, and tells the
 * UI what happens through typed events. One publisher per source, one multistream subscriber
 * that carries everyone's audio and only the video the UI shows, at the layer it needs.
 */
import {
  assertUnreachable,
  type ChatMessage,
  type FeedStream,
  type HostAction,
  type MediaSource,
  type PeerInfo,
  type RoomNotification,
} from '@meet/shared';
import { Collaboration } from './collaboration';
import { Emitter } from './emitter';
import { blockedBy, hostCommandEffect, isRefusal, kindsToTurnOff } from './host-media';
import { LevelMeter, LocalDevices, MediaError, openTrack } from './local-media';
import { Publisher } from './publisher';
import { RequestError, Signaling } from './signaling';
import { publisherSignals, subscriberSignals } from './signals';
import { collectStats } from './stats';
import { Subscriber } from './subscriber';
import { planSubscriptions, type VisibleTile } from './subscription-plan';
import { Tracks } from './track-store';
import type { DeviceChoice, PermissionStates, RoomClientApi, RoomClientEvents } from './types';

const TOGGLE_DEBOUNCE_MS = 500;
type JoinOptions = Parameters<RoomClientApi['join']>[0];

export class RoomClient extends Emitter<RoomClientEvents> implements RoomClientApi {
  readonly tracks = new Tracks();
  private readonly devices: LocalDevices;
  private readonly meter = new LevelMeter();
  private readonly collab = new Collaboration((request) =>
    this.signaling
      ? this.signaling.request(request)
      : Promise.reject(new RequestError(-1, 'not connected')),
  );
  private signaling: Signaling | undefined;
  private camera: Publisher | undefined;
  private screen: Publisher | undefined;
  private subscriber: Subscriber | undefined;
  private peers = new Map<string, PeerInfo>();
  private me: PeerInfo | undefined;
  private options: JoinOptions | undefined;
  private choice: DeviceChoice = {};
  private visible: VisibleTile[] = [];
  private subscribed = new Map<string, FeedStream>();
  private lastToggle = { audio: 0, video: 0 };
  private syncing: Promise<void> | undefined;
  private syncAgain = false;
  private syncFailures = 0;
  private previewing: Promise<void> | undefined;
  private onVisible: (() => void) | undefined;
  private statsTimer: ReturnType<typeof setInterval> | undefined;
  private closed = false;

  constructor() {
    super();
    this.devices = new LocalDevices(
      (lists) => this.emit('devices', lists),
      (states) => this.emit('permissions', states),
    );
    void this.devices.watchPermissions();
    this.collab.on('chat', (messages, live) => this.emit('chat', messages, live));
    this.collab.on('properties', (properties) => this.emit('properties', properties));
    this.collab.on('waitingList', (entries) => this.emit('waitingList', entries));
    this.collab.on('hostCommand', (action) => {
      this.emit('hostCommand', action);
      void this.applyHostCommand(action);
    });
  }

  // ---- local media ----

  private async open(kind: 'audio' | 'video'): Promise<MediaStreamTrack | null> {
    // Through Prompt, so a repeated failure is still a change the UI sees (and shows a dialog for).
    this.devices.record(kind, 'Prompt');
    try {
      const track = await openTrack(
        kind,
        kind === 'audio' ? this.choice.audioInputId : this.choice.videoInputId,
      );
      this.devices.record(kind, 'Allow');
      return track;
    } catch (error) {
      if (error instanceof MediaError) this.devices.record(kind, error.state, error.original);
      return null;
    }
  }

  startPreview(choice: DeviceChoice & { audio: boolean; video: boolean }): Promise<void> {
    // Joining waits for this: a click on "Join now" can come before the camera has opened.
    const run = (this.previewing ?? Promise.resolve()).then(() => this.preview(choice));
    this.previewing = run.catch(() => undefined);
    return run;
  }

  private async preview(choice: DeviceChoice & { audio: boolean; video: boolean }): Promise<void> {
    this.choice = { ...this.choice, ...choice };
    for (const kind of ['audio', 'video'] as const) {
      const want = kind === 'audio' ? choice.audio : choice.video;
      const current = this.tracks.localTrack('camera', kind);
      if (want && !current) this.setLocal(kind, await this.open(kind));
      else if (!want && current) this.setLocal(kind, null);
    }
    this.emit('devices', await this.devices.list());
  }

  private setLocal(kind: 'audio' | 'video', track: MediaStreamTrack | null): void {
    const old = this.tracks.localTrack('camera', kind);
    if (old && old !== track) old.stop();
    this.tracks.setLocal('camera', kind, track);
    if (kind === 'audio') {
      if (track)
        this.meter.start(track, (power) => this.emit('volume', this.me?.peerId ?? 'local', power));
      else this.meter.stop();
    }
    this.emit('tracksChanged');
  }

  // ---- joining and the connection ----

  prepare(options: { conferenceId: string; token: string; deviceId: string }): void {
    if (this.signaling || this.closed) return;
    const signaling = new Signaling();
    this.signaling = signaling;
    signaling.on('notification', (n) => void this.handleNotification(n));
    signaling.on('connected', () => {
      // Before "Join now" the socket only waits; after it (or after a reconnect) it enters the room.
      if (this.options) void this.enterRoom();
    });
    signaling.on('disconnected', (reason) => {
      if (this.closed || reason === 'io client disconnect' || !this.options) return;
      // Transports are closed with the connection; they are rebuilt after the reconnect.
      this.closeTransports();
      this.emit('connectionState', 'connecting');
      this.emit('error', 'reconnecting');
    });
    signaling.on('failed', (message, code) => {
      this.emit('connectionState', 'failed');
      this.emit('error', code === 3004 ? 'meetingFull' : 'connectFailed', message);
    });
    signaling.connect({
      token: options.token,
      conferenceId: options.conferenceId,
      deviceId: options.deviceId,
    });
  }

  async join(options: JoinOptions): Promise<void> {
    this.options = options;
    this.emit('connectionState', 'connecting');
    if (!this.signaling) this.prepare(options);
    else if (this.signaling.connected) await this.enterRoom();
  }

  private async enterRoom(): Promise<void> {
    const options = this.options!;
    await this.previewing;
    for (const kind of ['audio', 'video'] as const) {
      if (options[kind] && !this.tracks.localTrack('camera', kind))
        this.setLocal(kind, await this.open(kind));
    }
    const audio = !!this.tracks.localTrack('camera', 'audio') && options.audio;
    const video = !!this.tracks.localTrack('camera', 'video') && options.video;
    try {
      const joined = await this.signaling!.request({
        type: 'join',
        displayName: options.displayName,
        audioEnabled: audio,
        videoEnabled: video,
      });
      const rejoin = !!this.me;
      this.me = joined.me;
      this.tracks.myPeerId = joined.me.peerId;
      this.peers = new Map(joined.peers.map((p) => [p.peerId, p]));
      this.subscribed.clear();
      this.emit('me', joined.me);
      this.emit('hostChanged', joined.hostId);
      this.collab.handleJoined(joined, rejoin);
      this.emitPeers();
      this.emit('connectionState', 'connected');
      // Receiving does not wait for sending. The first subscription waits a moment for the UI
      // to report which tiles it shows, so audio and video come in one negotiation.
      const visible = new Promise<void>((resolve) => (this.onVisible = resolve));
      void Promise.race([visible, new Promise((r) => setTimeout(r, 150))]).then(() => {
        this.onVisible = undefined;
        this.scheduleSync();
      });
      await this.publishCamera();
      this.followHostFlags();
      this.startStats();
    } catch (error) {
      this.emit('connectionState', 'failed');
      this.emit('error', 'connectFailed', (error as Error).message);
    }
  }

  private async publishCamera(): Promise<void> {
    this.camera?.close();
    const audio = this.options!.audio ? (this.tracks.localTrack('camera', 'audio') ?? null) : null;
    const video = this.options!.video ? (this.tracks.localTrack('camera', 'video') ?? null) : null;
    this.camera = new Publisher(
      'camera',
      publisherSignals(this.signaling!, 'camera'),
      audio,
      video,
      () => undefined,
    );
    await this.camera.start();
  }

  private ensureSubscriber(): Subscriber {
    if (this.subscriber) return this.subscriber;
    this.subscriber = new Subscriber(
      subscriberSignals(this.signaling!),
      () => this.refreshRemoteTracks(),
      () => undefined,
    );
    return this.subscriber;
  }

  private closeTransports(): void {
    this.camera?.close();
    this.screen?.close();
    this.subscriber?.close();
    this.camera = undefined;
    this.screen = undefined;
    this.subscriber = undefined;
    this.subscribed.clear();
    clearInterval(this.statsTimer);
    if (this.tracks.setRemote([])) this.emit('tracksChanged');
  }

  // ---- what to receive ----

  setVisible(views: VisibleTile[]): void {
    this.visible = views;
    if (this.onVisible) {
      if (views.length) this.onVisible();
      return;
    }
    this.scheduleSync();
  }

  private scheduleSync(): void {
    if (this.syncing) {
      this.syncAgain = true;
      return;
    }
    this.syncing = this.sync()
      .then(() => {
        this.syncFailures = 0;
      })
      .catch((error: unknown) => {
        console.warn('room-client: subscription sync failed', error);
        // A feed can vanish or not be ready yet; try again shortly, a few times.
        if (++this.syncFailures <= 5)
          setTimeout(() => this.scheduleSync(), 300 * this.syncFailures);
      })
      .finally(() => {
        this.syncing = undefined;
        if (this.syncAgain) {
          this.syncAgain = false;
          this.scheduleSync();
        }
      });
  }

  private async sync(): Promise<void> {
    if (!this.signaling?.connected || !this.me || this.closed) return;
    const wanted = planSubscriptions(this.peers, this.visible);
    const add = [...wanted]
      .filter(([k]) => !this.subscribed.has(k))
      .map(([k, v]) => [k, v.stream] as const);
    const remove = [...this.subscribed].filter(([k]) => !wanted.has(k));
    if (add.length || remove.length) {
      const subscriber = this.ensureSubscriber();
      if (remove.length) {
        remove.forEach(([k]) => this.subscribed.delete(k));
        await subscriber.remove(remove.map(([, s]) => s));
      }
      if (add.length) {
        add.forEach(([k, s]) => this.subscribed.set(k, s));
        await subscriber.add(add.map(([, s]) => s)).catch((error: unknown) => {
          add.forEach(([k]) => this.subscribed.delete(k));
          throw error;
        });
      }
    }
    const subscriber = this.subscriber;
    if (!subscriber) return;
    for (const [mid, stream] of subscriber.streams) {
      const want = wanted.get(
        `${stream.feedId}/${this.peers.get(stream.peerId)?.mids[stream.source]?.[stream.kind]}`,
      );
      if (stream.kind === 'video' && want?.layer !== undefined)
        void subscriber.setLayer(mid, want.layer);
    }
  }

  private refreshRemoteTracks(): void {
    const entries: [string, MediaSource, 'audio' | 'video', MediaStreamTrack][] = [];
    const subscriber = this.subscriber;
    if (subscriber) {
      for (const [mid, track] of subscriber.tracks()) {
        const s = subscriber.streams.get(mid)!;
        entries.push([s.peerId, s.source, s.kind, track]);
      }
    }
    if (this.tracks.setRemote(entries)) this.emit('tracksChanged');
  }

  // ---- notifications ----

  private async handleNotification(n: RoomNotification): Promise<void> {
    switch (n.type) {
      case 'newPeer':
      case 'peerUpdated':
        if (n.peer.peerId === this.me?.peerId) {
          this.me = n.peer;
          this.emit('me', n.peer);
          this.followHostFlags();
        } else {
          this.peers.set(n.peer.peerId, n.peer);
          this.emitPeers();
        }
        this.scheduleSync();
        return;
      case 'peerClosed':
        this.peers.delete(n.peerId);
        this.emitPeers();
        this.scheduleSync();
        return;
      case 'streamsChanged':
        this.scheduleSync();
        return;
      case 'subscriberOffer':
        await this.ensureSubscriber()
          .handleOffer(n.jsep, n.streams)
          .catch(() => undefined);
        return;
      case 'activeSpeaker':
        this.emit('activeSpeaker', n.talking ? n.peerId : null);
        return;
      case 'hostChanged':
        this.emit('hostChanged', n.hostId);
        return;
      case 'republish':
        // The media server restarted: new connections, same meeting, no user action. Every
        // feed died with it; members announce their new ones as their media comes back up.
        this.closeTransports();
        for (const [id, peer] of this.peers) this.peers.set(id, { ...peer, feeds: {}, mids: {} });
        this.emitPeers();
        await this.publishCamera().catch(() => this.emit('error', 'connectFailed'));
        if (this.tracks.localTrack('screen', 'video'))
          await this.publishScreen().catch(() => undefined);
        this.scheduleSync();
        this.startStats();
        return;
      case 'replaced':
        this.emit('replaced');
        this.shutdown();
        return;
      case 'roomClosed':
        this.emit('closed', n.reason);
        this.shutdown();
        return;
      case 'messageReceived':
      case 'propertiesChanged':
      case 'hostCommand':
      case 'waitingList':
        this.collab.handleNotification(n);
        return;
      case 'pollChanged':
        this.emit('pollChanged', n.voteId, n.change);
        return;
      default:
        assertUnreachable(n);
    }
  }

  private emitPeers(): void {
    this.emit('peers', [...this.peers.values()]);
  }

  // ---- toggles and devices ----

  private debounced(kind: 'audio' | 'video'): boolean {
    const now = Date.now();
    if (now - this.lastToggle[kind] < TOGGLE_DEBOUNCE_MS) return true;
    this.lastToggle[kind] = now;
    return false;
  }

  async setMicrophone(on: boolean): Promise<void> {
    if (this.debounced('audio') || this.blocked('audio', on)) return;
    await this.setKind('audio', on, 'turnOnAudioFailed');
  }

  async setCamera(on: boolean): Promise<void> {
    if (this.debounced('video') || this.blocked('video', on)) return;
    await this.setKind('video', on, 'turnOnVideoFailed');
  }

  /** The host keeps this kind off: say so instead of opening a device the server refuses. */
  private blocked(kind: 'audio' | 'video', on: boolean): boolean {
    const key = on ? blockedBy(this.me, kind) : null;
    if (key) this.emit('error', key);
    return key !== null;
  }

  private async applyHostCommand(action: HostAction): Promise<void> {
    const effect = hostCommandEffect(action);
    if (effect === 'stopShare') return this.stopScreenShare();
    const failKey = effect.kind === 'audio' ? 'turnOnAudioFailed' : 'turnOnVideoFailed';
    await this.setKind(effect.kind, effect.on, failKey);
  }

  /** What the server says I may not have on goes off here too. */
  private followHostFlags(): void {
    if (!this.me || !this.camera) return;
    const on = {
      audio: !!this.tracks.localTrack('camera', 'audio'),
      video: !!this.tracks.localTrack('camera', 'video'),
    };
    for (const kind of kindsToTurnOff(this.me, on)) void this.setKind(kind, false, '');
  }

  private async setKind(
    kind: 'audio' | 'video',
    on: boolean,
    failKey: string,
    retried = false,
  ): Promise<void> {
    if (this.options) this.options = { ...this.options, [kind]: on };
    if (on) {
      const track = this.tracks.localTrack('camera', kind) ?? (await this.open(kind));
      if (!track) {
        if (this.options) this.options = { ...this.options, [kind]: false };
        this.emit('error', failKey);
        return;
      }
      this.setLocal(kind, track);
    } else {
      this.setLocal(kind, null);
    }
    if (!this.me) return;
    if (!this.camera) {
      // "no audioProducer": the publisher is still being set up; try once more a second later.
      if (!retried) setTimeout(() => void this.setKind(kind, on, failKey, true), 1000);
      return;
    }
    const track = on ? (this.tracks.localTrack('camera', kind) ?? null) : null;
    await (kind === 'audio' ? this.camera.replaceAudio(track) : this.camera.replaceVideo(track));
    const refused = await this.signaling
      ?.request({ type: on ? 'resumeProducer' : 'pauseProducer', source: 'camera', kind })
      .then(() => false, isRefusal);
    if (on && refused) {
      // Force-muted or camera disabled: the server said no, so the local state goes back to off.
      await this.setKind(kind, false, failKey);
      this.emit('error', kind === 'audio' ? 'forceMuted' : 'videoDisabled');
    }
  }

  // ---- chat and name ----

  sendMessage(content: string): Promise<ChatMessage> {
    return this.collab.sendMessage(content);
  }

  setDisplayName(name: string): void {
    // A rejoin after a reconnect announces this name, not the one typed before joining.
    if (this.options) this.options = { ...this.options, displayName: name };
    if (!this.me) return;
    this.me = { ...this.me, displayName: name };
    this.emit('me', this.me);
  }

  async switchDevice(choice: DeviceChoice): Promise<void> {
    this.choice = { ...this.choice, ...choice };
    for (const kind of ['audio', 'video'] as const) {
      const id = kind === 'audio' ? choice.audioInputId : choice.videoInputId;
      if (id === undefined || !this.tracks.localTrack('camera', kind)) continue;
      const track = await this.open(kind);
      if (!track) continue;
      this.setLocal(kind, track);
      if (this.camera)
        await (kind === 'audio'
          ? this.camera.replaceAudio(track)
          : this.camera.replaceVideo(track));
    }
    this.emit('devices', await this.devices.list());
  }

  // ---- screen share ----

  async startScreenShare(): Promise<boolean> {
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getDisplayMedia({
        video: { frameRate: 15 },
        audio: true,
      });
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'NotAllowedError' && /system/i.test((error as Error).message))
        this.emit('error', 'screenDenied');
      return false;
    }
    const video = stream.getVideoTracks()[0];
    if (!video) {
      stream.getTracks().forEach((t) => t.stop());
      this.emit('error', 'streamEmpty');
      return false;
    }
    video.contentHint = 'detail';
    video.addEventListener('ended', () => void this.stopScreenShare());
    this.tracks.setLocal('screen', 'video', video);
    this.tracks.setLocal('screen', 'audio', stream.getAudioTracks()[0] ?? null);
    this.emit('tracksChanged');
    try {
      await this.publishScreen();
      return true;
    } catch {
      await this.stopScreenShare();
      this.emit('error', 'shareFailed');
      return false;
    }
  }

  private async publishScreen(): Promise<void> {
    this.screen?.close();
    const audio = this.tracks.localTrack('screen', 'audio') ?? null;
    const video = this.tracks.localTrack('screen', 'video') ?? null;
    this.screen = new Publisher(
      'screen',
      publisherSignals(this.signaling!, 'screen'),
      audio,
      video,
      () => undefined,
    );
    await this.screen.start();
  }

  async stopScreenShare(): Promise<void> {
    const had = this.screen || this.tracks.localTrack('screen', 'video');
    this.screen?.close();
    this.screen = undefined;
    this.tracks.localTrack('screen', 'video')?.stop();
    this.tracks.localTrack('screen', 'audio')?.stop();
    this.tracks.setLocal('screen', 'video', null);
    this.tracks.setLocal('screen', 'audio', null);
    this.emit('tracksChanged');
    if (had)
      await this.signaling
        ?.request({ type: 'closeProducer', source: 'screen' })
        .catch(() => undefined);
  }

  // ---- stats, permissions, leaving ----

  private startStats(): void {
    clearInterval(this.statsTimer);
    this.statsTimer = setInterval(() => {
      if (!this.subscriber) return;
      void collectStats(this.subscriber, this.camera).then(({ stats, volumes }) => {
        this.emit('stats', stats);
        for (const [peerId, power] of volumes) this.emit('volume', peerId, power);
      });
    }, 1000);
  }

  checkPermissions(kind?: 'audio' | 'video'): Promise<PermissionStates> {
    return kind
      ? this.devices.check(kind).then(() => this.devices.states)
      : this.devices.checkAll();
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
    this.closeTransports();
    this.signaling?.close();
    this.signaling = undefined;
    this.emit('connectionState', 'disconnect');
  }

  close(): void {
    this.shutdown();
    this.meter.stop();
    this.collab.close();
    this.devices.close();
    this.tracks.stopLocal();
    this.removeAllListeners();
  }
}
