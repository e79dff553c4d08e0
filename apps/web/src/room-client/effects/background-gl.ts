/**
 * The virtual background's WebGL2 renderer: the person over a blurred copy of the frame or over
 * an image, the edge taken from the refined segmentation mask, sent as I420.
 *
 * Drawn with Canvas 2D and sent as an RGB VideoFrame, the colours arrived with their contrast
 * stretched (i420-frames.ts says why). Here the blur is a separable Gaussian at an eighth of the
 * frame's size (it looks the same: the background is meant to be soft, and software GL spends
 * its time per pixel drawn), and the composition is drawn straight into the I420 planes, the
 * person's bytes passed through from the camera's own planes: one pass, three textures read per
 * byte, no full-size RGB copy of the frame.
 */
import { BACKGROUND_BLUR_PX } from '@meet/shared';
import { FrameUpload, SOURCE_GLSL } from './frame-upload';
import { GlKit, type Target } from './gl-kit';
import { I420Pass } from './i420-frames';

/** The blur is drawn at 1 / BLUR_SCALE of the frame's size. */
const BLUR_SCALE = 8;
const SIGMA = BACKGROUND_BLUR_PX / BLUR_SCALE;
/** Taps each side of the Gaussian: 2.5 sigma at the blur's own scale. */
const TAPS = Math.ceil(SIGMA * 2.5);

/** The Gaussian's sum over `TAPS` each side of `uv`, `stride` apart, of `read`. */
const gaussian = (read: string) => `
  vec3 sum = vec3(0.0);
  float total = 0.0;
  for (int i = -${TAPS}; i <= ${TAPS}; i++) {
    float w = exp(-float(i * i) / ${(2 * SIGMA * SIGMA).toFixed(4)});
    sum += w * ${read}(uv + float(i) * stride);
    total += w;
  }
  color = vec4(sum / total, 1.0);`;

/** Across, reading the loaded frame at blur-pixel steps; `stride` is one blur pixel. */
const BLUR_ACROSS = `#version 300 es
precision highp float;
${SOURCE_GLSL}
in vec2 uv;
uniform vec2 stride;
out vec4 color;
void main() {${gaussian('sourceRgb')}
}`;

/** Down, within the small copy. */
const BLUR_DOWN = `#version 300 es
precision highp float;
in vec2 uv;
uniform sampler2D image;
uniform vec2 stride;
out vec4 color;
vec3 imageRgb(vec2 st) { return texture(image, st).rgb; }
void main() {${gaussian('imageRgb')}
}`;

/** What both ways of drawing the result share: the backdrop at a point, the mask's weight. */
const BACKDROP = `
uniform sampler2D mask;
uniform sampler2D backdrop;
// Maps the frame's coordinates into the backdrop's (object-fit: cover for an image).
uniform vec4 cover;
vec3 backdropAt(vec2 st) { return texture(backdrop, cover.xy + st * cover.zw).rgb; }
float personAt(vec2 st) { return texture(mask, st).a; }
`;

/** Into the canvas (for a later stage or a canvas capture): RGB. */
const COMPOSE = `#version 300 es
precision highp float;
${SOURCE_GLSL}
${BACKDROP}
in vec2 uv;
out vec4 color;
void main() {
  color = vec4(mix(backdropAt(uv), sourceRgb(uv), personAt(uv)), 1.0);
}`;

/**
 * Straight into I420 bytes: the person's are the camera's own (no conversion there and back),
 * the backdrop's are encoded in the camera's colour space. The mask, and a blurred backdrop,
 * change slowly: they are read once for four bytes (4 or 8 pixels across; the mask has a
 * texel per 5 pixels), an image backdrop for each byte.
 */
const BYTES = `
${SOURCE_GLSL}
${BACKDROP}
uniform bool blurred;
vec4 fourBytes(int kind, vec2 first, vec2 step) {
  vec2 middle = (first + 1.5 * step) / size;
  float person = personAt(middle);
  vec3 soft = backdropAt(middle);
  vec4 bytes;
  for (int i = 0; i < 4; i++) {
    vec2 st = (first + float(i) * step) / size;
    float behind = encodeByte(kind, blurred ? soft : backdropAt(st));
    bytes[i] = mix(behind, sourceByte(kind, st), person);
  }
  return bytes;
}
`;

/** What is behind the person: the frame blurred, or an image (decoded, any size). */
export type Backdrop = { kind: 'blur' } | { kind: 'image'; image: HTMLImageElement };

export class BackgroundRenderer {
  private readonly kit: GlKit;
  private readonly upload: FrameUpload;
  private readonly blurred: [Target, Target];
  private readonly result: Target;
  private readonly maskTexture: WebGLTexture;
  private readonly imageTexture: WebGLTexture;
  private readonly across: WebGLProgram;
  private readonly down: WebGLProgram;
  private readonly compose: WebGLProgram;
  private readonly i420: I420Pass | null;
  private image: HTMLImageElement | undefined;
  /** What the last `render` drew behind the person. */
  private backdrop: {
    texture: WebGLTexture;
    cover: [number, number, number, number];
    blurred: boolean;
  } | null = null;

