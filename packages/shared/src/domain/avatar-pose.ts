/**
 * The avatar's pose (issue 15): from one face's Face Mesh landmarks to what the drawn character
 * shows — head turn (yaw), nod (pitch) and tilt (roll), each eye's openness, the mouth's
 * openness, and where the face is in the frame — plus how the pose follows the measurements
 * smoothly and, with no face in view, holds and then drifts back to neutral. Pure: the web app's
 * avatar stage feeds it landmarks and draws what it answers.
 *
 * Directions are the camera image's (what is sent is not mirrored): yaw > 0 is the face turned
 * toward the image's right, pitch > 0 looking down, roll > 0 the head tilted clockwise; the
 * "left" eye is the one on the image's left.
 */

/** A Face Mesh landmark: x and y 0..1 of the image's width and height, z in units of its width. */
export interface FacePoint {
  x: number;
  y: number;
  z: number;
}

export interface AvatarPose {
  /** Radians. */
  yaw: number;
  pitch: number;
  roll: number;
  /** 0 shut .. 1 open. */
  leftEye: number;
  rightEye: number;
  /** 0 closed .. 1 wide open. */
  mouth: number;
  /** The face's centre from the frame's centre, -1..1 of half the frame each way. */
  x: number;
  y: number;
}

export const NEUTRAL_POSE: AvatarPose = {
  yaw: 0,
  pitch: 0,
  roll: 0,
  leftEye: 1,
  rightEye: 1,
  mouth: 0,
  x: 0,
  y: 0,
};

/** Face Mesh indices (468-point mesh). */
export const FACE_MESH_POINTS = 468;
const SIDE_LEFT = 234;
const SIDE_RIGHT = 454;
const FOREHEAD = 10;
const CHIN = 152;
/** Each eye's six points for the eye aspect ratio: corner, two upper lid, corner, two lower lid. */
const LEFT_EYE = [33, 160, 158, 133, 153, 144] as const;
const RIGHT_EYE = [362, 385, 387, 263, 373, 380] as const;
const LIP_UPPER_INNER = 13;
const LIP_LOWER_INNER = 14;
const MOUTH_CORNERS = [61, 291] as const;

/**
 * Eye aspect ratio (lid gap over eye width) of a shut and of an open eye. Open eyes measure about
 * 0.26-0.35 with these points, shut ones 0.1-0.2 (Face Mesh never quite closes the lids).
 */
export const EYE_RATIO_SHUT = 0.18;
export const EYE_RATIO_OPEN = 0.28;
/** Inner lip gap over mouth width: closed lips measure up to about 0.05, a wide open mouth 0.5. */
export const MOUTH_RATIO_CLOSED = 0.06;
export const MOUTH_RATIO_OPEN = 0.46;
/** The largest turn and tilt shown: beyond it Face Mesh's estimate is unreliable anyway. */
export const MAX_HEAD_ANGLE = Math.PI / 3;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const unit = (v: number) => clamp(v, 0, 1);

/** How far `value` is from `low` to `high`, 0..1. */
function between(value: number, low: number, high: number): number {
  return unit((value - low) / (high - low));
}

/**
 * The pose of the face whose landmarks these are, in a `width` x `height` frame; null when they
 * are not a whole face mesh or are degenerate.
 */
