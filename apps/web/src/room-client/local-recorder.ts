/**
 * Local recording: the meeting as this member sees it, recorded in the browser. A 1280x720
 * canvas is redrawn every 70 ms with the tiles the room shows (the scene the UI gives: grid or
 * main window and side column, with names), everyone's audio is mixed in an AudioContext, and a
 * MediaRecorder (WebM VP9 + Opus, 1 s chunks; WebM VP8 in Firefox, MP4 in Safari) writes into a
 * file sink: a folder the user picks (File System Access API), or downloads where the browser
 * has no such API (Firefox, Safari). Past 1 GiB a file is
 * finished and the next one begun. States: idle → recording → stopping → idle (SPEC.md).
 */
import {
  LOCAL_RECORDING_CHUNK_MS,
  LOCAL_RECORDING_FINISH_WAIT_MS,
  LOCAL_RECORDING_REDRAW_MS,
  LOCAL_RECORDING_SPLIT_BYTES,
  RECORDING_HEIGHT,
  RECORDING_WIDTH,
  canStartLocalRecording,
  localRecordingFile,
  localRecordingFolder,
  localRecordingFormat,
  sceneRects,
  type LocalRecordingFormat,
  type LocalRecordingState,
} from '@meet/shared';
import { Emitter } from './emitter';
import type { Tracks } from './track-store';
import type { RecordingScene } from './types';

export type { RecordingScene };

export interface LocalRecorderEvents {
  state: [state: LocalRecordingState];
  /** A file was finished under this name. */
  saved: [name: string];
  /** A user-facing failure; `key` is an i18n key under `room.errors`. */
  error: [key: string];
}

/** Where finished bytes go: one file at a time. */
interface FileSink {
  write(data: Blob): Promise<void>;
  /** Finishes the file under its final name. */
  close(): Promise<string>;
}

interface FolderSink {
  open(temporaryName: string, finalName: string): Promise<FileSink>;
}

type DirectoryHandle = {
  getDirectoryHandle(name: string, options: { create: boolean }): Promise<DirectoryHandle>;
  getFileHandle(
    name: string,
    options: { create: boolean },
  ): Promise<{
    createWritable(): Promise<{ write(data: Blob): Promise<void>; close(): Promise<void> }>;
    move?(name: string): Promise<void>;
  }>;
};
type PickerWindow = { showDirectoryPicker?: (o: object) => Promise<DirectoryHandle> };

/** Files in a folder of the user's choice, named temporary until finished. */
async function pickedFolder(folderName: string): Promise<FolderSink> {
  const picker = (window as unknown as PickerWindow).showDirectoryPicker!;
  const root = await picker({ id: 'meet-local-recording', mode: 'readwrite' });
  const folder = await root.getDirectoryHandle(folderName, { create: true });
  return {
    async open(temporaryName, finalName) {
      const handle = await folder.getFileHandle(temporaryName, { create: true });
      const writable = await handle.createWritable();
      return {
        write: (data) => writable.write(data),
        async close() {
          await writable.close();
          if (!handle.move) return temporaryName;
          await handle.move(finalName);
          return finalName;
        },
      };
    },
  };
}