  constructor(
    private readonly width: number,
    private readonly height: number,
  ) {
    this.kit = new GlKit(width, height, 'background');
    const { gl } = this.kit;
    this.upload = new FrameUpload(gl, width, height);
    const small = [
      Math.max(1, Math.round(width / BLUR_SCALE)),
      Math.max(1, Math.round(height / BLUR_SCALE)),
    ] as const;
    this.blurred = [this.kit.target(...small), this.kit.target(...small)];
    this.result = this.kit.target(width, height);
    this.maskTexture = this.kit.texture();
    this.imageTexture = this.kit.texture();
    this.across = this.kit.program(BLUR_ACROSS);
    this.down = this.kit.program(BLUR_DOWN);
    this.compose = this.kit.program(COMPOSE);
    this.i420 = I420Pass.fits(width, height) ? new I420Pass(gl, width, height, BYTES) : null;
  }

  get canvas(): HTMLCanvasElement {
    return this.kit.canvas;
  }

  /** Whether `frame` can answer (the size splits into whole I420 planes). */
  get sendsI420(): boolean {
    return this.i420 !== null;
  }

  /**
   * Prepares the person in `source` over `backdrop`; `mask` (any size, top row first) has the
   * person's weight in alpha. `toCanvas`: draws the result into `canvas`; otherwise `frame`
   * draws it, as I420.
   */
  async render(
    source: TexImageSource,
    mask: TexImageSource,
    backdrop: Backdrop,
    toCanvas: boolean,
  ): Promise<void> {
    const { kit } = this;
    const { gl } = kit;
    kit.checkContext();
    await this.upload.load(source);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, this.maskTexture);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, mask);

    if (backdrop.kind === 'blur') {
      const [across, down] = this.blurred;
      gl.useProgram(this.across);
      this.upload.bind(this.across, 0, this.uniform);
      gl.uniform2f(kit.uniform(this.across, 'stride'), 1 / across.width, 0);
      kit.draw(across);
      gl.useProgram(this.down);
      kit.sampler(this.down, 'image', 0, across.texture);
      gl.uniform2f(kit.uniform(this.down, 'stride'), 0, 1 / down.height);
      kit.draw(down);
      this.backdrop = { texture: down.texture, cover: [0, 0, 1, 1], blurred: true };
    } else {
      const { image } = backdrop;
      if (this.image !== image) {
        gl.activeTexture(gl.TEXTURE0);
        gl.bindTexture(gl.TEXTURE_2D, this.imageTexture);
        gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, image);
        this.image = image;
      }
      const cover = coverRect(image.naturalWidth, image.naturalHeight, this.width, this.height);
      this.backdrop = { texture: this.imageTexture, cover, blurred: false };
    }
    if (!toCanvas) return;
    gl.useProgram(this.compose);
    this.bindInputs(this.compose);
    kit.draw(this.result);
    gl.activeTexture(gl.TEXTURE0);
    kit.toCanvas(this.result);
  }

  /** The last `render` (without `toCanvas`) drawn as an I420 frame, or null where it cannot. */
  frame(timestamp: number): VideoFrame | null {
    if (!this.i420 || !this.backdrop) return null;
    return this.i420.frameWith(timestamp, this.upload.colorSpace, (program) =>
      this.bindInputs(program),
    );
  }

  close(): void {
    this.kit.close();
  }

  private readonly uniform = (program: WebGLProgram, name: string) =>
    this.kit.uniform(program, name);

  /** The frame, mask and backdrop, for COMPOSE or BYTES (in use). */
  private bindInputs(program: WebGLProgram): void {
    const { kit } = this;
    this.upload.bind(program, 0, this.uniform);
    kit.sampler(program, 'mask', 4, this.maskTexture);
    kit.sampler(program, 'backdrop', 5, this.backdrop!.texture);
    kit.gl.uniform4f(kit.uniform(program, 'cover'), ...this.backdrop!.cover);
    kit.gl.uniform1i(kit.uniform(program, 'blurred'), this.backdrop!.blurred ? 1 : 0);
  }
}

/**
 * The part of an image (offset and size, in its texture coordinates) that fills a frame of
 * width x height, cropped at the centre: CSS's object-fit: cover.
 */
export function coverRect(
  imageWidth: number,
  imageHeight: number,
  width: number,
  height: number,
): [number, number, number, number] {
  const scale = Math.max(width / imageWidth, height / imageHeight);
  const w = width / scale / imageWidth;
  const h = height / scale / imageHeight;
  return [(1 - w) / 2, (1 - h) / 2, w, h];
}
