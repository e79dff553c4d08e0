/**
 * The camera's one effects pipeline (issue 15): raw camera frames in, through the beauty stage
 * and then the background stage (either may be absent), processed frames out as a track the
 * publisher sends in place of the camera. The avatar stage, when present, replaces the picture
 * instead: the frame is only read for its landmarks, and the beauty and background stages are not
 * run. Stages are added, changed and removed while it runs, so switching an effect mid-call
 * changes no track. Magic Cam's stage comes last and styles whatever the others made.
 *
 * Frames come from insertable streams (MediaStreamTrackProcessor) where the browser has them and
 * from a playing <video> otherwise; they leave through a MediaStreamTrackGenerator or a canvas
 * capture.
 *
 * Each stage's code (and its shaders, models' loaders, drawings) is a chunk of its own, fetched
 * the first time the stage is added: a room where nobody turns an effect on never loads it.
 */
import { beautyIsOn, type AvatarId, type BeautifySetting } from '@meet/shared';
import type { AvatarStage } from './avatar-stage';
import type { BackgroundStage } from './background-stage';
import type { BeautyStage } from './beauty-stage';
import { canvas, context2d } from './canvas';
import type { EffectMode } from './effect-mode';
import type { EffectStats } from './effect-stats';
import type { MagicMode, MagicStage } from '../magic/magic-stage';
import { inStage, StageError, type EffectStage } from './stage-error';

const FALLBACK_FPS = 30;

/** What the pipeline should do; a stage is absent when its part is off. */
export interface PipelineConfig {
  background: EffectMode | null;
  beauty: BeautifySetting;
  /** The character drawn instead of the camera. */
  avatar: AvatarId | null;
  /** Magic Cam's look or stream. */
  magic: MagicMode | null;
}

// Insertable streams are Chromium-only and not in TypeScript's DOM library.
interface TrackProcessor {
  readable: ReadableStream<VideoFrame>;
}
interface TrackGenerator extends MediaStreamTrack {
  writable: WritableStream<VideoFrame>;
}
type Insertable = {
  MediaStreamTrackProcessor?: new (init: { track: MediaStreamTrack }) => TrackProcessor;
  MediaStreamTrackGenerator?: new (init: { kind: 'video' }) => TrackGenerator;
};

export class CameraPipeline {
  readonly output: MediaStreamTrack;
  readonly stats: EffectStats;
  private readonly width: number;
  private readonly height: number;
  /** The canvas a canvas capture sends (browsers without a track generator). */
  private readonly out: HTMLCanvasElement | undefined;
  private writer: WritableStreamDefaultWriter<VideoFrame> | undefined;
  private video: HTMLVideoElement | undefined;
  private reader: ReadableStreamDefaultReader<VideoFrame> | undefined;
  private background: BackgroundStage | undefined;
  private beauty: BeautyStage | undefined;
  private avatar: AvatarStage | undefined;
  private magic: MagicStage | undefined;
  private stopped = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastRun = 0;

  constructor(
    readonly raw: MediaStreamTrack,
    private readonly onFailure: (error: StageError) => void,
  ) {
    const settings = raw.getSettings();
    this.width = settings.width ?? 1280;
    this.height = settings.height ?? 720;
    const { MediaStreamTrackGenerator, MediaStreamTrackProcessor } =
      window as unknown as Insertable;
    this.stats = {
      frames: 0,
      msPerFrame: 0,
      composeMs: 0,
      beautyMs: 0,
      landmarksMs: 0,
      avatarMs: 0,
      magicMs: 0,
      outputMs: 0,
      face: 'off',
      stages: '',
      width: this.width,
      height: this.height,
      source: MediaStreamTrackProcessor ? 'insertable' : 'video',
    };
    if (MediaStreamTrackGenerator) {
      const generator = new MediaStreamTrackGenerator({ kind: 'video' });
      this.writer = generator.writable.getWriter();
      this.output = generator;
    } else {
      this.out = canvas(this.width, this.height);
      const track = this.out.captureStream(FALLBACK_FPS).getVideoTracks()[0];
      if (!track) throw new Error('canvas capture gave no track');
      this.output = track;
    }
    this.output.contentHint = raw.contentHint;
  }

