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
import { FrameUpload } from './frame-upload';
import { I420Pass } from './i420-frames';
import { COMMON, FINISH, LOOKS, VERTEX } from './magic-shaders';

const SCOPES = { all: 0, background: 1, person: 2 } as const;
const TINT_AMOUNT = 0.45;

interface Target {
  texture: WebGLTexture;
  framebuffer: WebGLFramebuffer;
  width: number;
  height: number;
}

export class MagicRenderer {
  readonly canvas: HTMLCanvasElement;
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
  private readonly uniforms = new WeakMap<WebGLProgram, Map<string, WebGLUniformLocation | null>>();
  private result: Target | null = null;

  constructor(
    private readonly width: number,
    private readonly height: number,
  ) {
    this.canvas = document.createElement('canvas');
    this.canvas.width = width;
    this.canvas.height = height;
    const gl = this.canvas.getContext('webgl2', {
      alpha: false,
      antialias: false,
      depth: false,
      stencil: false,
      premultipliedAlpha: false,
      // The pipeline may read the canvas after an await.
      preserveDrawingBuffer: true,
    });
    if (!gl) throw new Error('magic: no WebGL2');
    this.gl = gl;
    this.upload = new FrameUpload(gl, width, height);
    this.quarter = this.target(Math.ceil(width / 4), Math.ceil(height / 4));
    const half = [Math.ceil(width / 2), Math.ceil(height / 2)] as const;
    this.half = [this.target(...half), this.target(...half)];
    this.maskTexture = this.texture();
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
    if (gl.isContextLost()) throw new Error('magic: WebGL context lost');
    const original = await this.upload.upload(source);
    const time = (performance.now() % 1e6) / 1000;
    let input = original;
    let turn = 0;
    for (const name of look.looks) {
      const { pre, body } = LOOKS[name];
      if (pre) {
        const program = this.program(`${name}:pre`, pre);
        this.bind(program, input, null, time);
        this.draw(this.quarter);
      }
      const out = this.half[turn % 2]!;
      const program = this.program(name, `${COMMON}\nvoid main() {${body}\n}`);
      this.bind(program, input, pre ? this.quarter.texture : null, time);
      this.draw(out);
      input = out.texture;
      this.result = out;
      turn += 1;
    }
    const scope = mask ? SCOPES[look.scope] : 0;
    if (look.tint || scope) {
      const program = this.program('finish', FINISH);
      this.bind(program, input, null, time);
      this.sampler(program, 'original', 2, original);
      if (scope && mask) {
        gl.activeTexture(gl.TEXTURE3);
        gl.bindTexture(gl.TEXTURE_2D, this.maskTexture);
        gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, mask);
        gl.uniform1i(this.uniform(program, 'mask'), 3);
      }
      gl.uniform1i(this.uniform(program, 'scope'), scope);
      const tint = look.tint ?? [0, 0, 0];
      gl.uniform3f(this.uniform(program, 'tint'), tint[0] / 255, tint[1] / 255, tint[2] / 255);
      gl.uniform1f(this.uniform(program, 'tintAmount'), look.tint ? TINT_AMOUNT : 0);
      const out = this.half[turn % 2]!;
      this.draw(out);
      this.result = out;
    }
    gl.activeTexture(gl.TEXTURE0);
    const result = this.result;
    if (!toCanvas || !result) return;
    // The canvas gets the result upright, scaled up to the frame's size.
    gl.bindFramebuffer(gl.READ_FRAMEBUFFER, result.framebuffer);
    gl.bindFramebuffer(gl.DRAW_FRAMEBUFFER, null);
    gl.blitFramebuffer(
      0,
      0,
      result.width,
      result.height,
      0,
      this.height,
      this.width,
      0,
      gl.COLOR_BUFFER_BIT,
      gl.LINEAR,
    );
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
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
    this.gl.getExtension('WEBGL_lose_context')?.loseContext();
  }

  private bind(
    program: WebGLProgram,
    src: WebGLTexture,
    pre: WebGLTexture | null,
    time: number,
  ): void {
    const { gl } = this;
    gl.useProgram(program);
    this.sampler(program, 'src', 0, src);
    if (pre) this.sampler(program, 'pre', 1, pre);
    gl.uniform2f(this.uniform(program, 'size'), this.width, this.height);
    gl.uniform1f(this.uniform(program, 'time'), time);
  }

  private sampler(program: WebGLProgram, name: string, unit: number, texture: WebGLTexture) {
    const { gl } = this;
    gl.activeTexture(gl.TEXTURE0 + unit);
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.uniform1i(this.uniform(program, name), unit);
  }

  private draw(target: Target): void {
    const { gl } = this;
    gl.bindFramebuffer(gl.FRAMEBUFFER, target.framebuffer);
    gl.viewport(0, 0, target.width, target.height);
    gl.drawArrays(gl.TRIANGLES, 0, 3);
  }

  private uniform(program: WebGLProgram, name: string): WebGLUniformLocation | null {
    let locations = this.uniforms.get(program);
    if (!locations) this.uniforms.set(program, (locations = new Map()));
    if (!locations.has(name)) locations.set(name, this.gl.getUniformLocation(program, name));
    return locations.get(name) ?? null;
  }

  /** An RGBA8 texture with bilinear filtering and clamped edges (storage set by the caller). */
  private texture(): WebGLTexture {
    const { gl } = this;
    const texture = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    return texture;
  }

  private target(width: number, height: number): Target {
    const { gl } = this;
    const texture = this.texture();
    gl.texStorage2D(gl.TEXTURE_2D, 1, gl.RGBA8, width, height);
    const framebuffer = gl.createFramebuffer();
    gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, texture, 0);
    if (gl.checkFramebufferStatus(gl.FRAMEBUFFER) !== gl.FRAMEBUFFER_COMPLETE)
      throw new Error('magic: render target incomplete');
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    return { texture, framebuffer, width, height };
  }

  private program(key: string, fragment: string): WebGLProgram {
    const known = this.programs.get(key);
    if (known) return known;
    const { gl } = this;
    const program = gl.createProgram();
    for (const [type, source] of [
      [gl.VERTEX_SHADER, VERTEX],
      [gl.FRAGMENT_SHADER, fragment],
    ] as const) {
      const shader = gl.createShader(type);
      if (!shader) throw new Error('magic: no shader');
      gl.shaderSource(shader, source);
      gl.compileShader(shader);
      if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS))
        throw new Error(`magic: ${key} shader did not compile: ${gl.getShaderInfoLog(shader)}`);
      gl.attachShader(program, shader);
    }
    gl.linkProgram(program);
    if (!gl.getProgramParameter(program, gl.LINK_STATUS))
      throw new Error(`magic: ${key} program did not link: ${gl.getProgramInfoLog(program)}`);
    this.programs.set(key, program);
    return program;
  }
}
