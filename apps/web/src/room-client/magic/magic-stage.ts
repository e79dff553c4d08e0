/**
 * Magic Cam (issue 15), one stage of the camera pipeline, after beauty. With the in-browser
 * engine it draws the prompt's look in WebGL (magic-gl.ts), restricted to the background or the
 * person by the selfie segmentation's mask when the prompt says so; with the stream engine it
 * hands camera frames to the stream (magic-stream.ts) and sends its newest stylised frame, the
 * camera itself until the first one arrives.
 */
import type { MagicLook } from '@meet/shared';
import { canvas, context2d } from '../effects/canvas';
import { MagicRenderer } from './magic-gl';
import type { MagicFrameSource } from './magic-stream';
import { PersonMask } from '../effects/person-mask';

/** What the stage draws; `onFrame` hears of every stylised frame it puts out. */
export type MagicMode = (
  { engine: 'webgl'; look: MagicLook } | { engine: 'stream'; frames: MagicFrameSource }
) & { onFrame: () => void };

export class MagicStage {
  /** Drawing time (a moving average). */
  magicMs = 0;
  private renderer: MagicRenderer | undefined;
  private mask: PersonMask | undefined;
  /** The stream engine's output, at the camera's size. */
  private out: HTMLCanvasElement | undefined;
  private shown = 0;
  private frames = 0;
  private closed = false;

  constructor(
    private readonly width: number,
    private readonly height: number,
    private current: MagicMode,
  ) {}

  get mode(): MagicMode {
    return this.current;
  }

  /** Applies `mode`, loading the segmentation model the first time a scope needs it. */
  async configure(mode: MagicMode): Promise<void> {
    if (mode.engine === 'webgl') {
      this.renderer ??= new MagicRenderer(this.width, this.height);
      if (mode.look.scope !== 'all' && !this.mask) {
        const mask = new PersonMask();
        this.mask = mask;
        await mask.open().catch((error: unknown) => {
          mask.close();
          if (this.mask === mask) this.mask = undefined;
          throw error;
        });
        if (this.closed) mask.close();
      }
    }
    this.current = mode;
    this.shown = 0;
  }

  /**
   * The stylised frame: with `toCanvas` (or the stream engine) an image valid until the next
   * call, else null and the result is taken as I420 from `frame`.
   */
  async process(
    source: CanvasImageSource & TexImageSource,
    toCanvas: boolean,
  ): Promise<(CanvasImageSource & TexImageSource) | null> {
    if (this.closed) throw new Error('magic stage is closed');
    const mode = this.current;
    const started = performance.now();
    let result: (CanvasImageSource & TexImageSource) | null;
    if (mode.engine === 'stream') {
      result = this.fromStream(source, mode.frames, mode.onFrame);
    } else {
      const renderer = this.renderer!;
      const mask = mode.look.scope !== 'all' && this.mask ? await this.mask.segment(source) : null;
      if (this.closed) throw new Error('magic stage is closed');
      const drawn = toCanvas || !renderer.sendsI420;
      await renderer.render(source, mode.look, mask, drawn);
      mode.onFrame();
      result = drawn ? renderer.canvas : null;
    }
    const n = Math.min(this.frames++, 29);
    this.magicMs = (this.magicMs * n + performance.now() - started) / (n + 1);
    return result;
  }

  /** The last WebGL result as an I420 frame (null: send the image `process` answered). */
  frame(timestamp: number): VideoFrame | null {
    return this.current.engine === 'webgl' ? (this.renderer?.frame(timestamp) ?? null) : null;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.mask?.close();
    this.renderer?.close();
  }

  private fromStream(
    source: CanvasImageSource & TexImageSource,
    frames: MagicFrameSource,
    onFrame: () => void,
  ): CanvasImageSource & TexImageSource {
    frames.offer(source);
    const latest = frames.latest;
    if (!latest) return source;
    this.out ??= canvas(this.width, this.height);
    context2d(this.out).drawImage(latest, 0, 0, this.width, this.height);
    if (frames.received !== this.shown) {
      this.shown = frames.received;
      onFrame();
    }
    return this.out;
  }
}