  /** Adds, changes or removes stages (loading their models); a failure names its stage. */
  async configure(config: PipelineConfig): Promise<void> {
    if (config.background) {
      const mode = config.background;
      if (!this.background) {
        const stage = await inStage('background', async () => {
          const { BackgroundStage } = await import('./background-stage');
          return new BackgroundStage(this.width, this.height, mode);
        });
        await inStage('background', () => stage.start()).catch((error: unknown) => {
          stage.close();
          throw error;
        });
        if (this.stopped) stage.close();
        else this.background = stage;
      } else if (this.background.mode !== mode) {
        const stage = this.background;
        await inStage('background', () => stage.setMode(mode));
      }
    } else {
      this.background?.close();
      this.background = undefined;
    }
    if (beautyIsOn(config.beauty)) {
      const stage =
        this.beauty ??
        (await inStage('beauty', async () => {
          const { BeautyStage } = await import('./beauty-stage');
          return new BeautyStage(this.width, this.height);
        }));
      this.beauty = stage;
      await inStage('beauty', () => stage.configure(config.beauty));
    } else {
      this.beauty?.close();
      this.beauty = undefined;
    }
    if (config.avatar) {
      const id = config.avatar;
      if (this.avatar) this.avatar.setCharacter(id);
      else {
        const stage = await inStage('avatar', async () => {
          const { AvatarStage } = await import('./avatar-stage');
          return new AvatarStage(id, this.width, this.height);
        });
        if (this.stopped) stage.close();
        else this.avatar = stage;
      }
    } else {
      this.avatar?.close();
      this.avatar = undefined;
    }
    if (config.magic) {
      const mode = config.magic;
      const stage =
        this.magic ??
        (await inStage('magic', async () => {
          const { MagicStage } = await import('../magic/magic-stage');
          return new MagicStage(this.width, this.height, mode);
        }));
      this.magic = stage;
      await inStage('magic', () => stage.configure(mode));
    } else {
      this.magic?.close();
      this.magic = undefined;
    }
    if (this.stopped) this.closeStages();
    this.stats.stages = [
      this.beauty && 'beauty',
      this.background && 'background',
      this.avatar && 'avatar',
      this.magic && 'magic',
    ]
      .filter(Boolean)
      .join('+');
  }

