/**
 * My camera and microphone: the devices and their permissions, the pre-join preview, turning
 * each kind on and off (debounced, within what the host allows; the camera also while the page
 * is away), switching devices and flipping a phone's camera, the microphone's level, and the
 * camera publisher that sends them. It reads my member state and the socket through the
 * functions it is given and never holds the RoomClient.
 */
import type { AvatarId, BackgroundSetting, BeautifySetting, PeerInfo } from '@meet/shared';
import { Emitter } from './emitter';
import { blockedBy, isRefusal, kindsToTurnOff, type MediaKindName } from './host-media';
import { LevelMeter, LocalDevices, MediaError, openTrack, type CameraFacing } from './local-media';
import { browserNoiseSuppression, rnnoiseOn } from './noise/noise-engine';
import { Publisher } from './publisher';
import type { Signaling } from './signaling';
import { publisherSignals } from './signals';
import type { Tracks } from './track-store';
import type { DeviceChoice, DeviceLists, PermissionStates } from './types';
import { EFFECT_FAILURES, VideoEffects, effectModeOf } from './effects/video-effects';
import { VoiceEffects } from './voice-effects';

const TOGGLE_DEBOUNCE_MS = 500;

export interface CameraMediaEvents {
  devices: [lists: DeviceLists];
  permissions: [states: PermissionStates];
  tracksChanged: [];
  /** My microphone's power, under my peer id once joined. */
  volume: [peerId: string, power: number];
  /** A user-facing failure; `key` is an i18n key under `room.errors`. */
  error: [key: string];
}

export interface CameraContext {
  /** My member state once joined: the host's flags in it say what I may turn on. */
  me(): PeerInfo | undefined;
  signaling(): Signaling | undefined;
  /** How a new peer connection reaches the media server (the join answer's ICE servers). */
  rtc(): RTCConfiguration;
}

type Kinds = { audio: boolean; video: boolean };

export class CameraMedia extends Emitter<CameraMediaEvents> {
  private readonly devices: LocalDevices;
  private readonly meter = new LevelMeter();
  private current: Publisher | undefined;
  private choice: DeviceChoice = {};
  /** What should be on in the meeting: set by "Join now", then changed by every toggle. */
  private wanted: Kinds | undefined;
  private lastToggle = { audio: 0, video: 0 };
  private previewing: Promise<void> | undefined;
  /** The camera itself (the effects' input), which way it looks, and whether a flip runs. */
  private camera = {
    raw: null as MediaStreamTrack | null,
    facing: 'user' as CameraFacing,
    flipping: false,
  };
  /** Off while the page is away, to come back on return; the changes run one at a time. */
  private away = { withCamera: false, changes: Promise.resolve() };
  /**
   * The virtual background and beauty filters between the camera and what is shown and sent
   * (Magic Cam, which the RoomClient owns, puts its stage in here too).
   */
  readonly effects = new VideoEffects();
  /** The voice changer (and RNNoise) between the microphone and what is shown and sent. */
  readonly voice = new VoiceEffects();

  constructor(
    private readonly tracks: Tracks,
    private readonly context: CameraContext,
  ) {
    super();
    this.devices = new LocalDevices(
      (lists) => this.emit('devices', lists),
      (states) => this.emit('permissions', states),
    );
    this.effects.on('changed', () => void this.showVideo(this.effects.output));
    this.effects.on('failed', (stage) => {
      // Magic Cam tells its own failure (it closes with 'sysError').
      if (stage !== 'magic') this.emit('error', EFFECT_FAILURES[stage]);
      // Someone showing a character may be hiding their face: a broken avatar turns the camera
      // off rather than sending it.
      if (stage === 'avatar') void this.setKind('video', false, '');
      else void this.showVideo(this.effects.output);
    });
    this.effects.on('ended', (stage) => {
      if (stage === 'avatar') this.emit('error', 'avatarEndedByMagic');
    });
    this.voice.on('changed', () => void this.sendAudio(this.voice.output));
    this.voice.on('failed', (error, part) => {
      console.warn(`${part} effect failed`, error);
      this.emit('error', part === 'noise' ? 'noiseSuppressionFailed' : 'voiceChangerFailed');
      void this.sendAudio(this.voice.output);
    });
  }

