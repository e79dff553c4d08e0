/**
 * Virtual background (issue 15): turns the raw camera track into a processed one (blurred or
 * replaced background) that the publisher sends instead, so the others see it without a
 * renegotiation (the caller swaps it in with replaceTrack). Segmentation is MediaPipe's selfie
 * model, whose script, wasm and .tflite are served from our own origin (copied into the build).
 *
 * Frames come from insertable streams (MediaStreamTrackProcessor) where the browser has them and
 * from a playing <video> otherwise; they leave through a MediaStreamTrackGenerator or a canvas
 * capture. MediaPipe runs the model on WebGL on this thread: its loader needs the document, so it
 * cannot move into a worker.
 */
import {
  BACKGROUND_BLUR_PX,
  BACKGROUND_MASK_HIGH,
  BACKGROUND_MASK_LOW,
  type BackgroundSetting,
} from '@meet/shared';
import { Emitter } from './emitter';
import { refineMask } from './mask';

const ASSET_BASE = '/mediapipe/selfie_segmentation/';
const FALLBACK_FPS = 30;
/** Blurring a quarter-size copy (then scaling it up) looks the same and costs a sixteenth. */
const BLUR_SCALE = 4;
/**
 * The landscape model's input size. The frame is scaled down to it here: handing MediaPipe the
 * full frame costs a read-back of all of it (about 100 ms a frame in software GL, against 15 ms).
 */
const MODEL_WIDTH = 256;
const MODEL_HEIGHT = 144;

/** What the pipeline draws behind the person. */
export type EffectMode = { kind: 'blur' } | { kind: 'image'; url: string };

export function effectModeOf(setting: BackgroundSetting): EffectMode | null {
  if (setting.status === 'blur') return { kind: 'blur' };
  // "none/image without image stops" (SPEC.md section 4).
  if (setting.status === 'image' && setting.viewImg) return { kind: 'image', url: setting.viewImg };
  return null;
}

interface SegmentationResults {
  image: CanvasImageSource;
  segmentationMask: CanvasImageSource;
}
interface Segmenter {
  onResults(listener: (results: SegmentationResults) => void): void;
  initialize(): Promise<void>;
  send(inputs: { image: HTMLCanvasElement }): Promise<void>;
  setOptions(options: {
    modelSelection?: number;
    selfieMode?: boolean;
    useCpuInference?: boolean;
  }): void;
  close(): Promise<void>;
}
type SegmenterClass = new (config: { locateFile: (file: string) => string }) => Segmenter;

let loading: Promise<SegmenterClass> | undefined;

