/**
 * My screen share: picking a screen (with tab audio when offered), its publisher, publishing it
 * again after the media server restarted, and stopping it, by me, the browser or the host.
 * The tracks go into the track store it is given; it reaches the socket through a function and
 * never holds the RoomClient.
 */
import { Emitter } from './emitter';
import { fileShareKind, openFileShare, type FileShareStream } from './file-share';
import { Publisher } from './publisher';
import type { Signaling } from './signaling';
import { publisherSignals } from './signals';
import type { Tracks } from './track-store';
import type { FileShareState } from './types';

export type { FileShareState };

export interface ScreenShareEvents {
  tracksChanged: [];
  /** I share a file (picture-in-picture), or stopped (null). */
  fileShare: [state: FileShareState | null];
  /** A user-facing failure; `key` is an i18n key under `room.errors`. */
  error: [key: string];
}

export class ScreenShare extends Emitter<ScreenShareEvents> {
  private publisher: Publisher | undefined;
  private file: FileShareStream | undefined;

  constructor(
    private readonly tracks: Tracks,
    private readonly signaling: () => Signaling | undefined,
    /** How a new peer connection reaches the media server (the join answer's ICE servers). */
    private readonly rtc: () => RTCConfiguration,
  ) {
    super();
  }

  /** Resolves false if the user cancelled or the share could not be published. */
  async start(): Promise<boolean> {
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
    return this.begin(stream);
  }

  /**
   * Shares a file (JPG, PNG or MP4 of at most 10 MB) with my camera over its corner, in place of
   * a screen; false when it is refused (with the reason as an error) or could not be published.
   */
  async startFile(file: File, camera: () => MediaStreamTrack | undefined): Promise<boolean> {
    const check = fileShareKind(file);
    if ('refusal' in check) {
      this.emit('error', check.refusal);
      return false;
    }
    if (this.tracks.localTrack('screen', 'video')) await this.stop();
    try {
      this.file = await openFileShare(file, check.kind, camera);
    } catch {
      this.emit('error', 'fileShareFailed');
      return false;
    }
    this.emit('fileShare', { kind: check.kind, paused: false });
    return this.begin(this.file.stream);
  }

  /** Pauses or resumes the shared video, for everyone. */
  setFilePaused(paused: boolean): void {
    if (!this.file) return;
    this.file.setPaused(paused);
    this.emit('fileShare', { kind: this.file.kind, paused });
  }

  private async begin(stream: MediaStream): Promise<boolean> {
    const video = stream.getVideoTracks()[0];
    if (!video) {
      stream.getTracks().forEach((t) => t.stop());
      this.emit('error', 'streamEmpty');
      return false;
    }
    if (!this.file) video.contentHint = 'detail';
    video.addEventListener('ended', () => void this.stop());
    this.tracks.setLocal('screen', 'video', video);
    this.tracks.setLocal('screen', 'audio', stream.getAudioTracks()[0] ?? null);
    this.emit('tracksChanged');
    try {
      await this.publish();
      return true;
    } catch {
      await this.stop();
      this.emit('error', 'shareFailed');
      return false;
    }
  }

  /** After the media server restarted: a share still running goes out on a new connection. */
  async republish(): Promise<void> {
    if (this.tracks.localTrack('screen', 'video')) await this.publish().catch(() => undefined);
  }

  async stop(): Promise<void> {
    const had = this.publisher || this.tracks.localTrack('screen', 'video');
    if (this.file) {
      this.file.close();
      this.file = undefined;
      this.emit('fileShare', null);
    }
    this.publisher?.close();
    this.publisher = undefined;
    this.tracks.localTrack('screen', 'video')?.stop();
    this.tracks.localTrack('screen', 'audio')?.stop();
    this.tracks.setLocal('screen', 'video', null);
    this.tracks.setLocal('screen', 'audio', null);
    this.emit('tracksChanged');
    if (had)
      await this.signaling()
        ?.request({ type: 'closeProducer', source: 'screen' })
        .catch(() => undefined);
  }

  /** Closes the connection (with the socket's, or for a republish); the tracks stay. */
  closeConnection(): void {
    this.publisher?.close();
    this.publisher = undefined;
  }

  private async publish(): Promise<void> {
    this.publisher?.close();
    const audio = this.tracks.localTrack('screen', 'audio') ?? null;
    const video = this.tracks.localTrack('screen', 'video') ?? null;
    this.publisher = new Publisher(
      'screen',
      publisherSignals(this.signaling()!, 'screen'),
      this.rtc(),
      audio,
      video,
      () => undefined,
    );
    await this.publisher.start();
  }
}
