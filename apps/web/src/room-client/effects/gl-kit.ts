/**
 * What the camera's WebGL2 renderers (beauty, background, Magic Cam) share: a context on a
 * canvas of the frame's size, programs drawn as one full-screen triangle, linear clamped
 * textures, render targets, and the upright copy into the canvas.
 */

/** One triangle that covers the viewport; `uv` is 0..1 over it. */
export const FULLSCREEN_VERTEX = `#version 300 es
out vec2 uv;
void main() {
  vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
  uv = p;
  gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
}`;

/** A texture with bilinear filtering and clamped edges, left bound; storage set by the caller. */
export function linearTexture(gl: WebGL2RenderingContext): WebGLTexture {
  const texture = gl.createTexture();
  gl.bindTexture(gl.TEXTURE_2D, texture);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
  return texture;
}

/** Compiles and links `fragment` over the full-screen triangle; errors begin with `name`. */
export function compileProgram(
  gl: WebGL2RenderingContext,
  fragment: string,
  name: string,
): WebGLProgram {
  const program = gl.createProgram();
  for (const [type, source] of [
    [gl.VERTEX_SHADER, FULLSCREEN_VERTEX],
    [gl.FRAGMENT_SHADER, fragment],
  ] as const) {
    const shader = gl.createShader(type);
    if (!shader) throw new Error(`${name}: no shader`);
    gl.shaderSource(shader, source);
    gl.compileShader(shader);
    if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS))
      throw new Error(`${name}: shader did not compile: ${gl.getShaderInfoLog(shader)}`);
    gl.attachShader(program, shader);
  }
  gl.linkProgram(program);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS))
    throw new Error(`${name}: program did not link: ${gl.getProgramInfoLog(program)}`);
  return program;
}

export interface Target {
  texture: WebGLTexture;
  framebuffer: WebGLFramebuffer;
  width: number;
  height: number;
}

export class GlKit {
  readonly canvas: HTMLCanvasElement;
  readonly gl: WebGL2RenderingContext;
  private readonly uniforms = new WeakMap<WebGLProgram, Map<string, WebGLUniformLocation | null>>();

  /** `name` prefixes this renderer's errors. */
  constructor(
    readonly width: number,
    readonly height: number,
    private readonly name: string,
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
    if (!gl) throw new Error(`${name}: no WebGL2`);
    this.gl = gl;
  }

  /** Throws when the context was lost (the stage then fails with its text). */
  checkContext(): void {
    if (this.gl.isContextLost()) throw new Error(`${this.name}: WebGL context lost`);
  }

  program(fragment: string): WebGLProgram {
    return compileProgram(this.gl, fragment, this.name);
  }

  uniform(program: WebGLProgram, name: string): WebGLUniformLocation | null {
    let locations = this.uniforms.get(program);
    if (!locations) this.uniforms.set(program, (locations = new Map()));
    if (!locations.has(name)) locations.set(name, this.gl.getUniformLocation(program, name));
    return locations.get(name) ?? null;
  }

  /** Binds `texture` to `unit` and the program's sampler `name` to it (the program in use). */
  sampler(program: WebGLProgram, name: string, unit: number, texture: WebGLTexture): void {
    const { gl } = this;
    gl.activeTexture(gl.TEXTURE0 + unit);
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.uniform1i(this.uniform(program, name), unit);
  }

  /** A texture with bilinear filtering and clamped edges, left bound; storage set by the caller. */
  texture(): WebGLTexture {
    return linearTexture(this.gl);
  }

  target(width: number, height: number, format: number = this.gl.RGBA8): Target {
    const { gl } = this;
    const texture = this.texture();
    gl.texStorage2D(gl.TEXTURE_2D, 1, format, width, height);
    const framebuffer = gl.createFramebuffer();
    gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, texture, 0);
    if (gl.checkFramebufferStatus(gl.FRAMEBUFFER) !== gl.FRAMEBUFFER_COMPLETE)
      throw new Error(`${this.name}: render target incomplete`);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    return { texture, framebuffer, width, height };
  }

  /** Runs the program in use over all of `target`. */
  draw(target: Target): void {
    const { gl } = this;
    gl.bindFramebuffer(gl.FRAMEBUFFER, target.framebuffer);
    gl.viewport(0, 0, target.width, target.height);
    gl.drawArrays(gl.TRIANGLES, 0, 3);
  }

  /** Copies `result` (top row first) into the canvas upright, scaled to the frame's size. */
  toCanvas(result: Target): void {
    const { gl } = this;
    gl.bindFramebuffer(gl.READ_FRAMEBUFFER, result.framebuffer);
    gl.bindFramebuffer(gl.DRAW_FRAMEBUFFER, null);
    const scaled = result.width !== this.width || result.height !== this.height;
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
      scaled ? gl.LINEAR : gl.NEAREST,
    );
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
  }

  /** Frees the GPU's share at once instead of at garbage collection. */
  close(): void {
    this.gl.getExtension('WEBGL_lose_context')?.loseContext();
  }
}
