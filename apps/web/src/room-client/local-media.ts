/**
 * The local camera and microphone: opening them with the product's constraints, mapping
 * failures to device permission states (SPEC.md section 4), device lists with a 100 ms
 * debounce on changes, and the microphone's level.
 */
import { mapMediaError, mapPermissionQuery, type PermissionState } from '@meet/shared';
import type { DeviceLists, MediaDeviceInfoLike, PermissionStates } from './types';

export class MediaError extends Error {
  constructor(
    readonly kind: 'audio' | 'video',
    readonly state: PermissionState,
    readonly original: { name: string; message: string },
  ) {
    super(`${kind}: ${original.name}`);
  }
}

/** Which way a phone's camera looks: `user` the front (selfie) one, `environment` the back one. */
export type CameraFacing = 'user' | 'environment';

export function videoConstraints(deviceId?: string, facing?: CameraFacing): MediaTrackConstraints {
  return {
    width: { ideal: 1280 },
    height: { ideal: 720 },
    frameRate: { ideal: 30 },
    aspectRatio: 16 / 9,
    ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
    // Exact: asking for the back camera and getting the front one again would be no flip at all.
    ...(facing && !deviceId ? { facingMode: { exact: facing } } : {}),
  };
}

export function audioConstraints(
  deviceId?: string,
  noiseSuppression = true,
): MediaTrackConstraints {
  return {
    channelCount: 1,
    sampleRate: 48_000,
    echoCancellation: true,
    noiseSuppression,
    autoGainControl: true,
    ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
  };
}

/**
 * Opens one kind of device (a camera by id, or by the way it faces); failures come back as
 * MediaError with the mapped state.
 */
export async function openTrack(
  kind: 'audio' | 'video',
  deviceId?: string,
  noiseSuppression = true,
  facing?: CameraFacing,
): Promise<MediaStreamTrack> {
  try {
    const stream = await navigator.mediaDevices.getUserMedia(
      kind === 'audio'
        ? { audio: audioConstraints(deviceId, noiseSuppression) }
        : { video: videoConstraints(deviceId, facing) },
    );
    const track = kind === 'audio' ? stream.getAudioTracks()[0] : stream.getVideoTracks()[0];
    if (!track) throw Object.assign(new Error('no track'), { name: 'NotFoundError' });
    return track;
  } catch (error) {
    // A chosen device that vanished: fall back to the default one once.
    if (deviceId && (error as Error).name === 'OverconstrainedError')
      return openTrack(kind, undefined, noiseSuppression);
    const e = error as { name?: string; message?: string };
    const original = { name: e.name ?? 'Error', message: e.message ?? '' };
    throw new MediaError(kind, mapMediaError(original.name, original.message), original);
  }
}

export class LocalDevices {
  states: PermissionStates = { audio: 'Allow', video: 'Allow', lastError: {} };
  private changeTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly onDeviceChange = () => {
    clearTimeout(this.changeTimer);
    this.changeTimer = setTimeout(() => void this.list().then(this.onLists), 100);
  };

  constructor(
    private readonly onLists: (lists: DeviceLists) => void,
    private readonly onStates: (states: PermissionStates) => void,
  ) {
    navigator.mediaDevices?.addEventListener('devicechange', this.onDeviceChange);
  }

  async list(): Promise<DeviceLists> {
    const all = (await navigator.mediaDevices?.enumerateDevices().catch(() => [])) ?? [];
    const pick = (kind: MediaDeviceKind): MediaDeviceInfoLike[] =>
      all
        .filter((d) => d.kind === kind && d.deviceId !== '')
        .map((d, i) => ({ deviceId: d.deviceId, label: d.label || `${kind} ${i + 1}`, kind }));
    return {
      audioInputs: pick('audioinput'),
      videoInputs: pick('videoinput'),
      audioOutputs: pick('audiooutput'),
    };
  }

  record(
    kind: 'audio' | 'video',
    state: PermissionState,
    error?: { name: string; message: string },
  ): void {
    this.states = {
      ...this.states,
      [kind]: state,
      lastError: error ? { ...this.states.lastError, [kind]: error } : this.states.lastError,
    };
    this.onStates(this.states);
  }

  /** Checking one kind: Prompt, open a stream, stop it at once; Allow or the mapped error. */
  async check(kind: 'audio' | 'video'): Promise<PermissionState> {
    this.record(kind, 'Prompt');
    try {
      const track = await openTrack(kind);
      track.stop();
      this.record(kind, 'Allow');
      return 'Allow';
    } catch (error) {
      const e = error as MediaError;
      this.record(kind, e.state, e.original);
      return e.state;
    }
  }

  /** Checking both: a kind with no device ends NotFoundError; the others are checked one by one. */
  async checkAll(): Promise<PermissionStates> {
    const lists = await this.list();
    const kinds: ('audio' | 'video')[] = [];
    if (lists.audioInputs.length) kinds.push('audio');
    else
      this.record('audio', 'NotFoundError', {
        name: 'NotFoundError',
        message: 'Requested device not found',
      });
    if (lists.videoInputs.length) kinds.push('video');
    else
      this.record('video', 'NotFoundError', {
        name: 'NotFoundError',
        message: 'Requested device not found',
      });
    for (const kind of kinds) {
      const state = await this.check(kind);
      // A dismissed prompt is asked once more.
      if (state === 'PermissionDismissedError') await this.check(kind);
    }
    return this.states;
  }

  /** Follows the browser's permission answers as they change. */
  async watchPermissions(): Promise<void> {
    if (!navigator.permissions?.query) return;
    for (const [kind, name] of [
      ['audio', 'microphone'],
      ['video', 'camera'],
    ] as const) {
      try {
        const status = await navigator.permissions.query({ name: name as PermissionName });
        const apply = () => {
          const mapped = mapPermissionQuery(status.state);
          // Denial by the browser is known here; Allow only replaces a denial, not a device error.
          if (mapped === 'NotAllowedError' || this.states[kind] === 'NotAllowedError')
            this.record(kind, mapped);
        };
        apply();
        status.onchange = apply;
      } catch {
        // Browsers without camera/microphone permission names: rely on getUserMedia errors.
      }
    }
  }

  close(): void {
    clearTimeout(this.changeTimer);
    navigator.mediaDevices?.removeEventListener('devicechange', this.onDeviceChange);
  }
}

/** Microphone power on SPEC.md's 0–100 scale, read every 500 ms from an analyser. */
export class LevelMeter {
  private context: AudioContext | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;

  start(track: MediaStreamTrack, onLevel: (power: number) => void): void {
    this.stop();
    try {
      const context = new AudioContext();
      const source = context.createMediaStreamSource(new MediaStream([track]));
      const analyser = context.createAnalyser();
      analyser.fftSize = 512;
      source.connect(analyser);
      const data = new Float32Array(analyser.fftSize);
      this.context = context;
      this.timer = setInterval(() => {
        analyser.getFloatTimeDomainData(data);
        let sum = 0;
        for (const v of data) sum += v * v;
        onLevel(Math.min(100, Math.round(Math.sqrt(sum / data.length) * 300)));
      }, 100);
    } catch {
      // No Web Audio: the level stays unknown.
    }
  }

  stop(): void {
    clearInterval(this.timer);
    void this.context?.close().catch(() => undefined);
    this.context = undefined;
  }
}
