/** What the camera's effects pipeline measures of itself (video-pipeline.ts). */
/**
 * Processing time per frame (camera frame in, processed frame out; a moving average over about
 * 30 frames) and frames produced. The running pipeline's object is also `window.__meetEffectStats`
 * for scripts/bench/effects.mjs (one object, replaced per pipeline, so nothing accumulates).
 */
export interface EffectStats {
  frames: number;
  msPerFrame: number;
  /** Of which drawing the background: the mask's edge, the person over the background. */
  composeMs: number;
  /** Of which the beauty filters' drawing, and finding the face (slim, bigger eyes). */
  beautyMs: number;
  landmarksMs: number;
  /** Of which drawing the avatar. */
  avatarMs: number;
  /** Of which Magic Cam (its look and the person mask, or handing the frame to the stream). */
  magicMs: number;
  /**
   * Of which making the frame to send (converting to I420 and reading it back: where software
   * GL does the drawing it was asked for).
   */
  outputMs: number;
  /** Whether the beauty stage saw a face in the last frame ('off' when it needs none). */
  face: 'off' | 'found' | 'none';
  /** The stages running, in order, e.g. "beauty+background". */
  stages: string;
  width: number;
  height: number;
  source: 'insertable' | 'video';
}
