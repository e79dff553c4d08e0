/**
 * The person in a camera frame, from MediaPipe's selfie segmentation (its script, wasm and
 * .tflite served from our own origin). It runs on this thread (its loader needs the document),
 * on a small copy of the frame. The virtual background and Magic Cam's scope ("only the
 * background", "only me") use it, never both at once (one excludes the other).
 */
import { BACKGROUND_MASK_HIGH, BACKGROUND_MASK_LOW } from '@meet/shared';
import { canvas, context2d } from './canvas';
import { refineMask } from './mask';
import { initializeInTurn, loadSolution, solutionBase } from './mediapipe-solutions';

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

/** The selfie segmentation model, loaded and initialised; its masks go to `onResults` during each `send`. */
async function openSelfieSegmenter(
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

/**
 * The person's mask of each frame: RGBA at the model's size, top row first, the person's weight
 * in alpha with SPEC.md's thresholds (0.5 to 0.9) for a clean edge.
 */
export class PersonMask {
  private readonly input = canvas(MODEL_WIDTH, MODEL_HEIGHT);
  private readonly output = canvas(MODEL_WIDTH, MODEL_HEIGHT);
  private segmenter: Segmenter | undefined;
  private latest: ImageData | undefined;
  private closed = false;

  /** Loads the model. */
  async open(): Promise<void> {
    const segmenter = await openSelfieSegmenter((results) => this.refine(results));
    if (this.closed) void segmenter.close().catch(() => undefined);
    else this.segmenter = segmenter;
  }

  /** The mask of `source`, valid until the next call. */
  async segment(source: CanvasImageSource): Promise<ImageData> {
    if (!this.segmenter || this.closed) throw new Error('person mask is not running');
    context2d(this.input).drawImage(source, 0, 0, MODEL_WIDTH, MODEL_HEIGHT);
    this.latest = undefined;
    await this.segmenter.send({ image: this.input });
    if (this.closed) throw new Error('person mask is closed');
    if (!this.latest) throw new Error('the segmentation gave no mask');
    return this.latest;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    void this.segmenter?.close().catch(() => undefined);
  }

  private refine(results: SegmentationResults): void {
    if (this.closed) return;
    const ctx = context2d(this.output, true);
    ctx.globalCompositeOperation = 'copy';
    ctx.drawImage(results.segmentationMask, 0, 0, MODEL_WIDTH, MODEL_HEIGHT);
    const pixels = ctx.getImageData(0, 0, MODEL_WIDTH, MODEL_HEIGHT);
    refineMask(pixels.data, BACKGROUND_MASK_LOW, BACKGROUND_MASK_HIGH);
    this.latest = pixels;
  }
}