/** Downloads (no folders there: the folder's name leads the file's). */
function downloads(folderName: string, type: string): FolderSink {
  return {
    async open(_temporaryName, finalName) {
      const parts: Blob[] = [];
      return {
        write: async (data) => void parts.push(data),
        async close() {
          const name = `${folderName} ${finalName}`;
          const url = URL.createObjectURL(new Blob(parts, { type }));
          const link = document.createElement('a');
          link.href = url;
          link.download = name;
          document.body.append(link);
          link.click();
          link.remove();
          setTimeout(() => URL.revokeObjectURL(url), 60_000);
          return name;
        },
      };
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class LocalRecorder extends Emitter<LocalRecorderEvents> {
  private current: LocalRecordingState = 'idle';
  private canvas: HTMLCanvasElement | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  private audio: AudioContext | undefined;
  private mixed: MediaStreamAudioDestinationNode | undefined;
  private readonly sources = new Map<MediaStreamTrack, MediaStreamAudioSourceNode>();
  private readonly videos = new Map<MediaStreamTrack, HTMLVideoElement>();
  private stream: MediaStream | undefined;
  private recorder: MediaRecorder | undefined;
  private file: FileSink | undefined;
  private writing: Promise<void> = Promise.resolve();
  private bytes = 0;
  private fileNumber = 0;
  private meetingId = '';
  private sink: FolderSink | undefined;
  private format: LocalRecordingFormat | undefined;

  constructor(
    private readonly tracks: Tracks,
    private readonly scene: () => RecordingScene,
  ) {
    super();
  }

  get state(): LocalRecordingState {
    return this.current;
  }

  /**
   * Starts recording (from a click: the folder picker needs the user's gesture). False when it
   * could not start (already running, the picker was cancelled, no recorder for any format).
   */
  async start(meeting: { meetingId: string; theme: string }): Promise<boolean> {
    if (!canStartLocalRecording(this.current)) return false;
    const format =
      typeof MediaRecorder === 'undefined'
        ? null
        : localRecordingFormat((mime) => MediaRecorder.isTypeSupported(mime));
    if (!format) {
      this.emit('error', 'localRecordingUnsupported');
      return false;
    }
    this.format = format;
    const folder = localRecordingFolder(new Date(), meeting.theme, meeting.meetingId);
    try {
      this.sink = (window as unknown as PickerWindow).showDirectoryPicker
        ? await pickedFolder(folder)
        : downloads(folder, format.mime.split(';')[0]!);
    } catch (error) {
      // The user closed the picker: nothing happened.
      if ((error as Error).name !== 'AbortError') this.emit('error', 'localRecordingFailed');
      return false;
    }
    this.meetingId = meeting.meetingId;
    this.fileNumber = 0;
    this.setState('recording');
    this.startCanvas();
    this.startAudio();
    const video = this.canvas!.captureStream(Math.round(1000 / LOCAL_RECORDING_REDRAW_MS));
    this.stream = new MediaStream([
      ...video.getVideoTracks(),
      ...(this.mixed?.stream.getAudioTracks() ?? []),
    ]);
    try {
      await this.nextFile();
    } catch {
      this.emit('error', 'localRecordingFailed');
      await this.teardown();
      return false;
    }
    return true;
  }

  /** Members' audio changed (someone joined, left, muted): the mix follows. */
  handleTracksChanged(): void {
    if (this.current === 'recording') this.updateAudio();
  }

  /** Finishes: waits 1 s for the last data, stops, and closes the file. */
  async stop(): Promise<void> {
    if (this.current !== 'recording') return;
    this.setState('stopping');
    await sleep(LOCAL_RECORDING_FINISH_WAIT_MS);
    await this.finishFile();
    await this.teardown();
  }

  close(): void {
    void this.stop();
  }

  private setState(state: LocalRecordingState): void {
    this.current = state;
    this.emit('state', state);
  }

  private async nextFile(): Promise<void> {
    this.fileNumber += 1;
    this.bytes = 0;
    const { mime, extension } = this.format!;
    this.file = await this.sink!.open(
      localRecordingFile(this.meetingId, this.fileNumber, true, extension),
      localRecordingFile(this.meetingId, this.fileNumber, false, extension),
    );
    const recorder = new MediaRecorder(this.stream!, { mimeType: mime });
    const file = this.file;
    recorder.ondataavailable = (event) => {
      if (event.data.size === 0) return;
      this.bytes += event.data.size;
      this.writing = this.writing
        .then(() => file.write(event.data))
        .catch(() => this.emit('error', 'localRecordingFailed'));
      // Past 1 GiB: this file is finished and the next begun (a WebM cannot be cut mid-stream).
      if (this.bytes > LOCAL_RECORDING_SPLIT_BYTES && this.recorder === recorder) void this.split();
    };
    this.recorder = recorder;
    recorder.start(LOCAL_RECORDING_CHUNK_MS);
  }

  private async split(): Promise<void> {
    await this.finishFile();
    if (this.current === 'recording') await this.nextFile();
  }

  private async finishFile(): Promise<void> {
    const recorder = this.recorder;
    const file = this.file;
    this.recorder = undefined;
    this.file = undefined;
    if (!recorder || !file) return;
    if (recorder.state !== 'inactive') {
      const stopped = new Promise((resolve) => recorder.addEventListener('stop', resolve));
      recorder.stop();
      await stopped;
    }
    await this.writing;
    try {
      this.emit('saved', await file.close());
    } catch {
      this.emit('error', 'localRecordingFailed');
    }
  }

  private async teardown(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    for (const video of this.videos.values()) video.srcObject = null;
    this.videos.clear();
    for (const source of this.sources.values()) source.disconnect();
    this.sources.clear();
    this.stream?.getTracks().forEach((t) => t.stop());
    this.stream = undefined;
    await this.audio?.close().catch(() => undefined);
    this.audio = this.mixed = undefined;
    this.canvas = undefined;
    this.sink = undefined;
    this.setState('idle');
  }

  // ---- the picture ----

  private startCanvas(): void {
    const canvas = document.createElement('canvas');
    canvas.width = RECORDING_WIDTH;
    canvas.height = RECORDING_HEIGHT;
    this.canvas = canvas;
    this.draw();
    this.timer = setInterval(() => this.draw(), LOCAL_RECORDING_REDRAW_MS);
  }

  private videoFor(track: MediaStreamTrack): HTMLVideoElement {
    let video = this.videos.get(track);
    if (!video) {
      video = document.createElement('video');
      video.muted = true;
      video.playsInline = true;
      video.srcObject = new MediaStream([track]);
      void video.play().catch(() => undefined);
      this.videos.set(track, video);
    }
    return video;
  }

  private draw(): void {
    const context = this.canvas?.getContext('2d');
    if (!context) return;
    const scene = this.scene();
    const rects = sceneRects(scene.layout, scene.tiles.length);
    context.fillStyle = '#202124';
    context.fillRect(0, 0, RECORDING_WIDTH, RECORDING_HEIGHT);
    const used = new Set<MediaStreamTrack>();
    rects.forEach((rect, i) => {
      const tile = scene.tiles[i]!;
      const track = this.tracks.get(tile.peerId, tile.source, 'video');
      const video = track ? this.videoFor(track) : undefined;
      if (track) used.add(track);
      context.fillStyle = '#3c4043';
      context.fillRect(rect.x + 2, rect.y + 2, rect.w - 4, rect.h - 4);
      if (video && video.videoWidth > 0) {
        // Cover the tile (a share is shown whole).
        const scale =
          tile.source === 'screen'
            ? Math.min(rect.w / video.videoWidth, rect.h / video.videoHeight)
            : Math.max(rect.w / video.videoWidth, rect.h / video.videoHeight);
        const w = video.videoWidth * scale;
        const h = video.videoHeight * scale;
        context.save();
        context.beginPath();
        context.rect(rect.x + 2, rect.y + 2, rect.w - 4, rect.h - 4);
        context.clip();
        context.drawImage(video, rect.x + (rect.w - w) / 2, rect.y + (rect.h - h) / 2, w, h);
        context.restore();
      } else {
        const r = Math.min(rect.w, rect.h) / 5;
        context.fillStyle = '#1a73e8';
        context.beginPath();
        context.arc(rect.x + rect.w / 2, rect.y + rect.h / 2, r, 0, Math.PI * 2);
        context.fill();
        context.fillStyle = '#fff';
        context.font = `${Math.round(r)}px sans-serif`;
        context.textAlign = 'center';
        context.textBaseline = 'middle';
        context.fillText(
          (tile.name.trim()[0] ?? '?').toUpperCase(),
          rect.x + rect.w / 2,
          rect.y + rect.h / 2,
        );
      }
      // The name, bottom left, as on the tile.
      const size = Math.max(12, Math.round(rect.h / 16));
      context.font = `${size}px sans-serif`;
      context.textAlign = 'left';
      context.textBaseline = 'bottom';
      const width = context.measureText(tile.name).width;
      context.fillStyle = 'rgba(0, 0, 0, 0.5)';
      context.fillRect(rect.x + 6, rect.y + rect.h - size - 12, width + 12, size + 8);
      context.fillStyle = '#fff';
      context.fillText(tile.name, rect.x + 12, rect.y + rect.h - 8);
    });
    // Tiles no longer shown let go of their decoders.
    for (const [track, video] of this.videos) {
      if (!used.has(track)) {
        video.srcObject = null;
        this.videos.delete(track);
      }
    }
  }

  // ---- the sound ----

  private startAudio(): void {
    try {
      this.audio = new AudioContext({ sampleRate: 48_000 });
      this.mixed = this.audio.createMediaStreamDestination();
      // Without any member speaking the mix still has a (silent) audio track.
      const silence = this.audio.createConstantSource();
      silence.offset.value = 0;
      silence.connect(this.mixed);
      silence.start();
      this.updateAudio();
    } catch {
      this.audio = this.mixed = undefined;
    }
  }

  private updateAudio(): void {
    const { audio, mixed } = this;
    if (!audio || !mixed) return;
    const live = new Set(this.tracks.audioTracks());
    for (const [track, source] of this.sources) {
      if (!live.has(track)) {
        source.disconnect();
        this.sources.delete(track);
      }
    }
    for (const track of live) {
      if (this.sources.has(track)) continue;
      const source = audio.createMediaStreamSource(new MediaStream([track]));
      source.connect(mixed);
      this.sources.set(track, source);
    }
  }
}