  /** Sets the virtual background; the camera stays as it is when it is off. */
  async setBackground(setting: BackgroundSetting): Promise<void> {
    await this.effects.apply(effectModeOf(setting));
    await this.showVideo(this.effects.output);
  }

  /** Sets the beauty filters; the camera stays as it is when it is off. */
  async setBeauty(setting: BeautifySetting): Promise<void> {
    await this.effects.setBeauty(setting);
    await this.showVideo(this.effects.output);
  }

  /** Shows a drawn character instead of my camera (null: the camera again). */
  async setAvatar(id: AvatarId | null): Promise<void> {
    await this.effects.setAvatar(id);
    await this.showVideo(this.effects.output);
  }

  /** The camera publisher, once publishing (statistics read its round trip). */
  get publisher(): Publisher | undefined {
    return this.current;
  }

  /** Follows the browser's permission answers; started once the events have listeners. */
  watchPermissions(): Promise<void> {
    return this.devices.watchPermissions();
  }

  checkPermissions(kind?: MediaKindName): Promise<PermissionStates> {
    return kind
      ? this.devices.check(kind).then(() => this.devices.states)
      : this.devices.checkAll();
  }

  startPreview(choice: DeviceChoice & Kinds): Promise<void> {
    // Joining waits for this: a click on "Join now" can come before the camera has opened.
    const run = (this.previewing ?? Promise.resolve()).then(() => this.preview(choice));
    this.previewing = run.catch(() => undefined);
    return run;
  }

  /** "Join now" with these kinds on. */
  want(kinds: Kinds): void {
    this.wanted = kinds;
  }

  /** Opens what should be on and is not open yet; answers what the join announces as on. */
  async openForJoin(): Promise<Kinds> {
    const wanted = this.wanted!;
    await this.previewing;
    for (const kind of ['audio', 'video'] as const) {
      if (wanted[kind] && !this.tracks.localTrack('camera', kind))
        await this.setLocal(kind, await this.open(kind));
    }
    return {
      audio: !!this.tracks.localTrack('camera', 'audio') && wanted.audio,
      video: !!this.tracks.localTrack('camera', 'video') && wanted.video,
    };
  }

  async publish(): Promise<void> {
    this.current?.close();
    const audio = this.wanted!.audio ? (this.tracks.localTrack('camera', 'audio') ?? null) : null;
    const video = this.wanted!.video ? (this.tracks.localTrack('camera', 'video') ?? null) : null;
    this.current = new Publisher(
      'camera',
      publisherSignals(this.context.signaling()!, 'camera'),
      this.context.rtc(),
      audio,
      video,
      () => undefined,
    );
    await this.current.start();
  }

  /** Closes the connection (with the socket's, or for a republish); the tracks stay. */
  closeConnection(): void {
    this.current?.close();
    this.current = undefined;
  }

  async setMicrophone(on: boolean): Promise<void> {
    if (this.debounced('audio') || this.blocked('audio', on)) return;
    await this.setKind('audio', on, 'turnOnAudioFailed');
  }

  async setCamera(on: boolean): Promise<void> {
    if (this.debounced('video') || this.blocked('video', on)) return;
    await this.setKind('video', on, 'turnOnVideoFailed');
  }

  /** What the server says I may not have on goes off here too. */
  followHostFlags(): void {
    const me = this.context.me();
    if (!me || !this.current) return;
    const on = {
      audio: !!this.tracks.localTrack('camera', 'audio'),
      video: !!this.tracks.localTrack('camera', 'video'),
    };
    for (const kind of kindsToTurnOff(me, on)) void this.setKind(kind, false, '');
  }

