import { describe, expect, test } from 'vitest';
import {
  DRIFT_TO_NEUTRAL_MS,
  FACE_MESH_POINTS,
  FOLLOW_FEATURES_MS,
  FOLLOW_HEAD_MS,
  HOLD_LOST_FACE_MS,
  MAX_HEAD_ANGLE,
  NEUTRAL_POSE,
  avatarPose,
  nextPose,
  type AvatarPose,
  type FacePoint,
} from './avatar-pose.js';

const WIDTH = 1280;
const HEIGHT = 720;

interface FaceShape {
  yaw?: number;
  pitch?: number;
  roll?: number;
  /** Eye aspect ratio of the image's left and right eye. */
  leftEar?: number;
  rightEar?: number;
  /** Inner lip gap over mouth width. */
  mouthRatio?: number;
  /** The face's centre, fractions of the frame. */
  cx?: number;
  cy?: number;
}

/**
 * A face mesh as Face Mesh would report it for a head of this shape and pose: the points the
 * pose reads, placed on a head (pixels, z away from the camera), turned (nod, then turn, then
 * tilt) and projected; the other points sit at the face's centre.
 */
function face({
  yaw = 0,
  pitch = 0,
  roll = 0,
  leftEar = 0.3,
  rightEar = 0.3,
  mouthRatio = 0.02,
  cx = 0.5,
  cy = 0.5,
}: FaceShape = {}): FacePoint[] {
  const model = new Map<number, [number, number, number]>([
    [234, [-150, 0, 60]],
    [454, [150, 0, 60]],
    [10, [0, -170, 20]],
    [152, [0, 170, 20]],
    [61, [-50, 110, -20]],
    [291, [50, 110, -20]],
    [13, [0, 110 - mouthRatio * 50, -22]],
    [14, [0, 110 + mouthRatio * 50, -22]],
  ]);
  const eye = (ids: readonly number[], x: number, ear: number) => {
    // Corners 30 px either side; lids at ±10 px, opened ear * 30 px each way.
    const h = ear * 30;
    const [c1, t1, t2, c2, b2, b1] = ids as [number, number, number, number, number, number];
    model.set(c1, [x - 30, -40, -10]);
    model.set(t1, [x - 10, -40 - h, -10]);
    model.set(t2, [x + 10, -40 - h, -10]);
    model.set(c2, [x + 30, -40, -10]);
    model.set(b2, [x + 10, -40 + h, -10]);
    model.set(b1, [x - 10, -40 + h, -10]);
  };
  eye([33, 160, 158, 133, 153, 144], -75, leftEar);
  eye([362, 385, 387, 263, 373, 380], 75, rightEar);

  const turn = ([x0, y0, z0]: [number, number, number]) => {
    const y1 = y0 * Math.cos(pitch) - z0 * Math.sin(pitch);
    const z1 = y0 * Math.sin(pitch) + z0 * Math.cos(pitch);
    const x2 = x0 * Math.cos(yaw) - z1 * Math.sin(yaw);
    const z2 = x0 * Math.sin(yaw) + z1 * Math.cos(yaw);
    const x3 = x2 * Math.cos(roll) - y1 * Math.sin(roll);
    const y3 = x2 * Math.sin(roll) + y1 * Math.cos(roll);
    return { x: (cx * WIDTH + x3) / WIDTH, y: (cy * HEIGHT + y3) / HEIGHT, z: z2 / WIDTH };
  };
  return Array.from({ length: FACE_MESH_POINTS }, (_, i) => turn(model.get(i) ?? [0, 0, 0]));
}

const pose = (shape: FaceShape) => avatarPose(face(shape), WIDTH, HEIGHT)!;

describe('avatarPose: the head turn, nod and tilt of a face mesh', () => {
  test.each<[string, FaceShape, { yaw: number; pitch: number; roll: number }]>([
    ['facing the camera', {}, { yaw: 0, pitch: 0, roll: 0 }],
    ['turned toward the image’s right', { yaw: 0.4 }, { yaw: 0.4, pitch: 0, roll: 0 }],
    ['turned toward the image’s left', { yaw: -0.4 }, { yaw: -0.4, pitch: 0, roll: 0 }],
    ['looking down', { pitch: 0.3 }, { yaw: 0, pitch: 0.3, roll: 0 }],
    ['looking up', { pitch: -0.3 }, { yaw: 0, pitch: -0.3, roll: 0 }],
    ['tilted clockwise', { roll: 0.25 }, { yaw: 0, pitch: 0, roll: 0.25 }],
    [
      'turned, nodding and tilted at once',
      { yaw: 0.3, pitch: -0.2, roll: 0.15 },
      { yaw: 0.3, pitch: -0.2, roll: 0.15 },
    ],
    ['turned past what is shown', { yaw: 1.3 }, { yaw: MAX_HEAD_ANGLE, pitch: 0, roll: 0 }],
  ])('%s', (_name, shape, expected) => {
    const p = pose(shape);
    expect(p.yaw).toBeCloseTo(expected.yaw, 5);
    expect(p.pitch).toBeCloseTo(expected.pitch, 5);
    expect(p.roll).toBeCloseTo(expected.roll, 5);
  });
});

