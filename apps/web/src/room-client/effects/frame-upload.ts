/**
 * A camera frame into WebGL2 for the effects' renderers. Letting texImage2D convert a YUV
 * VideoFrame costs about 13 ms at 1280x720 in software GL; copying its planes out (well under a
 * millisecond) and uploading them as single-channel textures costs a few. A shader then reads
 * the frame through SOURCE_GLSL: as RGB (`sourceRgb`), or as the bytes of its own planes
 * (`sourceByte`), which a renderer sending I420 passes through untouched. `upload` gives an RGB
 * texture (one conversion pass) for the renderers that want one. Other sources (a <video>, a
 * canvas, RGB frames) go through texImage2D.
 */
import { compileProgram, linearTexture } from './gl-kit';

/**
 * GLSL: the loaded frame, at `st` (0..1, top row first). `encodeByte` turns RGB into a byte of
 * the Y, U or V plane (kind 0, 1, 2) in the colour space `FrameUpload.colorSpace` names, the
 * space `sourceByte` answers in.
 */
export const SOURCE_GLSL = `
uniform sampler2D luma;
uniform sampler2D chromaU;
uniform sampler2D chromaV;
uniform sampler2D rgbImage;
uniform int sourceLayout; // 0 I420, 1 NV12, 2 RGB
uniform bool fullRange;
uniform float kr;
uniform float kb;

vec3 yuvToRgb(float y, vec2 uv) {
  if (fullRange) {
    uv -= 128.0 / 255.0;
  } else {
    y = (y - 16.0 / 255.0) * (255.0 / 219.0);
    uv = (uv - 128.0 / 255.0) * (255.0 / 224.0);
  }
  float r = y + 2.0 * (1.0 - kr) * uv.y;
  float b = y + 2.0 * (1.0 - kb) * uv.x;
  float g = (y - kr * r - kb * b) / (1.0 - kr - kb);
  return clamp(vec3(r, g, b), 0.0, 1.0);
}

vec2 chromaAt(vec2 st) {
  return sourceLayout == 1 ? texture(chromaU, st).rg : vec2(texture(chromaU, st).r, texture(chromaV, st).r);
}

vec3 sourceRgb(vec2 st) {
  if (sourceLayout == 2) return texture(rgbImage, st).rgb;
  return yuvToRgb(texture(luma, st).r, chromaAt(st));
}

float encodeByte(int kind, vec3 c) {
  float y = kr * c.r + (1.0 - kr - kb) * c.g + kb * c.b;
  if (kind == 0) return fullRange ? y : (16.0 + 219.0 * y) / 255.0;
  float v = kind == 1 ? (c.b - y) / (2.0 * (1.0 - kb)) : (c.r - y) / (2.0 * (1.0 - kr));
  return fullRange ? v + 128.0 / 255.0 : (128.0 + 224.0 * v) / 255.0;
}

float sourceByte(int kind, vec2 st) {
  if (sourceLayout == 2) return encodeByte(kind, texture(rgbImage, st).rgb);
  if (kind == 0) return texture(luma, st).r;
  vec2 uv = chromaAt(st);
  return kind == 1 ? uv.x : uv.y;
}
`;

const CONVERT = `#version 300 es
precision highp float;
${SOURCE_GLSL}
uniform vec2 size;
out vec4 color;
void main() {
  // Rendering row y from texture row y keeps the top row first.
  color = vec4(sourceRgb(gl_FragCoord.xy / size), 1.0);
}`;

/** What SOURCE_GLSL's bytes are for an RGB source: BT.601, limited range, as cameras send. */
export const BT601_LIMITED: VideoColorSpaceInit = {
  matrix: 'smpte170m',
  primaries: 'smpte170m',
  transfer: 'smpte170m',
  fullRange: false,
};

const LAYOUTS = { I420: 0, NV12: 1, RGB: 2 } as const;

export class FrameUpload {
  /** Whatever texImage2D is given: redefined by each upload. */
  private readonly image: WebGLTexture;
  /** The converted planes, at the frame's size. */
  private readonly converted: WebGLTexture;
  private readonly framebuffer: WebGLFramebuffer;
  private readonly planes: [WebGLTexture, WebGLTexture, WebGLTexture];
  private readonly program: WebGLProgram;
  private buffer = new Uint8Array(0);
  private layout: keyof typeof LAYOUTS = 'RGB';
  private space: VideoColorSpaceInit = BT601_LIMITED;

