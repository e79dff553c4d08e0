/**
 * Draws an avatar (issue 15) at the camera's size with Canvas 2D: a soft background, shoulders,
 * and the character's head placed, turned, nodded and tilted as the pose says, its eyes and
 * mouth as open as the member's. The head is a sphere seen from the front: features sit on it and
 * slide across as it turns (avatar-characters.ts draws them in head radii through `HeadView`).
 */
import type { AvatarId, AvatarPose } from '@meet/shared';
import { CHARACTERS, type Character, type HeadView, type Point } from './avatar-characters';
import { canvas, context2d } from './canvas';

/** The head's radius, of the frame's height; its centre's height, of the frame. */
const HEAD_RADIUS = 0.27;
const HEAD_Y = 0.46;
/** How far the head follows the face across the frame: a little, so it stays in view. */
const FOLLOW_POSITION = 0.3;

export type { HeadView, Point };

function headView(pose: AvatarPose): HeadView {
  const cy = Math.cos(pose.yaw);
  const sy = Math.sin(pose.yaw);
  const cp = Math.cos(pose.pitch);
  const sp = Math.sin(pose.pitch);
  return {
    pose,
    at(u, v, lift = 0) {
      const w = Math.sqrt(Math.max(0, 1 - u * u - v * v)) + lift;
      const x = u * cy + w * sy;
      const depth = -u * sy + w * cy;
      return { x, y: v * cp + depth * sp };
    },
    sx: 0.35 + 0.65 * cy,
    sy: 0.35 + 0.65 * cp,
  };
}

export class AvatarRenderer {
  readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D;
  /** The character's background and shoulders, drawn once per character. */
  private backdrop: { id: AvatarId; image: HTMLCanvasElement } | undefined;

  constructor(
    private readonly width: number,
    private readonly height: number,
  ) {
    this.canvas = canvas(width, height);
    this.ctx = context2d(this.canvas);
  }

  /** Draws `id` in `pose`; the canvas holds it until the next call. */
  render(id: AvatarId, pose: AvatarPose): HTMLCanvasElement {
    const { ctx, width, height } = this;
    const character = CHARACTERS[id];
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(this.backdropOf(id, character), 0, 0);
    const radius = HEAD_RADIUS * height;
    const cx = width / 2 + FOLLOW_POSITION * pose.x * (width / 2 - radius * 1.4);
    const cy = height * HEAD_Y + FOLLOW_POSITION * pose.y * (height / 2 - radius * 1.4);
    character.neck(ctx, cx, cy, radius);
    ctx.translate(cx, cy);
    ctx.rotate(pose.roll);
    ctx.scale(radius, radius);
    character.head(ctx, headView(pose));
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    return this.canvas;
  }

  private backdropOf(id: AvatarId, character: Character): HTMLCanvasElement {
    if (this.backdrop?.id === id) return this.backdrop.image;
    const { width, height } = this;
    const image = canvas(width, height);
    const ctx = context2d(image);
    const [top, bottom] = character.background;
    const sky = ctx.createLinearGradient(0, 0, 0, height);
    sky.addColorStop(0, top);
    sky.addColorStop(1, bottom);
    ctx.fillStyle = sky;
    ctx.fillRect(0, 0, width, height);
    // A soft light behind the head.
    const glow = ctx.createRadialGradient(
      width / 2,
      height * HEAD_Y,
      0,
      width / 2,
      height * HEAD_Y,
      height * 0.7,
    );
    glow.addColorStop(0, 'rgba(255,255,255,0.35)');
    glow.addColorStop(1, 'rgba(255,255,255,0)');
    ctx.fillStyle = glow;
    ctx.fillRect(0, 0, width, height);
    // Shoulders: a rounded body rising from the bottom edge.
    const r = HEAD_RADIUS * height;
    ctx.fillStyle = character.body;
    ctx.beginPath();
    ctx.ellipse(width / 2, height + r * 0.55, r * 2.1, r * 1.5, 0, Math.PI, 0);
    ctx.fill();
    this.backdrop = { id, image };
    return image;
  }
}
