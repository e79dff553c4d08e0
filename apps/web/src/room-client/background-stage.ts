/**
 * Virtual background (issue 15), one stage of the camera pipeline: the person over a blurred
 * copy of the frame or over an image. Segmentation is MediaPipe's selfie model, whose script,
 * wasm and .tflite are served from our own origin; it runs on this thread (its loader needs the
 * document), on a small copy of the frame.
 */
import { BACKGROUND_BLUR_PX, BACKGROUND_MASK_HIGH, BACKGROUND_MASK_LOW } from '@meet/shared';
import { canvas, context2d } from './canvas';
import type { EffectMode } from './effect-mode';
import { refineMask } from './mask';
import { initializeInTurn, loadSolution, solutionBase } from './mediapipe-solutions';

/** Blurring a quarter-size copy (then scaling it up) looks the same and costs a sixteenth. */
const BLUR_SCALE = 4;
/**
 * The landscape model's input size. The frame is scaled down to it here: handing MediaPipe the
 * full frame costs a read-back of all of it (about 100 ms a frame in software GL, against 15 ms).
 */
export const MODEL_WIDTH = 256;
export const MODEL_HEIGHT = 144;

export interface SegmentationResults {
  image: CanvasImageSource;
  segmentationMask: CanvasImageSource;
}
export interface Segmenter {
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

/**
 * The selfie segmentation model, loaded and initialised; its masks go to `onResults` during each
 * `send`. The background and Magic Cam's scope ("only the background", "only me") use it, never
 * both at once (one excludes the other).
 */
export async function openSelfieSegmenter(
  onResults: (results: SegmentationResults) => void,
): Promise<Segmenter> {
  const Segmentation = await loadSolution<SegmenterClass>(
    'selfie_segmentation',
    'selfie_segmentation.js',
    'SelfieSegmentation',
  );
  const segmenter = new Segmentation({
    locateFile: (file) => `${solutionBase('selfie_segmentation')}${file}`,
  });
  // The landscape model (144x256) suits a 16:9 camera and is the faster one. Inference on the
  // CPU (XNNPACK, wasm SIMD) keeps the mask off the GPU read-back path: with software GL (no
  // GPU, headless) it is 15 ms a frame instead of 130.
  segmenter.setOptions({ modelSelection: 1, selfieMode: false, useCpuInference: true });
  segmenter.onResults(onResults);
  await initializeInTurn(() => segmenter.initialize());
  return segmenter;
}

async function loadImage(url: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.src = url;
  await image.decode();
  return image;
}

export class BackgroundStage {
  /** Drawing time (the mask's edge, the person over the background), a moving average. */
  composeMs = 0;
  private readonly input = canvas(MODEL_WIDTH, MODEL_HEIGHT);
  private readonly mask = canvas(MODEL_WIDTH, MODEL_HEIGHT);
  private readonly out: HTMLCanvasElement;
  private readonly small: HTMLCanvasElement;
  private segmenter: Segmenter | undefined;
  private image: HTMLImageElement | undefined;
  /** The frame being segmented, drawn by `compose` when the mask arrives. */
  private source: CanvasImageSource | undefined;
  private frames = 0;
  private closed = false;

  constructor(
    private readonly width: number,
    private readonly height: number,
    private current: EffectMode,
  ) {
    this.out = canvas(width, height);
    this.small = canvas(
      Math.max(1, Math.round(width / BLUR_SCALE)),
      Math.max(1, Math.round(height / BLUR_SCALE)),
    );
  }

  /** Loads the model (and the image). */
  async start(): Promise<void> {
    if (this.current.kind === 'image') this.image = await loadImage(this.current.url);
    this.segmenter = await openSelfieSegmenter((results) => this.compose(results));
    if (this.closed) void this.segmenter.close().catch(() => undefined);
  }

  async setMode(mode: EffectMode): Promise<void> {
    const image = mode.kind === 'image' ? await loadImage(mode.url) : undefined;
    this.current = mode;
    this.image = image;
  }

  get mode(): EffectMode {
    return this.current;
  }

  /** The person in `source` over the background: a canvas valid until the next call. */
  async process(source: CanvasImageSource): Promise<HTMLCanvasElement> {
    if (!this.segmenter || this.closed) throw new Error('background stage is not running');
    context2d(this.input).drawImage(source, 0, 0, MODEL_WIDTH, MODEL_HEIGHT);
    this.source = source;
    try {
      await this.segmenter.send({ image: this.input });
    } finally {
      this.source = undefined;
    }
    return this.out;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    void this.segmenter?.close().catch(() => undefined);
  }

  /** Person over the chosen background, the edge taken from the refined mask. */
  private compose(results: SegmentationResults): void {
    const source = this.source;
    if (this.closed || !source) return;
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
    const n = Math.min(this.frames++, 29);
    this.composeMs = (this.composeMs * n + performance.now() - started) / (n + 1);
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