  /** Turns one kind on or off, locally and on the server; `failKey` is the error if it fails. */
  async setKind(kind: MediaKindName, on: boolean, failKey: string, retried = false): Promise<void> {
    if (this.wanted) this.wanted = { ...this.wanted, [kind]: on };
    if (on) {
      const track = this.tracks.localTrack('camera', kind) ?? (await this.open(kind));
      if (!track) {
        if (this.wanted) this.wanted = { ...this.wanted, [kind]: false };
        this.emit('error', failKey);
        return;
      }
      await this.setLocal(kind, track);
    } else {
      await this.setLocal(kind, null);
    }
    if (!this.context.me()) return;
    if (!this.current) {
      // "no audioProducer": the publisher is still being set up; try once more a second later.
      if (!retried) setTimeout(() => void this.setKind(kind, on, failKey, true), 1000);
      return;
    }
    const track = on ? (this.tracks.localTrack('camera', kind) ?? null) : null;
    await (kind === 'audio' ? this.current.replaceAudio(track) : this.current.replaceVideo(track));
    const refused = await this.context
      .signaling()
      ?.request({ type: on ? 'resumeProducer' : 'pauseProducer', source: 'camera', kind })
      .then(() => false, isRefusal);
    if (on && refused) {
      // Force-muted or camera disabled: the server said no, so the local state goes back to off.
      await this.setKind(kind, false, failKey);
      this.emit('error', kind === 'audio' ? 'forceMuted' : 'videoDisabled');
    }
  }

  /** The phone's other camera (camera-flip.ts), shown and sent in place of this one. */
  async flipCamera(): Promise<void> {
    const { camera } = this;
    const raw = camera.raw;
    if (!raw || camera.flipping) return;
    camera.flipping = true;
    try {
      // Only phones flip: the code is fetched on the first flip (a failed fetch: flip failed).
      const module = await import('./camera-flip').catch(() => null);
      if (!module) return this.emit('error', 'flipCameraFailed');
      const { openOtherCamera } = module;
      const flip = await openOtherCamera(raw, camera.facing, async () =>
        (await this.devices.list()).videoInputs.map((d) => d.deviceId),
      );
      if (flip.track === raw) return this.emit('error', 'flipCameraFailed');
      // Turned off while the other camera opened: it is not wanted any more.
      if (camera.raw !== raw) return flip.track?.stop();
      if (!flip.track) {
        await this.setKind('video', false, '');
        return this.emit('error', 'turnOnVideoFailed');
      }
      camera.facing = flip.facing;
      // Turning the camera off and on again (or the page's return) keeps this side.
      this.choice = { ...this.choice, videoInputId: flip.track.getSettings().deviceId };
      await this.setLocal('video', flip.track);
      const sent = this.tracks.localTrack('camera', 'video') ?? null;
      if (this.current && this.wanted?.video) await this.current.replaceVideo(sent);
      if (!flip.flipped) this.emit('error', 'flipCameraFailed');
    } finally {
      camera.flipping = false;
    }
  }

  /**
   * The page went to the background (a phone's app switch): the camera goes off as its button
   * turns it off, and on again on return if it was on and the host still allows it.
   */
  setAway(away: boolean): Promise<void> {
    this.away.changes = this.away.changes.then(async () => {
      const cameraOn = !!this.tracks.localTrack('camera', 'video');
      if (away && cameraOn && !this.away.withCamera) {
        this.away.withCamera = true;
        await this.setKind('video', false, '');
      } else if (!away && this.away.withCamera) {
        this.away.withCamera = false;
        if (!cameraOn && !blockedBy(this.context.me(), 'video'))
          await this.setKind('video', true, 'turnOnVideoFailed');
      }
    });
    return this.away.changes;
  }

  async switchDevice(choice: DeviceChoice): Promise<void> {
    this.choice = { ...this.choice, ...choice };
    for (const kind of ['audio', 'video'] as const) {
      // A new device, or the microphone's processing changed: the track is opened again.
      const changed =
        kind === 'audio'
          ? choice.audioInputId !== undefined || choice.noiseSuppression !== undefined
          : choice.videoInputId !== undefined;
      const current = this.tracks.localTrack('camera', kind);
      if (!changed || !current) continue;
      // Chromium shares one audio processing between the tracks of a device: the old one stops
      // first, or the new one comes with its settings.
      if (kind === 'audio' && choice.noiseSuppression !== undefined) await this.voice.input(null);
      const track = await this.open(kind);
      if (!track) continue;
      await this.setLocal(kind, track);
      const sent = this.tracks.localTrack('camera', kind) ?? null;
      if (this.current)
        await (kind === 'audio'
          ? this.current.replaceAudio(sent)
          : this.current.replaceVideo(sent));
    }
    this.emit('devices', await this.devices.list());
  }

