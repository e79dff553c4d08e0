/**
 * The avatar (issue 15), one stage of the camera pipeline: it replaces the camera's picture with
 * a drawn character (avatar-renderer.ts). The camera frame is only read for Face Mesh landmarks
 * (face-landmarks.ts, the model the beauty filters use), from which packages/shared's
 * avatar-pose.ts gives the head's turn, nod and tilt, the eyes' and mouth's openness. With no face
 * in view the character holds its last pose, then drifts back to neutral; the camera's picture is
 * never drawn. The character is drawn from the first frame, at rest until the model has loaded
 * (seconds, the first time), so choosing it replaces the camera at once; a model that cannot load
 * fails the stage at the next frame.
 */
import { NEUTRAL_POSE, avatarPose, nextPose, type AvatarId, type AvatarPose } from '@meet/shared';
import { AvatarRenderer } from './avatar-renderer';
import { canvas, context2d } from './canvas';
import { FACE_SEARCH_EVERY, FaceLandmarker, LANDMARK_WIDTH } from './face-landmarks';

export interface AvatarStats {
  /** Drawing time of the character, and Face Mesh time (moving averages). */
  drawMs: number;
  landmarksMs: number;
  /** Whether the last frame had a face: 'off' while the model is still loading. */
  face: 'found' | 'none' | 'off';
}

const average = (mean: number, value: number, n: number) =>
  (mean * Math.min(n, 29) + value) / (Math.min(n, 29) + 1);

export class AvatarStage {
  readonly stats: AvatarStats = { drawMs: 0, landmarksMs: 0, face: 'off' };
  private readonly renderer: AvatarRenderer;
  private landmarker: FaceLandmarker | undefined;
  private loadError: unknown;
  private readonly small: HTMLCanvasElement;
  private pose: AvatarPose = NEUTRAL_POSE;
  private lastFrame = 0;
  private lastFace = 0;
  private frames = 0;
  private sinceSearch = 0;
  private closed = false;

  /** Draws `id` from now on, and loads the landmark model (once per page) meanwhile. */
  constructor(
    private id: AvatarId,
    width: number,
    height: number,
  ) {
    this.renderer = new AvatarRenderer(width, height);
    this.small = canvas(LANDMARK_WIDTH, Math.round((LANDMARK_WIDTH * height) / width));
    FaceLandmarker.create().then(
      (landmarker) => {
        if (this.closed) landmarker.close();
        else this.landmarker = landmarker;
      },
      (error: unknown) => {
        this.loadError = error ?? new Error('face mesh did not load');
      },
    );
  }

  get character(): AvatarId {
    return this.id;
  }

  /** Another character, from the next frame on, in the same pose. */
  setCharacter(id: AvatarId): void {
    this.id = id;
  }

  /** The character in the pose of the face in `source`: a canvas valid until the next call. */
  async process(source: CanvasImageSource): Promise<HTMLCanvasElement> {
    if (this.closed) throw new Error('avatar stage is closed');
    if (this.loadError) throw this.loadError;
    const now = performance.now();
    let measured: AvatarPose | null = null;
    const { landmarker } = this;
    const searching = this.stats.face !== 'found';
    if (!landmarker) {
      this.stats.face = 'off';
    } else if (searching && this.sinceSearch > 0 && this.sinceSearch < FACE_SEARCH_EVERY) {
      this.sinceSearch += 1;
    } else {
      this.sinceSearch = 1;
      context2d(this.small).drawImage(source, 0, 0, this.small.width, this.small.height);
      const landmarks = await landmarker.detect(this.small);
      if (this.closed) throw new Error('avatar stage is closed');
      measured = avatarPose(landmarks, this.small.width, this.small.height);
      this.stats.face = measured ? 'found' : 'none';
      this.stats.landmarksMs = average(
        this.stats.landmarksMs,
        performance.now() - now,
        this.frames,
      );
    }
    if (measured) this.lastFace = now;
    const dt = this.lastFrame ? now - this.lastFrame : 0;
    this.pose = nextPose(this.pose, measured, dt, this.lastFace ? now - this.lastFace : Infinity);
    this.lastFrame = now;
    const drawing = performance.now();
    const out = this.renderer.render(this.id, this.pose);
    this.stats.drawMs = average(this.stats.drawMs, performance.now() - drawing, this.frames);
    this.frames += 1;
    return out;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.landmarker?.close();
  }
}
