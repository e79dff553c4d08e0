/**
 * The geometry of the beauty filters that need a face: slim face pulls the cheeks and jaw toward
 * the nose, bigger eyes magnifies a disc around each eye. Both are inverse maps (for each output
 * pixel, where in the camera frame to read) built from Face Mesh landmarks, in pixels. The shader
 * in beauty-gl.ts evaluates `warpSource` per pixel; this is its reference and its test subject.
 */
import { BEAUTY_RATE_MAX } from '@meet/shared';
import type { Landmark } from './face-landmarks';

/** Magnifies around (x, y): the centre is read from (1 - strength) of the way out. */
export interface Bulge {
  x: number;
  y: number;
  radius: number;
  strength: number;
}

/** Moves what is at (x, y) by (dx, dy), fading to nothing at `radius` (a local translation warp). */
export interface Shift {
  x: number;
  y: number;
  dx: number;
  dy: number;
  radius: number;
}

export interface FaceWarp {
  bulges: Bulge[];
  shifts: Shift[];
}

export const NO_WARP: FaceWarp = { bulges: [], shifts: [] };

/** Face Mesh indices: eye corners (outer, inner), the nose tip, the face's widest points. */
const EYES = [
  [33, 133],
  [263, 362],
] as const;
const NOSE_TIP = 1;
const FACE_SIDES = [234, 454] as const;
/**
 * Points down the face oval from the cheekbone to the jaw, right then left side. Their pulls
 * overlap, so the contour moves in as one smooth curve rather than in dents.
 */
const CHEEKS = [93, 132, 58, 172, 136, 323, 361, 288, 397, 365] as const;

/** The strongest eye magnification (rate 10): the eye's centre read from 72% of the way out. */
const MAX_BULGE = 0.28;
/** The eye's disc: this many eye widths around its centre. */
const BULGE_RADIUS = 1;
/**
 * The largest pull of each cheek point toward the nose (rate 10), in face widths; overlapping,
 * they move the contour by about 5% of the face's width on each side.
 */
const MAX_SLIM = 0.02;
/** How far around a cheek point the pull reaches, in face widths. */
const SLIM_RADIUS = 0.3;

/** Shader arrays have a fixed size. */
export const MAX_BULGES = EYES.length;
export const MAX_SHIFTS = CHEEKS.length;

/**
 * The warp for one face (landmarks 0..1 of a `width` x `height` frame) at these rates (0..10);
 * no face, or both rates zero, is no warp: the frame is left as it is.
 */
export function faceWarp(
  landmarks: readonly Landmark[] | null,
  width: number,
  height: number,
  slimRate: number,
  biggerRate: number,
): FaceWarp {
  if (!landmarks || landmarks.length < 468) return NO_WARP;
  const at = (i: number) => {
    const p = landmarks[i]!;
    return { x: p.x * width, y: p.y * height };
  };
  const [right, left] = FACE_SIDES.map(at) as [{ x: number; y: number }, { x: number; y: number }];
  const faceWidth = Math.hypot(left.x - right.x, left.y - right.y);
  if (!(faceWidth > 1)) return NO_WARP;

  const bigger = Math.min(1, Math.max(0, biggerRate / BEAUTY_RATE_MAX));
  const bulges: Bulge[] =
    bigger > 0
      ? EYES.map(([outer, inner]) => {
          const a = at(outer);
          const b = at(inner);
          return {
            x: (a.x + b.x) / 2,
            y: (a.y + b.y) / 2,
            radius: Math.hypot(a.x - b.x, a.y - b.y) * BULGE_RADIUS,
            strength: bigger * MAX_BULGE,
          };
        })
      : [];

  const slim = Math.min(1, Math.max(0, slimRate / BEAUTY_RATE_MAX));
  const nose = at(NOSE_TIP);
  const shifts: Shift[] =
    slim > 0
      ? CHEEKS.map((index) => {
          const c = at(index);
          const toNose = Math.hypot(nose.x - c.x, nose.y - c.y) || 1;
          const pull = slim * MAX_SLIM * faceWidth;
          return {
            x: c.x,
            y: c.y,
            dx: ((nose.x - c.x) / toNose) * pull,
            dy: ((nose.y - c.y) / toNose) * pull,
            radius: SLIM_RADIUS * faceWidth,
          };
        })
      : [];
  return { bulges, shifts };
}

/** Where the output pixel (x, y) reads the camera frame: the bulges first, then the shifts. */
export function warpSource(x: number, y: number, warp: FaceWarp): [number, number] {
  let qx = x;
  let qy = y;
  for (const b of warp.bulges) {
    const d = Math.hypot(qx - b.x, qy - b.y);
    if (d >= b.radius) continue;
    const t = d / b.radius;
    const k = 1 - b.strength * (1 - t * t);
    qx = b.x + (qx - b.x) * k;
    qy = b.y + (qy - b.y) * k;
  }
  for (const s of warp.shifts) {
    const r2 = s.radius * s.radius;
    const d2 = (qx - s.x) ** 2 + (qy - s.y) ** 2;
    if (d2 >= r2) continue;
    const m2 = s.dx * s.dx + s.dy * s.dy;
    const w = ((r2 - d2) / (r2 - d2 + m2)) ** 2;
    qx -= w * s.dx;
    qy -= w * s.dy;
  }
  return [qx, qy];
}