  /** Opens the camera and processes one frame: a failure here is thrown at once. */
  async start(): Promise<void> {
    await this.openSource();
    await this.next().catch((error: unknown) => {
      if (!(error instanceof DroppedFrame)) throw error;
    });
    if (this.stopped) return;
    Object.assign(window, { __meetEffectStats: this.stats });
    this.loop();
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.timer);
    void this.reader?.cancel().catch(() => undefined);
    void this.writer?.close().catch(() => undefined);
    if (this.video) this.video.srcObject = null;
    this.output.stop();
    this.closeStages();
  }

  private closeStages(): void {
    this.background?.close();
    this.background = undefined;
    this.beauty?.close();
    this.beauty = undefined;
    this.avatar?.close();
    this.avatar = undefined;
    this.magic?.close();
    this.magic = undefined;
  }

  private async openSource(): Promise<void> {
    const { MediaStreamTrackProcessor } = window as unknown as Insertable;
    if (MediaStreamTrackProcessor) {
      this.reader = new MediaStreamTrackProcessor({ track: this.raw }).readable.getReader();
      return;
    }
    const video = document.createElement('video');
    video.muted = true;
    video.playsInline = true;
    video.srcObject = new MediaStream([this.raw]);
    this.video = video;
    await video.play();
  }

  /** Takes the next camera frame through the stages and out; false when the camera ended. */
  private async next(): Promise<boolean> {
    let timestamp = performance.now() * 1000;
    let started = performance.now();
    let frame: VideoFrame | undefined;
    if (this.reader) {
      const read = await this.reader.read();
      if (read.done) return false;
      frame = read.value;
      started = performance.now();
      timestamp = frame.timestamp;
    }
    const source = frame ?? this.video;
    if (!source || this.stopped) {
      frame?.close();
      return false;
    }
    const { avatar, magic } = this;
    // The avatar replaces the picture: stages before it would be drawn for nothing.
    const beauty = avatar ? undefined : this.beauty;
    const background = avatar ? undefined : this.background;
    try {
      let image: (CanvasImageSource & TexImageSource) | null = source;
      // The last WebGL stage's result goes out as I420 from its own context (exact colours, no
      // canvas copy); a stage before another, or before a canvas capture, draws a canvas.
      const magicToCanvas = !this.writer;
      const backgroundToCanvas = !!magic || magicToCanvas;
      const beautyToCanvas = !!background || backgroundToCanvas;
      if (avatar) image = await this.run('avatar', avatar, () => avatar.process(source));
      if (beauty) {
        const input = image;
        image = await this.run('beauty', beauty, () => beauty.process(input, beautyToCanvas));
      }
      if (background) {
        const input = image!;
        image = await this.run('background', background, () =>
          background.process(input, backgroundToCanvas),
        );
      }
      if (magic) {
        const input = image!;
        image = await this.run('magic', magic, () => magic.process(input, magicToCanvas));
      }
      if (this.stopped) return false;
      const sending = performance.now();
      const last = magic ?? background ?? (beautyToCanvas ? undefined : beauty);
      this.send(image, frame, timestamp, last);
      const n = Math.min(this.stats.frames, 29);
      this.stats.outputMs = (this.stats.outputMs * n + performance.now() - sending) / (n + 1);
    } finally {
      frame?.close();
    }
    const n = Math.min(this.stats.frames, 29);
    this.stats.msPerFrame = (this.stats.msPerFrame * n + performance.now() - started) / (n + 1);
    this.stats.frames += 1;
    this.stats.composeMs = background?.composeMs ?? 0;
    Object.assign(this.stats, beauty?.stats ?? { beautyMs: 0, landmarksMs: 0, face: 'off' });
    if (avatar) {
      const { drawMs, landmarksMs, face } = avatar.stats;
      Object.assign(this.stats, { avatarMs: drawMs, landmarksMs, face });
    } else this.stats.avatarMs = 0;
    this.stats.magicMs = magic?.magicMs ?? 0;
    return true;
  }

  /** A stage's work; its failure counts only while it is still part of the pipeline. */
  private async run<T>(
    name: EffectStage,
    stage: BeautyStage | BackgroundStage | AvatarStage | MagicStage,
    work: () => Promise<T>,
  ): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const current = {
        beauty: this.beauty,
        background: this.background,
        avatar: this.avatar,
        magic: this.magic,
      }[name];
      if (current === stage && !this.stopped) throw new StageError(name, error);
      // Removed meanwhile: this frame is dropped quietly.
      throw new DroppedFrame();
    }
  }

  /**
   * Writes the processed frame: the last WebGL stage's result as I420 where it has one, else a
   * VideoFrame of the canvas (the avatar's drawing).
   */
  private send(
    image: (CanvasImageSource & TexImageSource) | null,
    frame: VideoFrame | undefined,
    timestamp: number,
    last: BeautyStage | BackgroundStage | MagicStage | undefined,
  ): void {
    if (this.writer) {
      const out =
        frame && image === frame
          ? frame.clone()
          : ((last ? last.frame(timestamp) : null) ?? new VideoFrame(image!, { timestamp }));
      this.writer.write(out).catch(() => out.close());
      return;
    }
    const ctx = context2d(this.out!);
    if (image) ctx.drawImage(image, 0, 0, this.width, this.height);
  }

  private loop(): void {
    if (this.stopped) return;
    const run = () => {
      this.lastRun = performance.now();
      return this.next().then(
        (more) => {
          if (more) this.loop();
        },
        (error: unknown) => {
          if (error instanceof DroppedFrame) return this.loop();
          if (this.stopped) return;
          this.onFailure(
            error instanceof StageError
              ? error
              : new StageError(
                  this.avatar
                    ? 'avatar'
                    : this.background
                      ? 'background'
                      : this.beauty
                        ? 'beauty'
                        : 'magic',
                  error,
                ),
          );
        },
      );
    };
    // Reading frames paces itself; a <video> source is sampled at the camera's rate.
    if (this.reader) void run();
    else {
      const spent = performance.now() - this.lastRun;
      this.timer = setTimeout(() => void run(), Math.max(0, 1000 / FALLBACK_FPS - spent));
    }
  }
}

/** A frame a stage removed mid-way could not finish: not a failure. */
class DroppedFrame extends Error {}
