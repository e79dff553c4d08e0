/**
 * A synthetic "portrait" for Chromium's fake camera (--use-file-for-fake-video-capture), made
 * here so no image is fetched or shipped: a skin-coloured oval with a fine skin-like texture, dark
 * eyes, a red mouth and dark hair, in front of a blue-grey striped wall. It is no real face, but
 * Face Mesh takes it for one, and it has what smoothing and whitening act on: skin-coloured pixels
 * with fine detail, beside a wall with the same fine detail in a colour that is not skin, which
 * must stay sharp (and which, losing detail only to the encoder, is what the skin is measured
 * against). 1280x720 frames, Y4M (I420): one still frame, or a loop of expressions (the mouth
 * opening, the eyes closing) for the avatar that follows them.
 */
import { writeFileSync } from 'node:fs';

export const FACE_VIDEO_WIDTH = 1280;
export const FACE_VIDEO_HEIGHT = 720;

/** Regions to measure, as fractions of the frame: inside the cheeks, and the wall beside the face. */
export const REGIONS = {
  cheeks: [
    { x0: 0.41, y0: 0.55, x1: 0.46, y1: 0.66 },
    { x0: 0.54, y0: 0.55, x1: 0.59, y1: 0.66 },
  ],
  wall: [{ x0: 0.04, y0: 0.3, x1: 0.2, y1: 0.7 }],
} as const;

const FACE = { cx: 640, cy: 390, rx: 165, ry: 225 };

/** Deterministic value noise in -1..1 with features about `cell` pixels across. */
function valueNoise(width: number, height: number, cell: number, seed: number) {
  const cols = Math.ceil(width / cell) + 2;
  const rows = Math.ceil(height / cell) + 2;
  let state = seed;
  const grid = new Float32Array(cols * rows).map(() => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return (state / 2 ** 32) * 2 - 1;
  });
  return (x: number, y: number) => {
    const gx = x / cell;
    const gy = y / cell;
    const ix = Math.floor(gx);
    const iy = Math.floor(gy);
    const fx = gx - ix;
    const fy = gy - iy;
    const at = (i: number, j: number) => grid[j * cols + i]!;
    const top = at(ix, iy) * (1 - fx) + at(ix + 1, iy) * fx;
    const bottom = at(ix, iy + 1) * (1 - fx) + at(ix + 1, iy + 1) * fx;
    return top * (1 - fy) + bottom * fy;
  };
}

function inEllipse(x: number, y: number, cx: number, cy: number, rx: number, ry: number) {
  return ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;
}

/** How the portrait's face looks: the mouth open (a dark gap between red lips), the eyes shut. */
export interface Expression {
  mouthOpen?: boolean;
  eyesClosed?: boolean;
}

/** The portrait's RGB pixels. */
export function portraitRgb({
  mouthOpen = false,
  eyesClosed = false,
}: Expression = {}): Uint8Array {
  const w = FACE_VIDEO_WIDTH;
  const h = FACE_VIDEO_HEIGHT;
  const rgb = new Uint8Array(w * h * 3);
  const pores = valueNoise(w, h, 4, 7);
  const blotches = valueNoise(w, h, 14, 11);
  const texture = (x: number, y: number) => 18 * pores(x, y) + 8 * blotches(x, y);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let c: [number, number, number];
      const inFace = inEllipse(x, y, FACE.cx, FACE.cy, FACE.rx, FACE.ry);
      const inHair =
        inEllipse(x, y, FACE.cx, FACE.cy - 40, FACE.rx + 30, FACE.ry + 10) &&
        y < FACE.cy - 120 &&
        !inEllipse(x, y, FACE.cx, FACE.cy + 10, FACE.rx - 10, FACE.ry - 30);
      if (inHair) {
        c = [52, 36, 28];
      } else if (inFace) {
        const t = texture(x, y);
        c = [222 + t, 170 + t, 138 + t];
        for (const ex of [FACE.cx - 65, FACE.cx + 65]) {
          if (eyesClosed) {
            // A shut eye: the lash line where the lids meet.
            if (inEllipse(x, y, ex, FACE.cy - 46, 30, 3)) c = [60, 40, 35];
            continue;
          }
          if (inEllipse(x, y, ex, FACE.cy - 50, 30, 14)) c = [235, 235, 230];
          if (inEllipse(x, y, ex, FACE.cy - 50, 11, 11)) c = [40, 30, 25];
        }
        if (mouthOpen) {
          if (inEllipse(x, y, FACE.cx, FACE.cy + 125, 54, 38)) c = [170, 50, 60];
          if (inEllipse(x, y, FACE.cx, FACE.cy + 125, 44, 27)) c = [45, 15, 20];
        } else if (inEllipse(x, y, FACE.cx, FACE.cy + 120, 52, 16)) c = [170, 50, 60];
      } else {
        // The wall: the skin's texture on blue-grey (mirrored, so not the same pixels).
        const t = texture(w - 1 - x, y);
        c = [92 + t, 108 + t, 138 + t];
      }
      const i = (y * w + x) * 3;
      rgb[i] = Math.max(0, Math.min(255, Math.round(c[0])));
      rgb[i + 1] = Math.max(0, Math.min(255, Math.round(c[1])));
      rgb[i + 2] = Math.max(0, Math.min(255, Math.round(c[2])));
    }
  }
  return rgb;
}

/** One portrait frame as I420 planes (BT.601). */
function i420(rgb: Uint8Array): Buffer {
  const w = FACE_VIDEO_WIDTH;
  const h = FACE_VIDEO_HEIGHT;
  const yPlane = Buffer.alloc(w * h);
  const uPlane = Buffer.alloc((w / 2) * (h / 2));
  const vPlane = Buffer.alloc((w / 2) * (h / 2));
  const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      yPlane[y * w + x] = clamp(16 + 0.257 * rgb[i]! + 0.504 * rgb[i + 1]! + 0.098 * rgb[i + 2]!);
    }
  }
  for (let y = 0; y < h / 2; y++) {
    for (let x = 0; x < w / 2; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const i = ((2 * y + dy) * w + 2 * x + dx) * 3;
        r += rgb[i]! / 4;
        g += rgb[i + 1]! / 4;
        b += rgb[i + 2]! / 4;
      }
      uPlane[y * (w / 2) + x] = clamp(128 - 0.148 * r - 0.291 * g + 0.439 * b);
      vPlane[y * (w / 2) + x] = clamp(128 + 0.439 * r - 0.368 * g - 0.071 * b);
    }
  }
  return Buffer.concat([yPlane, uPlane, vPlane]);
}

/**
 * Writes the portrait as a Y4M file for Chromium's fake camera, which plays it in a loop: one
 * still frame, or each expression of `loop` held for `holdFrames` frames at 10 frames a second.
 */
export function writePortraitY4m(
  file: string,
  loop: readonly Expression[] = [{}],
  holdFrames = 1,
): void {
  const fps = loop.length > 1 ? 10 : 30;
  const header = `YUV4MPEG2 W${FACE_VIDEO_WIDTH} H${FACE_VIDEO_HEIGHT} F${fps}:1 Ip A1:1 C420\n`;
  const parts: Buffer[] = [Buffer.from(header, 'ascii')];
  for (const expression of loop) {
    const frame = i420(portraitRgb(expression));
    for (let i = 0; i < holdFrames; i++) parts.push(Buffer.from('FRAME\n', 'ascii'), frame);
  }
  writeFileSync(file, Buffer.concat(parts));
}