export function avatarPose(
  landmarks: readonly FacePoint[] | null | undefined,
  width: number,
  height: number,
): AvatarPose | null {
  if (!landmarks || landmarks.length < FACE_MESH_POINTS || !(width > 0) || !(height > 0))
    return null;
  // Pixels on every axis, so distances and angles are the face's own.
  const at = (i: number) => {
    const p = landmarks[i]!;
    return { x: p.x * width, y: p.y * height, z: p.z * width };
  };
  const sub = (a: number, b: number) => {
    const p = at(a);
    const q = at(b);
    return { x: p.x - q.x, y: p.y - q.y, z: p.z - q.z };
  };
  const gap = (a: number, b: number) => {
    const d = sub(a, b);
    return Math.hypot(d.x, d.y);
  };

  // The face's horizontal axis (left side to right side) and vertical axis (forehead to chin).
  const across = sub(SIDE_RIGHT, SIDE_LEFT);
  const down = sub(CHIN, FOREHEAD);
  const faceWidth = Math.hypot(across.x, across.y, across.z);
  if (!(faceWidth > 1) || !(Math.hypot(down.x, down.y, down.z) > 1)) return null;

  // Tilt in the image plane, then turn and nod once the tilt is taken out.
  const roll = Math.atan2(across.y, across.x);
  const cr = Math.cos(-roll);
  const sr = Math.sin(-roll);
  const unroll = (v: { x: number; y: number; z: number }) => ({
    x: v.x * cr - v.y * sr,
    y: v.x * sr + v.y * cr,
    z: v.z,
  });
  const a = unroll(across);
  const yaw = Math.atan2(a.z, a.x);
  const d = unroll(down);
  // The vertical axis with the turn taken out too: what is left of its depth is the nod.
  const dz = -d.x * Math.sin(yaw) + d.z * Math.cos(yaw);
  const pitch = Math.atan2(dz, d.y);

  const eye = ([c1, t1, t2, c2, b2, b1]: readonly number[]) => {
    const span = gap(c1!, c2!);
    if (!(span > 0)) return 1;
    const ratio = (gap(t1!, b1!) + gap(t2!, b2!)) / (2 * span);
    return between(ratio, EYE_RATIO_SHUT, EYE_RATIO_OPEN);
  };
  const mouthWidth = gap(MOUTH_CORNERS[0], MOUTH_CORNERS[1]);
  const mouth =
    mouthWidth > 0
      ? between(
          gap(LIP_UPPER_INNER, LIP_LOWER_INNER) / mouthWidth,
          MOUTH_RATIO_CLOSED,
          MOUTH_RATIO_OPEN,
        )
      : 0;

  const left = at(SIDE_LEFT);
  const right = at(SIDE_RIGHT);
  const top = at(FOREHEAD);
  const bottom = at(CHIN);
  const cx = (left.x + right.x + top.x + bottom.x) / 4;
  const cy = (left.y + right.y + top.y + bottom.y) / 4;
  return {
    yaw: clamp(yaw, -MAX_HEAD_ANGLE, MAX_HEAD_ANGLE),
    pitch: clamp(pitch, -MAX_HEAD_ANGLE, MAX_HEAD_ANGLE),
    roll: clamp(roll, -MAX_HEAD_ANGLE, MAX_HEAD_ANGLE),
    leftEye: eye(LEFT_EYE),
    rightEye: eye(RIGHT_EYE),
    mouth,
    x: clamp(cx / width - 0.5, -0.5, 0.5) * 2,
    y: clamp(cy / height - 0.5, -0.5, 0.5) * 2,
  };
}

/**
 * How quickly the drawn pose catches up with a measurement (time constants, ms): the head a
 * little slowly, which hides the landmarks' jitter; eyes and mouth fast, so a blink shows.
 */
export const FOLLOW_HEAD_MS = 90;
export const FOLLOW_FEATURES_MS = 35;
/** With no face in view the last pose is held this long, then drifts to neutral over about this. */
export const HOLD_LOST_FACE_MS = 600;
export const DRIFT_TO_NEUTRAL_MS = 700;

/** `from` moved toward `to` as an exponential approach with time constant `tau` after `dt` ms. */
function approach(from: number, to: number, dt: number, tau: number): number {
  if (!(dt > 0)) return from;
  return to + (from - to) * Math.exp(-dt / tau);
}

function blend(from: AvatarPose, to: AvatarPose, dt: number, head: number, features: number) {
  return {
    yaw: approach(from.yaw, to.yaw, dt, head),
    pitch: approach(from.pitch, to.pitch, dt, head),
    roll: approach(from.roll, to.roll, dt, head),
    x: approach(from.x, to.x, dt, head),
    y: approach(from.y, to.y, dt, head),
    leftEye: approach(from.leftEye, to.leftEye, dt, features),
    rightEye: approach(from.rightEye, to.rightEye, dt, features),
    mouth: approach(from.mouth, to.mouth, dt, features),
  };
}

/**
 * The next drawn pose, `dt` ms after `shown`: toward `measured` when a face was found; else held
 * until the face has been gone HOLD_LOST_FACE_MS (`lostFor`), then drifting to neutral.
 */
export function nextPose(
  shown: AvatarPose,
  measured: AvatarPose | null,
  dt: number,
  lostFor = 0,
): AvatarPose {
  if (measured) return blend(shown, measured, dt, FOLLOW_HEAD_MS, FOLLOW_FEATURES_MS);
  const drifting = Math.min(dt, lostFor - HOLD_LOST_FACE_MS);
  if (drifting <= 0) return shown;
  const tau = DRIFT_TO_NEUTRAL_MS / 3;
  return blend(shown, NEUTRAL_POSE, drifting, tau, tau);
}
