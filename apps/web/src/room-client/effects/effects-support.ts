/**
 * Whether this browser can run the camera's effects (background, beauty filters, avatar, Magic
 * Cam; issue 28). Every stage draws with WebGL2, and the result leaves as a track either through
 * a MediaStreamTrackGenerator (Chromium) or through a canvas capture (Firefox, Safari: the
 * pipeline's fallback, video-pipeline.ts). Where WebGL2 is missing (switched off, or refused for
 * the GPU, as a headless Firefox does without a display) a chosen effect could only fail, so the
 * effects dialog says the camera's effects are unavailable in this browser and a remembered
 * effect is not applied; the sound effects and the meeting itself are unaffected.
 */

export interface EffectsCapabilities {
  webgl2: boolean;
  /** MediaStreamTrackGenerator (Chromium's insertable streams). */
  trackGenerator: boolean;
  /** HTMLCanvasElement.captureStream, the fallback's output. */
  canvasCapture: boolean;
}

export function canRunVideoEffects(c: EffectsCapabilities): boolean {
  return c.webgl2 && (c.trackGenerator || c.canvasCapture);
}

/** What this browser has; a WebGL2 context is made once to find out, and given back at once. */
export function browserEffectsCapabilities(): EffectsCapabilities {
  const canvas = document.createElement('canvas');
  let gl: WebGL2RenderingContext | null = null;
  try {
    gl = canvas.getContext('webgl2');
  } catch {
    gl = null;
  }
  // Browsers cap live WebGL contexts; the probe's must not count against the stages'.
  gl?.getExtension('WEBGL_lose_context')?.loseContext();
  return {
    webgl2: !!gl,
    trackGenerator: 'MediaStreamTrackGenerator' in window,
    canvasCapture: typeof canvas.captureStream === 'function',
  };
}

let known: boolean | undefined;

/** Whether the camera's effects can run here (probed on first use, then remembered). */
export function videoEffectsSupported(): boolean {
  known ??= canRunVideoEffects(browserEffectsCapabilities());
  return known;
}
