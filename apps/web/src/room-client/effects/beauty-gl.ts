/**
 * The beauty filters' WebGL2 renderer: skin smoothing, whitening and the face warp (slim face,
 * bigger eyes) of one camera frame, drawn into a canvas of the frame's size.
 *
 * Smoothing is an edge-preserving local-statistics filter (a simplified fast guided filter):
 * at half size, the local mean colour and brightness variance over a 17 px box; at full size each
 * pixel moves toward its local mean where the variance is small (skin texture) and keeps itself
 * where it is large (the edges of eyes, lips, hair). Smoothing and whitening are weighted by how
 * skin-like a pixel's colour is (a soft region of the YCbCr plane), so a wall or a shirt keeps
 * its texture. The full-size pass reads two textures a pixel, which software GL (no GPU) can do
 * at 30 fps.
 */
import { MAX_BULGES, MAX_SHIFTS, type FaceWarp } from './beauty-warp';
import { FrameUpload } from './frame-upload';
import { GlKit, type Target } from './gl-kit';
import { I420Pass } from './i420-frames';

export interface BeautyParams {
  /** 0..1 */
  smooth: number;
  /** 0..1 */
  whiten: number;
  warp: FaceWarp;
}

/** The box's half width at half size (4 half-size pixels: 17 full-size pixels across). */
const BOX_RADIUS = 4;
/** The variance at which a pixel is half smoothed, at full smoothing. */
const MAX_EPSILON = 0.006;
/** The whitening curve log(1 + (B - 1) x) / log(B): B = 4 lifts mid-tones by about a third. */
const WHITEN_BASE = 4;

/**
 * Half size: mean colour and mean squared brightness of each 2x2 block, the brightness taken
 * from 0.5 so that the squares stay small enough for half floats to hold their differences.
 */
const STATS = `#version 300 es
precision highp float;
uniform sampler2D frame;
uniform vec2 texel;
in vec2 uv;
out vec4 color;
const vec3 LUMA = vec3(0.299, 0.587, 0.114);
void main() {
  vec3 sum = vec3(0.0);
  float squares = 0.0;
  for (int j = 0; j < 2; j++) {
    for (int i = 0; i < 2; i++) {
      vec3 c = texture(frame, uv + (vec2(i, j) - 0.5) * texel).rgb;
      float y = dot(c, LUMA) - 0.5;
      sum += c;
      squares += y * y;
    }
  }
  color = vec4(sum / 4.0, squares / 4.0);
}`;

/** One direction of the box filter over the statistics. */
const BOX = `#version 300 es
precision highp float;
uniform sampler2D source;
uniform ivec2 direction;
out vec4 color;
void main() {
  ivec2 size = textureSize(source, 0);
  ivec2 at = ivec2(gl_FragCoord.xy);
  vec4 sum = vec4(0.0);
  for (int k = -${BOX_RADIUS}; k <= ${BOX_RADIUS}; k++)
    sum += texelFetch(source, clamp(at + direction * k, ivec2(0), size - 1), 0);
  color = sum / ${(2 * BOX_RADIUS + 1).toFixed(1)};
}`;

const FINAL = `#version 300 es
precision highp float;
uniform sampler2D frame;
uniform sampler2D stats;
uniform vec2 size;
uniform float smoothing;
uniform float epsilon;
uniform float whiten;
uniform int bulgeCount;
uniform vec4 bulges[${MAX_BULGES}];
uniform int shiftCount;
uniform vec4 shifts[${MAX_SHIFTS}];
uniform float shiftRadius[${MAX_SHIFTS}];
in vec2 uv;
out vec4 color;
const vec3 LUMA = vec3(0.299, 0.587, 0.114);

// The same map as warpSource in beauty-warp.ts, in pixels from the top left.
vec2 warp(vec2 q) {
  for (int i = 0; i < ${MAX_BULGES}; i++) {
    if (i >= bulgeCount) break;
    vec4 b = bulges[i];
    float d = distance(q, b.xy);
    if (d >= b.z) continue;
    float t = d / b.z;
    q = b.xy + (q - b.xy) * (1.0 - b.w * (1.0 - t * t));
  }
  for (int i = 0; i < ${MAX_SHIFTS}; i++) {
    if (i >= shiftCount) break;
    vec4 s = shifts[i];
    float r2 = shiftRadius[i] * shiftRadius[i];
    vec2 off = q - s.xy;
    float d2 = dot(off, off);
    if (d2 >= r2) continue;
    float w = (r2 - d2) / (r2 - d2 + dot(s.zw, s.zw));
    q -= w * w * s.zw;
  }
  return q;
}

// How skin-like a colour is: 1 inside a soft ellipse of the CbCr plane, 0 away from it or dark.
float skin(vec3 c) {
  float cb = 0.5 - 0.168736 * c.r - 0.331264 * c.g + 0.5 * c.b;
  float cr = 0.5 + 0.5 * c.r - 0.418688 * c.g - 0.081312 * c.b;
  float d = length(vec2((cb - 0.41) / 0.11, (cr - 0.59) / 0.085));
  return (1.0 - smoothstep(0.7, 1.2, d)) * smoothstep(0.12, 0.25, dot(c, LUMA));
}

void main() {
  // Rows top first, like the frame's texture (the canvas gets a flipped copy).
  vec2 p = uv * size;
  vec2 st = warp(p) / size;
  vec3 c = texture(frame, st).rgb;
  float weight = skin(c);
  if (smoothing > 0.0) {
    vec4 s = texture(stats, st);
    float mean = dot(s.rgb, LUMA) - 0.5;
    float variance = max(s.a - mean * mean, 0.0);
    float keep = variance / (variance + epsilon);
    c = mix(c, mix(s.rgb, c, keep), smoothing * weight);
  }
  if (whiten > 0.0) {
    vec3 lifted = log(1.0 + ${(WHITEN_BASE - 1).toFixed(1)} * c) / log(${WHITEN_BASE.toFixed(1)});
    c = mix(c, lifted, whiten * weight);
  }
  color = vec4(c, 1.0);
}`;