  constructor(
    private readonly gl: WebGL2RenderingContext,
    private readonly width: number,
    private readonly height: number,
  ) {
    this.image = linearTexture(gl);
    this.converted = linearTexture(gl);
    gl.texStorage2D(gl.TEXTURE_2D, 1, gl.RGBA8, width, height);
    this.framebuffer = gl.createFramebuffer();
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.framebuffer);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, this.converted, 0);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    this.planes = [linearTexture(gl), linearTexture(gl), linearTexture(gl)];
    this.program = compileProgram(gl, CONVERT, 'frame upload');
  }

  /** The colour space of the bytes SOURCE_GLSL's `sourceByte` reads from the loaded frame. */
  get colorSpace(): VideoColorSpaceInit {
    return this.space;
  }

  /** Loads `source` for SOURCE_GLSL: its planes where it has them at the frame's size. */
  async load(source: TexImageSource): Promise<void> {
    if (
      typeof VideoFrame !== 'undefined' &&
      source instanceof VideoFrame &&
      (source.format === 'I420' || source.format === 'NV12') &&
      source.visibleRect?.width === this.width &&
      source.visibleRect.height === this.height
    ) {
      await this.loadPlanes(source);
      return;
    }
    const { gl } = this;
    gl.bindTexture(gl.TEXTURE_2D, this.image);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, source);
    this.layout = 'RGB';
    this.space = BT601_LIMITED;
  }

  /**
   * Binds the loaded frame to SOURCE_GLSL's uniforms of `program` (in use), on texture units
   * from `unit` (four of them). `uniform` finds a uniform (a renderer's cached lookup).
   */
  bind(
    program: WebGLProgram,
    unit: number,
    uniform: (program: WebGLProgram, name: string) => WebGLUniformLocation | null,
  ): void {
    const { gl } = this;
    const textures = [...this.planes, this.image];
    ['luma', 'chromaU', 'chromaV', 'rgbImage'].forEach((name, i) => {
      gl.activeTexture(gl.TEXTURE0 + unit + i);
      gl.bindTexture(gl.TEXTURE_2D, textures[i]!);
      gl.uniform1i(uniform(program, name), unit + i);
    });
    const bt709 = this.space.matrix === 'bt709';
    gl.uniform1i(uniform(program, 'sourceLayout'), LAYOUTS[this.layout]);
    gl.uniform1i(uniform(program, 'fullRange'), this.space.fullRange ? 1 : 0);
    gl.uniform1f(uniform(program, 'kr'), bt709 ? 0.2126 : 0.299);
    gl.uniform1f(uniform(program, 'kb'), bt709 ? 0.0722 : 0.114);
  }

  /** Loads `source` and answers a texture holding it as RGB, valid until the next upload. */
  async upload(source: TexImageSource): Promise<WebGLTexture> {
    await this.load(source);
    if (this.layout === 'RGB') return this.image;
    const { gl, width, height } = this;
    gl.useProgram(this.program);
    this.bind(this.program, 0, (program, name) => gl.getUniformLocation(program, name));
    gl.uniform2f(gl.getUniformLocation(this.program, 'size'), width, height);
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.framebuffer);
    gl.viewport(0, 0, width, height);
    gl.drawArrays(gl.TRIANGLES, 0, 3);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    gl.activeTexture(gl.TEXTURE0);
    return this.converted;
  }

  private async loadPlanes(frame: VideoFrame): Promise<void> {
    const { gl, width, height } = this;
    const size = frame.allocationSize();
    if (this.buffer.length < size) this.buffer = new Uint8Array(size);
    const layout = await frame.copyTo(this.buffer);
    const nv12 = frame.format === 'NV12';
    const chroma = [Math.ceil(width / 2), Math.ceil(height / 2)] as const;
    const planes = nv12
      ? ([
          [gl.R8, gl.RED, width, height],
          [gl.RG8, gl.RG, ...chroma],
        ] as const)
      : ([
          [gl.R8, gl.RED, width, height],
          [gl.R8, gl.RED, ...chroma],
          [gl.R8, gl.RED, ...chroma],
        ] as const);
    gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
    planes.forEach(([internal, format, w, h], i) => {
      const { offset, stride } = layout[i]!;
      gl.bindTexture(gl.TEXTURE_2D, this.planes[i]!);
      gl.pixelStorei(gl.UNPACK_ROW_LENGTH, stride / (format === gl.RG ? 2 : 1));
      gl.texImage2D(
        gl.TEXTURE_2D,
        0,
        internal,
        w,
        h,
        0,
        format,
        gl.UNSIGNED_BYTE,
        this.buffer,
        offset,
      );
    });
    gl.pixelStorei(gl.UNPACK_ROW_LENGTH, 0);
    gl.pixelStorei(gl.UNPACK_ALIGNMENT, 4);
    this.layout = nv12 ? 'NV12' : 'I420';
    const { matrix, fullRange } = frame.colorSpace;
    // Bytes pass through in the frame's own space; a matrix other than these two is read as
    // BT.601 (as before), so it is also named so.
    this.space =
      matrix === 'bt709'
        ? { matrix: 'bt709', primaries: 'bt709', transfer: 'bt709', fullRange: !!fullRange }
        : { ...BT601_LIMITED, fullRange: !!fullRange };
  }
}