/** MediaPipe's solution is a classic script that defines a global: loaded once, on first use. */
function loadSegmenter(): Promise<SegmenterClass> {
  const global = window as unknown as { SelfieSegmentation?: SegmenterClass };
  if (global.SelfieSegmentation) return Promise.resolve(global.SelfieSegmentation);
  loading ??= new Promise<SegmenterClass>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${ASSET_BASE}selfie_segmentation.js`;
    script.onload = () =>
      global.SelfieSegmentation
        ? resolve(global.SelfieSegmentation)
        : reject(new Error('selfie segmentation did not load'));
    script.onerror = () => reject(new Error('selfie segmentation did not load'));
    document.head.append(script);
  });
  loading.catch(() => (loading = undefined));
  return loading;
}

function canvas(width: number, height: number): HTMLCanvasElement {
  const c = document.createElement('canvas');
  c.width = width;
  c.height = height;
  return c;
}

/** `read`: the canvas is read back every frame (the mask), so it is kept in memory. */
function context2d(c: HTMLCanvasElement, read = false): CanvasRenderingContext2D {
  const ctx = c.getContext('2d', { willReadFrequently: read });
  if (!ctx) throw new Error('no 2d canvas');
  return ctx;
}

async function loadImage(url: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.src = url;
  await image.decode();
  return image;
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

/**
 * Processing time per frame (camera frame in, processed frame out; a moving average over about
 * 30 frames) and frames produced. The running pipeline's object is also `window.__meetEffectStats`
 * for scripts/bench/effects.mjs (one object, replaced per pipeline, so nothing accumulates).
 */
export interface EffectStats {
  frames: number;
  msPerFrame: number;
  /** Of which drawing: the mask's edge, the person over the background, the frame out. */
  composeMs: number;
  width: number;
  height: number;
  source: 'insertable' | 'video';
}

/** One running effect on one raw track; `output` is what gets published. */
class BackgroundPipeline {
  readonly output: MediaStreamTrack;
  private readonly width: number;
  private readonly height: number;
  private readonly input: HTMLCanvasElement;
  private readonly out: HTMLCanvasElement;
  private readonly mask = canvas(MODEL_WIDTH, MODEL_HEIGHT);
  /** The frame being processed (a VideoFrame, or the playing <video>), drawn by `compose`. */
  private source: CanvasImageSource | undefined;
  private readonly small: HTMLCanvasElement;
  private segmenter: Segmenter | undefined;
  private image: HTMLImageElement | undefined;
  private writer: WritableStreamDefaultWriter<VideoFrame> | undefined;
  private video: HTMLVideoElement | undefined;
  private reader: ReadableStreamDefaultReader<VideoFrame> | undefined;
  private stopped = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private frameTime = 0;
  private lastRun = 0;
  readonly stats: EffectStats;
  private current: EffectMode;

  constructor(
    private readonly raw: MediaStreamTrack,
    mode: EffectMode,
    private readonly onFailure: (error: unknown) => void,
  ) {
    this.current = mode;
    const settings = raw.getSettings();
    this.width = settings.width ?? 1280;
    this.height = settings.height ?? 720;
    this.stats = {
      frames: 0,
      msPerFrame: 0,
      composeMs: 0,
      width: this.width,
      height: this.height,
      source: (window as unknown as Insertable).MediaStreamTrackProcessor ? 'insertable' : 'video',
    };
    this.input = canvas(MODEL_WIDTH, MODEL_HEIGHT);
    this.out = canvas(this.width, this.height);
    this.small = canvas(
      Math.max(1, Math.round(this.width / BLUR_SCALE)),
      Math.max(1, Math.round(this.height / BLUR_SCALE)),
    );
    const { MediaStreamTrackGenerator } = window as unknown as Insertable;
    if (MediaStreamTrackGenerator) {
      const generator = new MediaStreamTrackGenerator({ kind: 'video' });
      this.writer = generator.writable.getWriter();
      this.output = generator;
    } else {
      const track = this.out.captureStream(FALLBACK_FPS).getVideoTracks()[0];
      if (!track) throw new Error('canvas capture gave no track');
      this.output = track;
    }
    this.output.contentHint = raw.contentHint;
  }

  /** Loads the model (and image) and processes one frame: a failure here is reported at once. */
  async start(): Promise<void> {
    const Segmentation = await loadSegmenter();
    const segmenter = new Segmentation({ locateFile: (file) => `${ASSET_BASE}${file}` });
    this.segmenter = segmenter;
    // The landscape model (144x256) suits a 16:9 camera and is the faster one. Inference on the
    // CPU (XNNPACK, wasm SIMD) keeps the mask off the GPU read-back path: with software GL (no
    // GPU, headless) it is 15 ms a frame instead of 130.
    segmenter.setOptions({ modelSelection: 1, selfieMode: false, useCpuInference: true });
    segmenter.onResults((results) => this.compose(results));
    if (this.current.kind === 'image') this.image = await loadImage(this.current.url);
    await segmenter.initialize();
    if (this.stopped) return;
    await this.openSource();
    await this.next();
    Object.assign(window, { __meetEffectStats: this.stats });
    this.loop();
  }

  async setMode(mode: EffectMode): Promise<void> {
    const image = mode.kind === 'image' ? await loadImage(mode.url) : undefined;
    this.current = mode;
    this.image = image;
  }

  get mode(): EffectMode {
    return this.current;
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.timer);
    void this.reader?.cancel().catch(() => undefined);
    void this.writer?.close().catch(() => undefined);
    if (this.video) this.video.srcObject = null;
    this.output.stop();
    void this.segmenter?.close().catch(() => undefined);
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

  /** Takes the next camera frame, runs the model on a small copy; `compose` draws the result. */
  private async next(): Promise<void> {
    let timestamp = performance.now() * 1000;
    let started = performance.now();
    let frame: VideoFrame | undefined;
    if (this.reader) {
      const read = await this.reader.read();
      if (read.done) return;
      frame = read.value;
      started = performance.now();
      timestamp = frame.timestamp;
    }
    const source = frame ?? this.video;
    if (!source || this.stopped) return frame?.close();
    try {
      context2d(this.input).drawImage(source, 0, 0, MODEL_WIDTH, MODEL_HEIGHT);
      this.frameTime = timestamp;
      this.source = source;
      await this.segmenter!.send({ image: this.input });
    } finally {
      this.source = undefined;
      frame?.close();
    }
    const spent = performance.now() - started;
    const n = Math.min(this.stats.frames, 29);
    this.stats.msPerFrame = (this.stats.msPerFrame * n + spent) / (n + 1);
    this.stats.frames += 1;
  }

  private loop(): void {
    if (this.stopped) return;
    const run = () => {
      this.lastRun = performance.now();
      return this.next().then(
        () => this.loop(),
        (error: unknown) => {
          if (!this.stopped) this.onFailure(error);
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

  /** Person over the chosen background, the edge taken from the refined mask. */
  private compose(results: SegmentationResults): void {
    const source = this.source;
    if (this.stopped || !source) return;
    const started = performance.now();
    const { width, height } = this;
    const maskCtx = context2d(this.mask, true);
    maskCtx.globalCompositeOperation = 'copy';
    maskCtx.drawImage(results.segmentationMask, 0, 0, this.mask.width, this.mask.height);
    const pixels = maskCtx.getImageData(0, 0, this.mask.width, this.mask.height);
    refineMask(pixels.data, BACKGROUND_MASK_LOW, BACKGROUND_MASK_HIGH);
    maskCtx.putImageData(pixels, 0, 0);

    const ctx = context2d(this.out);
    ctx.save();
    ctx.globalCompositeOperation = 'copy';
    ctx.imageSmoothingEnabled = true;
    ctx.drawImage(this.mask, 0, 0, width, height);
    ctx.globalCompositeOperation = 'source-in';
    ctx.drawImage(source, 0, 0, width, height);
    ctx.globalCompositeOperation = 'destination-over';
    if (this.current.kind === 'blur') {
      const small = context2d(this.small);
      small.filter = `blur(${BACKGROUND_BLUR_PX / BLUR_SCALE}px)`;
      small.drawImage(source, 0, 0, this.small.width, this.small.height);
      small.filter = 'none';
      ctx.drawImage(this.small, 0, 0, width, height);
    } else if (this.image) {
      drawCover(ctx, this.image, width, height);
    }
    ctx.restore();
    if (this.writer) {
      const frame = new VideoFrame(this.out, { timestamp: this.frameTime });
      this.writer.write(frame).catch(() => frame.close());
    }
    const n = Math.min(this.stats.frames, 29);
    this.stats.composeMs = (this.stats.composeMs * n + performance.now() - started) / (n + 1);
  }
}

/** Draws `image` filling the frame, cropped at the centre (object-fit: cover). */
function drawCover(
  ctx: CanvasRenderingContext2D,
  image: HTMLImageElement,
  width: number,
  height: number,
): void {
  const scale = Math.max(width / image.naturalWidth, height / image.naturalHeight);
  const w = width / scale;
  const h = height / scale;
  ctx.drawImage(
    image,
    (image.naturalWidth - w) / 2,
    (image.naturalHeight - h) / 2,
    w,
    h,
    0,
    0,
    width,
    height,
  );
}

export interface VideoEffectsEvents {
  /** A pipeline started: `output` is its track now (calls may have answered the raw one). */
  changed: [];
  /** The effect broke and was stopped; the raw camera is what `output` gives now. */
  failed: [];
}

/**
 * The camera's effect: holds the raw track and, while an effect is on, the pipeline whose output
 * replaces it. `output` is the track to show and send; it changes when a pipeline starts
 * (`changed`) or fails (`failed`), so the owner reads it after each call and on those events.
 */
export class VideoEffects extends Emitter<VideoEffectsEvents> {
  private raw: MediaStreamTrack | null = null;
  private mode: EffectMode | null = null;
  private pipeline: BackgroundPipeline | undefined;
  /** The start in flight: a second call for the same camera waits for it instead of restarting. */
  private starting: Promise<void> | undefined;
  private generation = 0;

  /** The track to send: the effect's output when one runs, else the raw camera. */
  get output(): MediaStreamTrack | null {
    return this.pipeline?.output ?? this.raw;
  }

  get stats(): EffectStats | undefined {
    return this.pipeline?.stats;
  }

  /** A new raw camera track (or none); the old raw track is stopped. */
  async input(raw: MediaStreamTrack | null): Promise<void> {
    if (raw === this.raw) return;
    this.raw?.stop();
    this.raw = raw;
    this.stopPipeline();
    if (raw && this.mode) await this.run();
  }

  /** Switches the effect (null: none). */
  async apply(mode: EffectMode | null): Promise<void> {
    this.mode = mode;
    if (!mode || !this.raw) return this.stopPipeline();
    if (this.starting) await this.starting;
    // A later call (or a new camera, or a failure) took over meanwhile.
    if (this.mode !== mode || !this.raw) return;
    if (!this.pipeline) return this.run();
    try {
      await this.pipeline.setMode(mode);
    } catch (error) {
      this.fail(error);
    }
  }

  close(): void {
    this.stopPipeline();
    this.raw?.stop();
    this.raw = null;
    this.removeAllListeners();
  }

  private run(): Promise<void> {
    const starting = this.start();
    this.starting = starting;
    void starting.finally(() => {
      if (this.starting === starting) this.starting = undefined;
    });
    return starting;
  }

  private async start(): Promise<void> {
    const generation = ++this.generation;
    const pipeline = new BackgroundPipeline(this.raw!, this.mode!, (error) => {
      if (this.pipeline === pipeline) this.fail(error);
    });
    try {
      await pipeline.start();
    } catch (error) {
      pipeline.stop();
      if (generation === this.generation) this.fail(error);
      return;
    }
    if (generation !== this.generation) return pipeline.stop();
    this.pipeline = pipeline;
    // The mode may have changed while the model loaded.
    if (this.mode && this.mode !== pipeline.mode)
      await pipeline.setMode(this.mode).catch((e: unknown) => this.fail(e));
    this.emit('changed');
  }

  private fail(error: unknown): void {
    console.warn('background effect failed', error);
    this.mode = null;
    this.stopPipeline();
    this.emit('failed');
  }

  private stopPipeline(): void {
    this.generation += 1;
    this.pipeline?.stop();
    this.pipeline = undefined;
  }
}
