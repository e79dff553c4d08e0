/**
 * Magic Cam's in-browser engine (no AI model): each look of packages/shared's magic-prompt as a
 * real image operation in WebGL2 shaders, drawn into a canvas of the frame's size.
 *
 * A look is one pass (magic-shaders.ts), some with a pass before it: an edge-preserving
 * Kuwahara filter (watercolor, comic, sketch, oil: flat areas, kept edges, no camera noise), a
 * blur (pixel) or coloured edges (neon's glow). A second look
 * draws over the first one's result. A last pass mixes in the tint and, for "only the background"
 * / "only me", keeps the camera where the person mask says so. Looks are drawn at half the
 * frame's size and their pre-passes at a quarter (a sixteenth of the pixels), then scaled up on
 * the way out: software GL (no GPU) spends its time per pixel drawn, and a stylised picture loses
 * little. Shaders measure in the frame's own pixels whatever size they draw at. Every texture
 * has its top row first, like the camera's frame; the canvas gets a flipped copy.
 */
import type { MagicLook } from '@meet/shared';
import { FrameUpload } from '../effects/frame-upload';
import { GlKit, type Target } from '../effects/gl-kit';
import { I420Pass } from '../effects/i420-frames';
import { COMMON, FINISH, LOOKS } from './magic-shaders';

const SCOPES = { all: 0, background: 1, person: 2 } as const;
const TINT_AMOUNT = 0.45;

export class MagicRenderer {
  private readonly kit: GlKit;
  private readonly gl: WebGL2RenderingContext;
  private readonly upload: FrameUpload;
  /** Pre-passes, at a quarter of the frame's size. */
  private readonly quarter: Target;
  /** Results at half the frame's size, written in turn (a look reads the one before). */
  private readonly half: [Target, Target];
  private readonly maskTexture: WebGLTexture;
  private readonly i420: I420Pass | null;
  /** Compiled on first use: a look not asked for costs nothing. */
  private readonly programs = new Map<string, WebGLProgram>();
  private result: Target | null = null;

  constructor(
    private readonly width: number,
    private readonly height: number,
  ) {
    this.kit = new GlKit(width, height, 'magic');
    const gl = this.kit.gl;
    this.gl = gl;
    this.upload = new FrameUpload(gl, width, height);
    this.quarter = this.kit.target(Math.ceil(width / 4), Math.ceil(height / 4));
    const half = [Math.ceil(width / 2), Math.ceil(height / 2)] as const;
    this.half = [this.kit.target(...half), this.kit.target(...half)];
    this.maskTexture = this.kit.texture();
    this.i420 = I420Pass.fits(width, height) ? new I420Pass(gl, width, height) : null;
  }

  /**
   * Draws `source` in `look`; `mask` (alpha: the person) is needed for a scope other than 'all'.
   * `toCanvas`: also into `canvas`, which sending the result as I420 (`frame`) does not need.
   */
  async render(
    source: TexImageSource,
    look: MagicLook,
    mask: TexImageSource | null,
    toCanvas: boolean,
  ): Promise<void> {
    const { gl } = this;
    this.kit.checkContext();
    const original = await this.upload.upload(source);
    const time = (performance.now() % 1e6) / 1000;
    let input = original;
    let turn = 0;
    for (const name of look.looks) {
      const { pre, body } = LOOKS[name];
      if (pre) {
        const program = this.program(`${name}:pre`, pre);
        this.bind(program, input, null, time);
        this.kit.draw(this.quarter);
      }
      const out = this.half[turn % 2]!;
      const program = this.program(name, `${COMMON}\nvoid main() {${body}\n}`);
      this.bind(program, input, pre ? this.quarter.texture : null, time);
      this.kit.draw(out);
      input = out.texture;
      this.result = out;
      turn += 1;
    }
    const scope = mask ? SCOPES[look.scope] : 0;
    if (look.tint || scope) {
      const program = this.program('finish', FINISH);
      this.bind(program, input, null, time);
      this.kit.sampler(program, 'original', 2, original);
      if (scope && mask) {
        gl.activeTexture(gl.TEXTURE3);
        gl.bindTexture(gl.TEXTURE_2D, this.maskTexture);
        gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, mask);
        gl.uniform1i(this.kit.uniform(program, 'mask'), 3);
      }
      gl.uniform1i(this.kit.uniform(program, 'scope'), scope);
      const tint = look.tint ?? [0, 0, 0];
      gl.uniform3f(this.kit.uniform(program, 'tint'), tint[0] / 255, tint[1] / 255, tint[2] / 255);
      gl.uniform1f(this.kit.uniform(program, 'tintAmount'), look.tint ? TINT_AMOUNT : 0);
      const out = this.half[turn % 2]!;
      this.kit.draw(out);
      this.result = out;
    }
    gl.activeTexture(gl.TEXTURE0);
    // The canvas gets the result upright, scaled up to the frame's size.
    if (toCanvas && this.result) this.kit.toCanvas(this.result);
  }

  get canvas(): HTMLCanvasElement {
    return this.kit.canvas;
  }

  /** Whether `frame` can answer (the size splits into whole I420 planes). */
  get sendsI420(): boolean {
    return this.i420 !== null;
  }

  /** The last result as an I420 frame to send, or null where the size does not allow it. */
  frame(timestamp: number): VideoFrame | null {
    if (!this.result) return null;
    return this.i420?.frame(this.result.texture, timestamp) ?? null;
  }

  close(): void {
    this.kit.close();
  }

  private bind(
    program: WebGLProgram,
    src: WebGLTexture,
    pre: WebGLTexture | null,
    time: number,
  ): void {
    const { gl } = this;
    gl.useProgram(program);
    this.kit.sampler(program, 'src', 0, src);
    if (pre) this.kit.sampler(program, 'pre', 1, pre);
    gl.uniform2f(this.kit.uniform(program, 'size'), this.width, this.height);
    gl.uniform1f(this.kit.uniform(program, 'time'), time);
  }

  private program(key: string, fragment: string): WebGLProgram {
    const known = this.programs.get(key);
    if (known) return known;
    const program = this.kit.program(fragment);
    this.programs.set(key, program);
    return program;
  }
}
