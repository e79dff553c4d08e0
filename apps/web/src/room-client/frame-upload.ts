/**
 * A camera frame into a WebGL2 texture (RGBA, top row first) for the beauty filters. Letting
 * texImage2D convert a YUV VideoFrame costs about 13 ms at 1280x720 in software GL; copying its
 * planes out (well under a millisecond), uploading them as single-channel textures and converting
 * in a shader costs a few. Other sources (a <video>, a canvas, RGB frames) go through texImage2D.
 */

const VERTEX = `#version 300 es
void main() {
  vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
  gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
}`;

const CONVERT = `#version 300 es
precision highp float;
uniform sampler2D luma;
uniform sampler2D chromaU;
uniform sampler2D chromaV;
uniform bool interleaved;
uniform bool fullRange;
uniform float kr;
uniform float kb;
uniform vec2 size;
out vec4 color;
void main() {
  vec2 st = gl_FragCoord.xy / size;
  float y = texture(luma, st).r;
  vec2 uv = interleaved ? texture(chromaU, st).rg : vec2(texture(chromaU, st).r, texture(chromaV, st).r);
  if (fullRange) {
    uv -= 0.5;
  } else {
    y = (y - 16.0 / 255.0) * (255.0 / 219.0);
    uv = (uv - 128.0 / 255.0) * (255.0 / 224.0);
  }
  float r = y + 2.0 * (1.0 - kr) * uv.y;
  float b = y + 2.0 * (1.0 - kb) * uv.x;
  float g = (y - kr * r - kb * b) / (1.0 - kr - kb);
  color = vec4(clamp(vec3(r, g, b), 0.0, 1.0), 1.0);
}`;

function linearTexture(gl: WebGL2RenderingContext): WebGLTexture {
  const texture = gl.createTexture();
  gl.bindTexture(gl.TEXTURE_2D, texture);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
  return texture;
}

export class FrameUpload {
  /** Whatever texImage2D is given: redefined by each upload. */
  private readonly image: WebGLTexture;
  /** The converted planes, at the frame's size. */
  private readonly converted: WebGLTexture;
  private readonly framebuffer: WebGLFramebuffer;
  private readonly planes: [WebGLTexture, WebGLTexture, WebGLTexture];
  private readonly program: WebGLProgram;
  private buffer = new Uint8Array(0);

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
    this.program = gl.createProgram();
    for (const [type, source] of [
      [gl.VERTEX_SHADER, VERTEX],
      [gl.FRAGMENT_SHADER, CONVERT],
    ] as const) {
      const shader = gl.createShader(type)!;
      gl.shaderSource(shader, source);
      gl.compileShader(shader);
      if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS))
        throw new Error(`frame upload shader: ${gl.getShaderInfoLog(shader)}`);
      gl.attachShader(this.program, shader);
    }
    gl.linkProgram(this.program);
    if (!gl.getProgramParameter(this.program, gl.LINK_STATUS))
      throw new Error(`frame upload program: ${gl.getProgramInfoLog(this.program)}`);
  }

  /** The texture holding `source`, valid until the next upload. */
  async upload(source: TexImageSource): Promise<WebGLTexture> {
    if (
      typeof VideoFrame !== 'undefined' &&
      source instanceof VideoFrame &&
      (source.format === 'I420' || source.format === 'NV12') &&
      source.visibleRect?.width === this.width &&
      source.visibleRect.height === this.height
    )
      return this.fromPlanes(source);
    const { gl } = this;
    gl.bindTexture(gl.TEXTURE_2D, this.image);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, source);
    return this.image;
  }

  private async fromPlanes(frame: VideoFrame): Promise<WebGLTexture> {
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

    const program = this.program;
    gl.useProgram(program);
    const uniform = (name: string) => gl.getUniformLocation(program, name);
    ['luma', 'chromaU', 'chromaV'].forEach((name, i) => {
      gl.activeTexture(gl.TEXTURE0 + i);
      gl.bindTexture(gl.TEXTURE_2D, this.planes[i]!);
      gl.uniform1i(uniform(name), i);
    });
    const bt709 = frame.colorSpace.matrix === 'bt709';
    gl.uniform1i(uniform('interleaved'), nv12 ? 1 : 0);
    gl.uniform1i(uniform('fullRange'), frame.colorSpace.fullRange ? 1 : 0);
    gl.uniform1f(uniform('kr'), bt709 ? 0.2126 : 0.299);
    gl.uniform1f(uniform('kb'), bt709 ? 0.0722 : 0.114);
    gl.uniform2f(uniform('size'), width, height);
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.framebuffer);
    gl.viewport(0, 0, width, height);
    // Rendering row y from texture row y keeps the top row first.
    gl.drawArrays(gl.TRIANGLES, 0, 3);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    gl.activeTexture(gl.TEXTURE0);
    return this.converted;
  }
}
