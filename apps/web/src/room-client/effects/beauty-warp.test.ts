import { describe, expect, test } from 'vitest';
import { NO_WARP, faceWarp, warpSource } from './beauty-warp';
import type { Landmark } from './face-landmarks';

const W = 1280;
const H = 720;

/** A face 400 px wide centred in a 1280x720 frame: the points the warp reads, in pixels. */
function face(): Landmark[] {
  const points: Landmark[] = Array.from({ length: 468 }, () => ({ x: 0.5, y: 0.5, z: 0 }));
  const set = (i: number, x: number, y: number) => (points[i] = { x: x / W, y: y / H, z: 0 });
  set(234, 440, 330); // face's widest points
  set(454, 840, 330);
  set(33, 510, 300); // right eye, outer and inner corners
  set(133, 590, 300);
  set(263, 770, 300); // left eye
  set(362, 690, 300);
  set(1, 640, 400); // nose tip
  // Down the face oval on each side, cheekbone to jaw.
  for (const [i, x, y] of [
    [93, 445, 370],
    [132, 460, 420],
    [58, 472, 460],
    [172, 490, 500],
    [136, 515, 540],
  ] as const) {
    set(i, x, y);
    set({ 93: 323, 132: 361, 58: 288, 172: 397, 136: 365 }[i], 1280 - x, y);
  }
  return points;
}

describe('faceWarp', () => {
  test.each([
    ['no face found', null, 4, 2],
    ['a face with both rates zero', face(), 0, 0],
    ['too few landmarks', face().slice(0, 100), 4, 2],
  ])('%s leaves the frame as it is', (_name, landmarks, slim, bigger) => {
    const warp = faceWarp(landmarks, W, H, slim, bigger);
    expect(warp).toEqual(NO_WARP);
    expect(warpSource(470, 420, warp)).toEqual([470, 420]);
  });

  test('bigger eyes: a disc one eye width around each eye centre, stronger with the rate', () => {
    const weak = faceWarp(face(), W, H, 0, 2);
    const strong = faceWarp(face(), W, H, 0, 10);
    expect(weak.shifts).toEqual([]);
    expect(strong.bulges.map((b) => [b.x, b.y, b.radius])).toEqual([
      [550, 300, 80],
      [730, 300, 80],
    ]);
    expect(strong.bulges[0]!.strength).toBeCloseTo(0.28);
    expect(weak.bulges[0]!.strength).toBeCloseTo(0.056);
  });

  test('slim face: five points down each side pulled toward the nose tip, 2% of the face width each at rate 10', () => {
    const warp = faceWarp(face(), W, H, 10, 0);
    expect(warp.bulges).toEqual([]);
    expect(warp.shifts).toHaveLength(10);
    const right = warp.shifts[1]!; // (460, 420), nose at (640, 400)
    expect([right.x, right.y]).toEqual([460, 420]);
    expect(Math.hypot(right.dx, right.dy)).toBeCloseTo(8);
    expect(right.dx).toBeGreaterThan(0);
    expect(right.radius).toBeCloseTo(120);
    expect(warp.shifts.slice(5).every((s) => s.dx < 0)).toBe(true);
    expect(faceWarp(face(), W, H, 5, 0).shifts[1]!.dx).toBeCloseTo(right.dx / 2);
  });
});

describe('warpSource (the shader reads the frame here)', () => {
  const eyes = faceWarp(face(), W, H, 0, 10);
  const slim = faceWarp(face(), W, H, 10, 0);

  test('an eye centre reads itself; inside the disc reads nearer the centre (magnified)', () => {
    expect(warpSource(550, 300, eyes)).toEqual([550, 300]);
    const [x, y] = warpSource(590, 300, eyes); // half a radius right of the centre
    expect(y).toBeCloseTo(300);
    expect(x - 550).toBeCloseTo(40 * (1 - 0.28 * 0.75));
    expect(x).toBeLessThan(590);
  });

  test('the disc edge and beyond are untouched, so the image stays continuous', () => {
    const [x] = warpSource(629.999, 300, eyes);
    expect(x).toBeCloseTo(630, 2);
    expect(warpSource(640, 200, eyes)).toEqual([640, 200]);
  });

  test('at a cheek the output reads from further out: the face edge moves in, by about 5% of the face width', () => {
    const [x] = warpSource(460, 420, slim);
    expect(x).toBeLessThan(460 - 12);
    expect(x).toBeGreaterThan(460 - 40);
    const [lx] = warpSource(820, 420, slim);
    expect(lx - 820).toBeCloseTo(460 - x, 5);
  });

  test('the contour moves smoothly: no dent between two cheek points', () => {
    const pulls = [420, 440, 460, 480, 500].map((y) => 466 - warpSource(466, y, slim)[0]);
    const spread = Math.max(...pulls) - Math.min(...pulls);
    expect(Math.min(...pulls)).toBeGreaterThan(10);
    expect(spread).toBeLessThan(Math.max(...pulls) * 0.35);
  });

  test('far from the cheeks (the eyes, the background) nothing moves', () => {
    expect(warpSource(550, 300, slim)).toEqual([550, 300]);
    expect(warpSource(100, 100, slim)).toEqual([100, 100]);
  });
});