describe('avatarPose: eyes and mouth', () => {
  test.each<[string, FaceShape, Partial<AvatarPose>]>([
    ['both eyes open, mouth closed', {}, { leftEye: 1, rightEye: 1, mouth: 0 }],
    ['both eyes shut (a blink)', { leftEar: 0.1, rightEar: 0.12 }, { leftEye: 0, rightEye: 0 }],
    ['a wink of the image’s left eye', { leftEar: 0.12 }, { leftEye: 0, rightEye: 1 }],
    ['eyes half open', { leftEar: 0.23, rightEar: 0.23 }, { leftEye: 0.5, rightEye: 0.5 }],
    ['mouth half open', { mouthRatio: 0.26 }, { mouth: 0.5 }],
    ['mouth wide open', { mouthRatio: 0.7 }, { mouth: 1 }],
  ])('%s', (_name, shape, expected) => {
    const p = pose(shape);
    for (const [key, value] of Object.entries(expected))
      expect(p[key as keyof AvatarPose]).toBeCloseTo(value, 5);
  });

  test('the face’s place in the frame: -1..1 of half the frame from the centre', () => {
    expect(pose({ cx: 0.75, cy: 0.5 })).toMatchObject({ x: 0.5, y: 0 });
    const low = pose({ cx: 0.5, cy: 0.8 });
    expect(low.x).toBeCloseTo(0, 5);
    expect(low.y).toBeCloseTo(0.6, 5);
  });
});

describe('avatarPose: no usable face', () => {
  const flat = Array.from({ length: FACE_MESH_POINTS }, () => ({ x: 0.5, y: 0.5, z: 0 }));
  test.each<[string, FacePoint[] | null, number]>([
    ['no landmarks', null, WIDTH],
    ['fewer points than a face mesh', face().slice(0, 100), WIDTH],
    ['every point in one place', flat, WIDTH],
    ['a frame without a size', face(), 0],
  ])('%s is no pose', (_name, landmarks, width) => {
    expect(avatarPose(landmarks, width, HEIGHT)).toBeNull();
  });
});

describe('nextPose: following the face, holding and drifting back without one', () => {
  const turned: AvatarPose = {
    yaw: 0.5,
    pitch: -0.3,
    roll: 0.2,
    leftEye: 0,
    rightEye: 0,
    mouth: 1,
    x: 0.4,
    y: -0.2,
  };
  const e = Math.exp(-1);
  test.each<[string, AvatarPose | null, number, number, Partial<AvatarPose>]>([
    ['no time passed: unchanged', turned, 0, 0, NEUTRAL_POSE],
    ['long after a measurement: there', turned, 10_000, 0, turned],
    [
      'one head time constant: the head 63% there',
      turned,
      FOLLOW_HEAD_MS,
      0,
      { yaw: 0.5 * (1 - e), roll: 0.2 * (1 - e) },
    ],
    [
      'one feature time constant: eyes and mouth 63% there',
      turned,
      FOLLOW_FEATURES_MS,
      0,
      { leftEye: e, mouth: 1 - e },
    ],
  ])('%s', (_name, measured, dt, lostFor, expected) => {
    const p = nextPose(NEUTRAL_POSE, measured, dt, lostFor);
    for (const [key, value] of Object.entries(expected))
      expect(p[key as keyof AvatarPose]).toBeCloseTo(value, 5);
  });

  test.each<[string, number, number, 'held' | 'partly' | 'neutral']>([
    ['just lost: the last pose is held', 100, HOLD_LOST_FACE_MS - 1, 'held'],
    [
      'lost a moment longer than the hold: it starts to drift',
      500,
      HOLD_LOST_FACE_MS + 50,
      'partly',
    ],
    ['lost long ago: neutral', 10 * DRIFT_TO_NEUTRAL_MS, 20 * DRIFT_TO_NEUTRAL_MS, 'neutral'],
  ])('%s', (_name, dt, lostFor, expected) => {
    const p = nextPose(turned, null, dt, lostFor);
    if (expected === 'held') expect(p).toEqual(turned);
    if (expected === 'neutral')
      for (const [key, value] of Object.entries(NEUTRAL_POSE))
        expect(p[key as keyof AvatarPose]).toBeCloseTo(value, 3);
    if (expected === 'partly') {
      // Only the 50 ms past the hold count, not the whole 500 ms step.
      expect(p.yaw).toBeLessThan(turned.yaw);
      expect(p.yaw).toBeGreaterThan(turned.yaw * 0.7);
    }
  });
});
