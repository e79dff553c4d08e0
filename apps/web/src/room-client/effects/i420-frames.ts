/**
 * The beauty filters' result as I420 (BT.601, limited range), the form the camera itself gives.
 * A VideoFrame made from a canvas is RGB; here (Chromium, software GL) the encoder turns it into
 * full-range YUV while receivers decode VP8 as limited range, so a frame sent that way comes out
 * with its contrast stretched (skin about 8 levels brighter, saturated colours clipped). A WebGL2
 * pass whose output bytes are the I420 planes, read back from the context that drew the result,
 * sends the colours the camera would, for about the cost of the canvas copy it replaces.
 */
import { BT601_LIMITED } from './frame-upload';
import { compileProgram } from './gl-kit';

/**
 * What a pass computes: `vec4 fourBytes(int kind, vec2 first, vec2 step)`, four consecutive
 * bytes of the Y, U or V plane (kind 0, 1, 2), the first at `first` in the frame's pixels and
 * each next one `step` further: a pixel's centre and (1, 0) for Y, the centre of a 2x2 block
 * and (2, 0) for U and V. The four never straddle a row. The default reads an RGB texture and
 * writes BT.601, limited range.
 */
const FROM_RGB = `
uniform sampler2D image;

float plane(int kind, vec3 c) {
  if (kind == 0) return (16.0 + 65.481 * c.r + 128.553 * c.g + 24.966 * c.b) / 255.0;
  if (kind == 1) return (128.0 - 37.797 * c.r - 74.203 * c.g + 112.0 * c.b) / 255.0;
  return (128.0 + 112.0 * c.r - 93.786 * c.g - 18.214 * c.b) / 255.0;
}

// Bilinear filtering averages a 2x2 block at its centre.
vec4 fourBytes(int kind, vec2 first, vec2 step) {
  vec4 bytes;
  for (int i = 0; i < 4; i++) bytes[i] = plane(kind, texture(image, (first + float(i) * step) / size).rgb);
  return bytes;
}
`;

/**
 * The target is (width / 4) x (height * 3 / 2) RGBA texels: read back in order, its bytes are
 * the Y plane (height rows of `width` bytes) then U and V (each height / 4 such rows, a row
 * holding two rows of the half-width plane). Each texel computes four consecutive bytes.
 */
const planes = (bytes: string) => `#version 300 es
precision highp float;
uniform vec2 size;
out vec4 result;
${bytes}
void main() {
  ivec2 at = ivec2(gl_FragCoord.xy);
  int column = at.x * 4;
  int width = int(size.x);
  int height = int(size.y);
  if (at.y < height) {
    result = fourBytes(0, vec2(float(column) + 0.5, float(at.y) + 0.5), vec2(1.0, 0.0));
    return;
  }
  int chromaRow = at.y - height;
  int kind = chromaRow < height / 4 ? 1 : 2;
  chromaRow -= kind == 1 ? 0 : height / 4;
  int halfWidth = width / 2;
  int y = chromaRow * 2 + column / halfWidth;
  int x = column - (column / halfWidth) * halfWidth;
  result = fourBytes(kind, vec2(float(x) * 2.0 + 1.0, float(y) * 2.0 + 1.0), vec2(2.0, 0.0));
}`;

const COLOR_SPACE = BT601_LIMITED;

/**
 * The I420 pass in a WebGL2 context: by default of an RGB texture it holds; with `bytes`
 * (see FROM_RGB) of whatever that GLSL computes, its inputs bound by the caller.
 */
export class I420Pass {
  private readonly framebuffer: WebGLFramebuffer;
  private readonly program: WebGLProgram;
  private readonly bytes: Uint8Array;

  /** Throws where the size does not split into whole planes (see `fits`). */
  constructor(
    private readonly gl: WebGL2RenderingContext,
    private readonly width: number,
    private readonly height: number,
    bytes: string = FROM_RGB,
  ) {
    if (!I420Pass.fits(width, height)) throw new Error(`I420: ${width}x${height} does not fit`);
    this.bytes = new Uint8Array((width * height * 3) / 2);
    const target = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, target);
    gl.texStorage2D(gl.TEXTURE_2D, 1, gl.RGBA8, width / 4, (height * 3) / 2);
    this.framebuffer = gl.createFramebuffer();
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.framebuffer);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, target, 0);
    if (gl.checkFramebufferStatus(gl.FRAMEBUFFER) !== gl.FRAMEBUFFER_COMPLETE)
      throw new Error('I420 target incomplete');
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    this.program = compileProgram(gl, planes(bytes), 'I420');
  }

  static fits(width: number, height: number): boolean {
    return width % 8 === 0 && height % 4 === 0;
  }

  /**
   * `texture` (the frame's size, top row first, linear filtering) as an I420 VideoFrame with
   * the camera's colour space. The read-back is of this context's own texture: handing a WebGL
   * canvas to another context costs far more (about 90 ms a frame in software GL).
   */
  frame(texture: WebGLTexture, timestamp: number): VideoFrame {
    const { gl } = this;
    return this.frameWith(timestamp, COLOR_SPACE, (program) => {
      gl.activeTexture(gl.TEXTURE0);
      gl.bindTexture(gl.TEXTURE_2D, texture);
      gl.uniform1i(gl.getUniformLocation(program, 'image'), 0);
    });
  }

  /**
   * The frame a pass with its own `bytes` computes, named `colorSpace`; `bind` sets its inputs
   * (the program is in use).
   */
  frameWith(
    timestamp: number,
    colorSpace: VideoColorSpaceInit,
    bind: (program: WebGLProgram) => void,
  ): VideoFrame {
    const { gl, width, height } = this;
    gl.useProgram(this.program);
    bind(this.program);
    gl.uniform2f(gl.getUniformLocation(this.program, 'size'), width, height);
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.framebuffer);
    gl.viewport(0, 0, width / 4, (height * 3) / 2);
    gl.drawArrays(gl.TRIANGLES, 0, 3);
    gl.readPixels(0, 0, width / 4, (height * 3) / 2, gl.RGBA, gl.UNSIGNED_BYTE, this.bytes);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    gl.activeTexture(gl.TEXTURE0);
    return new VideoFrame(this.bytes, {
      format: 'I420',
      codedWidth: width,
      codedHeight: height,
      timestamp,
      colorSpace,
    });
  }
}
