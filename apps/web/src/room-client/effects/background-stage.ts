/**
 * Virtual background (issue 15), one stage of the camera pipeline: the person over a blurred
 * copy of the frame or over an image. The person's mask comes from the selfie segmentation
 * (person-mask.ts); the composition is drawn in WebGL and sent as I420 (background-gl.ts).
 */
import { BackgroundRenderer, type Backdrop } from './background-gl';
import type { EffectMode } from './effect-mode';
import { PersonMask } from './person-mask';

async function loadImage(url: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.src = url;
  await image.decode();
  return image;
}

export class BackgroundStage {
  /** Drawing time (the person over the background, in WebGL), a moving average. */
  composeMs = 0;
  private readonly mask = new PersonMask();
  private readonly renderer: BackgroundRenderer;
  private image: HTMLImageElement | undefined;
  private frames = 0;
  private closed = false;

  constructor(
    width: number,
    height: number,
    private current: EffectMode,
  ) {
    this.renderer = new BackgroundRenderer(width, height);
  }

  /** Loads the model (and the image). */
  async start(): Promise<void> {
    if (this.current.kind === 'image') this.image = await loadImage(this.current.url);
    await this.mask.open();
  }

  async setMode(mode: EffectMode): Promise<void> {
    const image = mode.kind === 'image' ? await loadImage(mode.url) : undefined;
    this.current = mode;
    this.image = image;
  }

  get mode(): EffectMode {
    return this.current;
  }

  /**
   * The person in `source` over the background. `toCanvas` (or a size I420 cannot take): the
   * result as a canvas valid until the next call; otherwise null, and `frame` gives it as I420.
   */
  async process(
    source: CanvasImageSource & TexImageSource,
    toCanvas: boolean,
  ): Promise<HTMLCanvasElement | null> {
    if (this.closed) throw new Error('background stage is closed');
    const mask = await this.mask.segment(source);
    const started = performance.now();
    const drawn = toCanvas || !this.renderer.sendsI420;
    const backdrop: Backdrop =
      this.current.kind === 'image' && this.image
        ? { kind: 'image', image: this.image }
        : { kind: 'blur' };
    await this.renderer.render(source, mask, backdrop, drawn);
    const n = Math.min(this.frames++, 29);
    this.composeMs = (this.composeMs * n + performance.now() - started) / (n + 1);
    return drawn ? this.renderer.canvas : null;
  }

  /** The last result as an I420 frame (null: send the canvas `process` answered). */
  frame(timestamp: number): VideoFrame | null {
    return this.renderer.frame(timestamp);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.mask.close();
    this.renderer.close();
  }
}
