/**
 * Beauty filters (issue 15), one stage of the camera pipeline: smoothing and whitening in WebGL
 * (beauty-gl.ts), slim face and bigger eyes from Face Mesh landmarks (face-landmarks.ts,
 * beauty-warp.ts). The landmark model loads only once slim or bigger is on; with no face in the
 * frame the warp is nothing and the frame goes through with only smoothing and whitening.
 */
import { BEAUTY_RATE_MAX, NO_BEAUTY, type BeautifySetting } from '@meet/shared';
import { BeautyRenderer } from './beauty-gl';
import { NO_WARP, faceWarp } from './beauty-warp';
import { canvas, context2d } from './canvas';
import { FACE_SEARCH_EVERY, FaceLandmarker, LANDMARK_WIDTH } from './face-landmarks';

export interface BeautyStats {
  /** Drawing time of the filters (a moving average). */
  beautyMs: number;
  /** Face Mesh time (a moving average); 0 while slim and bigger are off. */
  landmarksMs: number;
  /** Whether the last frame had a face: 'off' while no filter needs one. */
  face: 'off' | 'found' | 'none';
}

const average = (mean: number, value: number, n: number) =>
  (mean * Math.min(n, 29) + value) / (Math.min(n, 29) + 1);

export class BeautyStage {
  readonly stats: BeautyStats = { beautyMs: 0, landmarksMs: 0, face: 'off' };
  private readonly renderer: BeautyRenderer;
  private readonly small: HTMLCanvasElement;
  private landmarker: FaceLandmarker | undefined;
  private setting: BeautifySetting = NO_BEAUTY;
  private frames = 0;
  private sinceSearch = 0;
  private closed = false;

  constructor(
    private readonly width: number,
    private readonly height: number,
  ) {
    this.renderer = new BeautyRenderer(width, height);
    this.small = canvas(LANDMARK_WIDTH, Math.round((LANDMARK_WIDTH * height) / width));
  }

  private get needsFace(): boolean {
    return this.setting.slimRate > 0 || this.setting.biggerRate > 0;
  }

  /** New rates; loads the landmark model the first time slim or bigger is on. */
  async configure(setting: BeautifySetting): Promise<void> {
    this.setting = setting;
    if (!this.needsFace || this.landmarker) return;
    const landmarker = await FaceLandmarker.create();
    if (this.closed || this.landmarker) landmarker.close();
    else this.landmarker = landmarker;
  }

  /**
   * Filters `source`; with `toCanvas` answers a canvas of the result (valid until the next call),
   * else leaves it for `frame`.
   */
  async process(
    source: CanvasImageSource & TexImageSource,
    toCanvas: boolean,
  ): Promise<HTMLCanvasElement | null> {
    if (this.closed) throw new Error('beauty stage is closed');
    const { setting, width, height } = this;
    let warp = NO_WARP;
    const searching = this.stats.face !== 'found';
    if (searching && this.sinceSearch > 0 && this.sinceSearch < FACE_SEARCH_EVERY) {
      this.sinceSearch += 1;
    } else if (this.needsFace && this.landmarker) {
      this.sinceSearch = 1;
      const started = performance.now();
      context2d(this.small).drawImage(source, 0, 0, this.small.width, this.small.height);
      const landmarks = await this.landmarker.detect(this.small);
      if (this.closed) throw new Error('beauty stage is closed');
      warp = faceWarp(landmarks, width, height, setting.slimRate, setting.biggerRate);
      this.stats.face = landmarks ? 'found' : 'none';
      this.stats.landmarksMs = average(
        this.stats.landmarksMs,
        performance.now() - started,
        this.frames,
      );
    } else {
      this.stats.face = 'off';
    }
    const started = performance.now();
    await this.renderer.render(
      source,
      {
        smooth: setting.smoothRate / BEAUTY_RATE_MAX,
        whiten: setting.whitenRate / BEAUTY_RATE_MAX,
        warp,
      },
      toCanvas,
    );
    this.stats.beautyMs = average(this.stats.beautyMs, performance.now() - started, this.frames);
    this.frames += 1;
    return toCanvas ? this.renderer.canvas : null;
  }

  /** The last output as an I420 frame to send (null: send the canvas). */
  frame(timestamp: number): VideoFrame | null {
    return this.renderer.frame(timestamp);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.landmarker?.close();
    this.renderer.close();
  }
}