  close(): void {
    this.effects.close();
    this.voice.close();
    this.meter.stop();
    this.devices.close();
    this.removeAllListeners();
  }

  private async preview(choice: DeviceChoice & Kinds): Promise<void> {
    this.choice = { ...this.choice, ...choice };
    for (const kind of ['audio', 'video'] as const) {
      const want = kind === 'audio' ? choice.audio : choice.video;
      const current = this.tracks.localTrack('camera', kind);
      if (want && !current) await this.setLocal(kind, await this.open(kind));
      else if (!want && current) await this.setLocal(kind, null);
    }
    this.emit('devices', await this.devices.list());
  }

  private async open(kind: MediaKindName): Promise<MediaStreamTrack | null> {
    // Through Prompt, so a repeated failure is still a change the UI sees (and shows a dialog for).
    this.devices.record(kind, 'Prompt');
    try {
      const track = await openTrack(
        kind,
        kind === 'audio' ? this.choice.audioInputId : this.choice.videoInputId,
        browserNoiseSuppression(this.choice.noiseSuppression ?? true),
      );
      this.devices.record(kind, 'Allow');
      return track;
    } catch (error) {
      if (error instanceof MediaError) this.devices.record(kind, error.state, error.original);
      return null;
    }
  }

  /** Shows and sends the effect's output in place of the camera track (no renegotiation). */
  private async showVideo(track: MediaStreamTrack | null): Promise<void> {
    if (!this.tracks.localTrack('camera', 'video') || !track) return;
    this.tracks.setLocal('camera', 'video', track);
    this.emit('tracksChanged');
    if (this.current && this.wanted?.video) await this.current.replaceVideo(track);
  }

  /** Shows and sends the voice changer's output in place of the microphone. */
  private async sendAudio(track: MediaStreamTrack | null): Promise<void> {
    if (!this.tracks.localTrack('camera', 'audio') || !track) return;
    this.tracks.setLocal('camera', 'audio', track);
    this.meterOn(track);
    this.emit('tracksChanged');
    if (this.current && this.wanted?.audio) await this.current.replaceAudio(track);
  }

  private async setLocal(kind: MediaKindName, input: MediaStreamTrack | null): Promise<void> {
    // Already shown (turning on what is on): the effect keeps its raw camera.
    if (kind === 'video' && input && input === this.tracks.localTrack('camera', kind)) return;
    // The raw camera goes through the effect, the raw microphone through the voice changer (and
    // RNNoise where it runs); what is stored (shown, sent) is their output, and they own (and
    // stop) the raw tracks.
    if (kind === 'video') this.camera.raw = input;
    if (kind === 'video') await this.effects.input(input);
    else await this.voice.input(input, rnnoiseOn(this.choice.noiseSuppression ?? true));
    // Read after the wait: a pipeline may have started (or failed) meanwhile.
    const track = kind === 'video' ? this.effects.output : this.voice.output;
    const old = this.tracks.localTrack('camera', kind);
    if (kind === 'video' && old && old !== track) old.stop();
    this.tracks.setLocal('camera', kind, track);
    if (kind === 'audio') this.meterOn(track);
    this.emit('tracksChanged');
  }

  /** My microphone's level, read from what is sent (none while it is off). */
  private meterOn(track: MediaStreamTrack | null): void {
    if (!track) return this.meter.stop();
    const me = () => this.context.me()?.peerId ?? 'local';
    this.meter.start(track, (power) => this.emit('volume', me(), power));
  }

  private debounced(kind: MediaKindName): boolean {
    const now = Date.now();
    if (now - this.lastToggle[kind] < TOGGLE_DEBOUNCE_MS) return true;
    this.lastToggle[kind] = now;
    return false;
  }

  /** The host keeps this kind off: say so instead of opening a device the server refuses. */
  private blocked(kind: MediaKindName, on: boolean): boolean {
    const key = on ? blockedBy(this.context.me(), kind) : null;
    if (key) this.emit('error', key);
    return key !== null;
  }
}