export class BeautyRenderer {
  private readonly kit: GlKit;
  private readonly gl: WebGL2RenderingContext;
  private readonly upload: FrameUpload;
  private readonly stats: Target;
  private readonly scratch: Target;
  /** The filtered frame, read by the canvas copy and the I420 pass. */
  private readonly result: Target;
  private readonly i420: I420Pass | null;
  private readonly statsProgram: WebGLProgram;
  private readonly boxProgram: WebGLProgram;
  private readonly finalProgram: WebGLProgram;

  constructor(
    private readonly width: number,
    private readonly height: number,
  ) {
    this.kit = new GlKit(width, height, 'beauty');
    const gl = this.kit.gl;
    this.gl = gl;
    // Half floats: 32-bit ones (and their filtering) cost several times more in software GL.
    if (
      !gl.getExtension('EXT_color_buffer_float') &&
      !gl.getExtension('EXT_color_buffer_half_float')
    )
      throw new Error('beauty: no float render targets');
    const format = gl.RGBA16F;
    this.upload = new FrameUpload(gl, width, height);
    const half = [Math.ceil(width / 2), Math.ceil(height / 2)] as const;
    this.stats = this.kit.target(...half, format);
    this.scratch = this.kit.target(...half, format);
    this.result = this.kit.target(width, height);
    this.i420 = I420Pass.fits(width, height) ? new I420Pass(gl, width, height) : null;
    this.statsProgram = this.kit.program(STATS);
    this.boxProgram = this.kit.program(BOX);
    this.finalProgram = this.kit.program(FINAL);
  }

  /**
   * Draws `source` with the filters; `toCanvas`: also into `canvas` (for the background stage or
   * a canvas capture), which sending the result as I420 (`frame`) does not need.
   */
  async render(source: TexImageSource, params: BeautyParams, toCanvas: boolean): Promise<void> {
    const { gl } = this;
    this.kit.checkContext();
    const frame = await this.upload.upload(source);

    if (params.smooth > 0) {
      gl.useProgram(this.statsProgram);
      this.kit.sampler(this.statsProgram, 'frame', 0, frame);
      gl.uniform2f(this.kit.uniform(this.statsProgram, 'texel'), 1 / this.width, 1 / this.height);
      this.kit.draw(this.stats);
      gl.useProgram(this.boxProgram);
      for (const [from, to, direction] of [
        [this.stats, this.scratch, [1, 0]],
        [this.scratch, this.stats, [0, 1]],
      ] as const) {
        this.kit.sampler(this.boxProgram, 'source', 0, from.texture);
        gl.uniform2i(this.kit.uniform(this.boxProgram, 'direction'), direction[0], direction[1]);
        this.kit.draw(to);
      }
    }

    const program = this.finalProgram;
    gl.useProgram(program);
    this.kit.sampler(program, 'frame', 0, frame);
    this.kit.sampler(program, 'stats', 1, this.stats.texture);
    gl.uniform2f(this.kit.uniform(program, 'size'), this.width, this.height);
    gl.uniform1f(this.kit.uniform(program, 'smoothing'), params.smooth);
    gl.uniform1f(this.kit.uniform(program, 'epsilon'), Math.max(1e-6, params.smooth * MAX_EPSILON));
    gl.uniform1f(this.kit.uniform(program, 'whiten'), params.whiten);
    const { bulges, shifts } = params.warp;
    gl.uniform1i(this.kit.uniform(program, 'bulgeCount'), Math.min(bulges.length, MAX_BULGES));
    if (bulges.length)
      gl.uniform4fv(
        this.kit.uniform(program, 'bulges'),
        bulges.slice(0, MAX_BULGES).flatMap((b) => [b.x, b.y, b.radius, b.strength]),
      );
    gl.uniform1i(this.kit.uniform(program, 'shiftCount'), Math.min(shifts.length, MAX_SHIFTS));
    if (shifts.length) {
      const used = shifts.slice(0, MAX_SHIFTS);
      gl.uniform4fv(
        this.kit.uniform(program, 'shifts'),
        used.flatMap((s) => [s.x, s.y, s.dx, s.dy]),
      );
      gl.uniform1fv(
        this.kit.uniform(program, 'shiftRadius'),
        used.map((s) => s.radius),
      );
    }
    this.kit.draw(this.result);
    // The canvas gets the result upright.
    if (toCanvas) this.kit.toCanvas(this.result);
  }

  get canvas(): HTMLCanvasElement {
    return this.kit.canvas;
  }

  /** The last result as an I420 frame to send, or null where the size does not allow it. */
  frame(timestamp: number): VideoFrame | null {
    return this.i420?.frame(this.result.texture, timestamp) ?? null;
  }

  close(): void {
    this.kit.close();
  }
}
