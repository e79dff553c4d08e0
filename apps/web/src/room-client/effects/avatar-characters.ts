/**
 * The avatars' drawings (issue 15): the characters that ship (packages/shared's AVATAR_IDS), each
 * drawn with Canvas 2D in head radii on a `HeadView`, so their features follow the member's head,
 * eyes and mouth. apps/web/public/avatars/<id>.svg are their pictures in the neutral pose, in the
 * same colours.
 */
import type { AvatarId, AvatarPose } from '@meet/shared';

/** Where a point of the face is drawn, in head radii from the head's centre. */
export interface Point {
  x: number;
  y: number;
}

/** The turned head as the characters draw on it. */
export interface HeadView {
  readonly pose: AvatarPose;
  /**
   * A point of the face at (u, v) head radii from its centre as seen from the front; `lift` raises
   * it off the sphere (a snout, an ear's tip), so it moves more as the head turns.
   */
  at(u: number, v: number, lift?: number): Point;
  /** How much narrower and shorter a feature looks with the head turned and nodded. */
  readonly sx: number;
  readonly sy: number;
}

export interface Character {
  /** The background's top and bottom colours, and the shoulders'. */
  background: readonly [string, string];
  body: string;
  /** The neck from the head (centre cx, cy; radius r, in pixels) down to the shoulders. */
  neck(ctx: CanvasRenderingContext2D, cx: number, cy: number, r: number): void;
  /** The head, in head radii around its centre (the canvas is already moved and tilted). */
  head(ctx: CanvasRenderingContext2D, view: HeadView): void;
}

/** Below this openness an eye is drawn shut: a half-open eye of a face in a blink looks odd. */
const SHUT = 0.25;

function oval(ctx: CanvasRenderingContext2D, p: Point, rx: number, ry: number, fill: string) {
  ctx.fillStyle = fill;
  ctx.beginPath();
  ctx.ellipse(p.x, p.y, Math.max(rx, 0.001), Math.max(ry, 0.001), 0, 0, Math.PI * 2);
  ctx.fill();
}

function outline(ctx: CanvasRenderingContext2D, colour: string, width: number) {
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.stroke();
}

function polygon(ctx: CanvasRenderingContext2D, points: Point[], fill: string) {
  ctx.fillStyle = fill;
  ctx.beginPath();
  points.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
  ctx.closePath();
  ctx.fill();
}

/** A shut eye: a lid's curve, smiling downward. */
function shutEye(ctx: CanvasRenderingContext2D, p: Point, rx: number, colour: string) {
  ctx.beginPath();
  ctx.moveTo(p.x - rx, p.y);
  ctx.quadraticCurveTo(p.x, p.y + rx * 0.6, p.x + rx, p.y);
  outline(ctx, colour, 0.045);
}

/** An ear: a triangle from two base points to a tip, with a smaller inner one. */
function ear(
  ctx: CanvasRenderingContext2D,
  view: HeadView,
  side: number,
  fur: string,
  inner: string,
) {
  const a = view.at(side * 0.3, -0.88);
  const b = view.at(side * 0.92, -0.38);
  const tip = view.at(side * 0.86, -1.38, 0.15);
  polygon(ctx, [a, tip, b], fur);
  const mid = (p: Point, q: Point, t: number) => ({
    x: p.x + (q.x - p.x) * t,
    y: p.y + (q.y - p.y) * t,
  });
  polygon(ctx, [mid(a, b, 0.2), mid(b, tip, 0.72), mid(a, b, 0.8)], inner);
}

function plainNeck(colour: string): Character['neck'] {
  return (ctx, cx, cy, r) => {
    ctx.fillStyle = colour;
    ctx.fillRect(cx - r * 0.3, cy + r * 0.5, r * 0.6, ctx.canvas.height);
  };
}

/** An open mouth: dark inside, a tongue when wide enough; `open` is 0..1. */
function openMouth(
  ctx: CanvasRenderingContext2D,
  p: Point,
  view: HeadView,
  width: number,
  open: number,
  inside: string,
) {
  const ry = (0.03 + 0.24 * open) * view.sy;
  oval(ctx, p, width * view.sx, ry, inside);
  if (open > 0.3)
    oval(ctx, { x: p.x, y: p.y + ry * 0.55 }, width * 0.6 * view.sx, ry * 0.4, '#e86a7a');
}

const cat: Character = {
  background: ['#d4f2e4', '#9fd8c4'],
  body: '#e58a35',
  neck: plainNeck('#e58a35'),
  head(ctx, view) {
    const { pose, sx, sy } = view;
    for (const side of [-1, 1]) ear(ctx, view, side, '#f29a3f', '#f7b9c4');
    oval(ctx, { x: 0, y: 0 }, 1, 0.95, '#f29a3f');
    // Tabby stripes on the forehead.
    for (const u of [-0.22, 0, 0.22]) {
      const p = view.at(u, -0.72);
      ctx.beginPath();
      ctx.moveTo(p.x, p.y - 0.12 * sy);
      ctx.lineTo(p.x, p.y + 0.1 * sy);
      outline(ctx, '#c9691e', 0.07);
    }
    oval(ctx, view.at(0, 0.36, 0.1), 0.44 * sx, 0.3 * sy, '#fff1dc');
    for (const [u, open] of [
      [-0.38, pose.leftEye],
      [0.38, pose.rightEye],
    ] as const) {
      const p = view.at(u, -0.1);
      if (open < SHUT) shutEye(ctx, p, 0.17 * sx, '#3a2414');
      else {
        oval(ctx, p, 0.18 * sx, 0.2 * open * sy, '#2b1a10');
        oval(ctx, p, 0.15 * sx, 0.17 * open * sy, '#7cc242');
        oval(ctx, p, 0.045 * sx, 0.15 * open * sy, '#111111');
      }
    }
    const nose = view.at(0, 0.2, 0.14);
    polygon(
      ctx,
      [
        { x: nose.x - 0.08 * sx, y: nose.y - 0.04 },
        { x: nose.x + 0.08 * sx, y: nose.y - 0.04 },
        { x: nose.x, y: nose.y + 0.05 },
      ],
      '#f27d9b',
    );
    const mouth = view.at(0, 0.46, 0.12);
    if (pose.mouth > 0.08) openMouth(ctx, mouth, view, 0.15, pose.mouth, '#7a1f2b');
    ctx.beginPath();
    ctx.moveTo(nose.x, nose.y + 0.05);
    ctx.lineTo(nose.x, mouth.y - 0.06);
    ctx.moveTo(mouth.x - 0.16 * sx, mouth.y - 0.06);
    ctx.quadraticCurveTo(mouth.x - 0.08 * sx, mouth.y, nose.x, mouth.y - 0.06);
    ctx.quadraticCurveTo(mouth.x + 0.08 * sx, mouth.y, mouth.x + 0.16 * sx, mouth.y - 0.06);
    outline(ctx, '#5a3218', 0.03);
    for (const side of [-1, 1])
      for (const dy of [-0.06, 0.04, 0.14]) {
        const from = view.at(side * 0.34, 0.3 + dy, 0.1);
        ctx.beginPath();
        ctx.moveTo(from.x, from.y);
        ctx.lineTo(from.x + side * 0.62 * sx, from.y + dy * 1.6);
        outline(ctx, '#fffaf0', 0.022);
      }
  },
};

const robot: Character = {
  background: ['#e2dcfa', '#b4a8e8'],
  body: '#7d8fa3',
  neck: plainNeck('#5f6f80'),
  head(ctx, view) {
    const { pose, sx, sy } = view;
    const tip = view.at(0, -1.32, 0.1);
    const base = view.at(0, -0.9);
    ctx.beginPath();
    ctx.moveTo(base.x, base.y);
    ctx.lineTo(tip.x, tip.y);
    outline(ctx, '#5f6f80', 0.06);
    oval(ctx, tip, 0.1, 0.1, '#ff4d5e');
    for (const side of [-1, 1]) oval(ctx, { x: side * 1.0, y: 0.05 }, 0.13, 0.22, '#5f6f80');
    ctx.beginPath();
    ctx.roundRect(-0.95, -0.9, 1.9, 1.82, 0.32);
    ctx.fillStyle = '#a9b8c9';
    ctx.fill();
    outline(ctx, '#6d7c8d', 0.05);
    const plate = view.at(0, 0.08);
    ctx.beginPath();
    ctx.roundRect(plate.x - 0.72 * sx, plate.y - 0.55 * sy, 1.44 * sx, 1.1 * sy, 0.2);
    ctx.fillStyle = '#26303b';
    ctx.fill();
    ctx.fillStyle = '#4fe3f0';
    for (const [u, open] of [
      [-0.33, pose.leftEye],
      [0.33, pose.rightEye],
    ] as const) {
      const p = view.at(u, -0.14);
      const h = Math.max(0.04, 0.3 * (open < SHUT ? 0 : open)) * sy;
      ctx.beginPath();
      ctx.roundRect(p.x - 0.15 * sx, p.y - h / 2, 0.3 * sx, h, 0.04);
      ctx.fill();
    }
    const m = view.at(0, 0.32);
    const h = (0.05 + 0.28 * pose.mouth) * sy;
    ctx.fillRect(m.x - 0.3 * sx, m.y - h / 2, 0.6 * sx, h);
    ctx.fillStyle = '#26303b';
    for (const k of [-0.15, 0, 0.15])
      ctx.fillRect(m.x + (k - 0.02) * sx, m.y - h / 2, 0.04 * sx, h);
  },
};

const fox: Character = {
  background: ['#dcecfa', '#a9cdee'],
  body: '#d45f1c',
  neck: plainNeck('#fff6ec'),
  head(ctx, view) {
    const { pose, sx, sy } = view;
    for (const side of [-1, 1]) ear(ctx, view, side, '#e66a22', '#2a1a12');
    oval(ctx, { x: 0, y: 0 }, 1, 0.95, '#e66a22');
    // The white cheeks stay inside the head (the path just filled) as it turns.
    ctx.save();
    ctx.clip();
    for (const side of [-1, 1])
      oval(ctx, view.at(side * 0.45, 0.4), 0.5 * sx, 0.42 * sy, '#fff6ec');
    ctx.restore();
    oval(ctx, view.at(0, 0.42, 0.15), 0.36 * sx, 0.32 * sy, '#fff6ec');
    for (const [u, open] of [
      [-0.36, pose.leftEye],
      [0.36, pose.rightEye],
    ] as const) {
      const p = view.at(u, -0.1);
      if (open < SHUT) shutEye(ctx, p, 0.14 * sx, '#2a1a12');
      else {
        oval(ctx, p, 0.13 * sx, 0.13 * open * sy, '#2a1a12');
        oval(ctx, { x: p.x + 0.04 * sx, y: p.y - 0.04 * open }, 0.035, 0.035 * open, '#ffffff');
      }
    }
    oval(ctx, view.at(0, 0.27, 0.3), 0.11 * sx, 0.075 * sy, '#1d1410');
    const mouth = view.at(0, 0.56, 0.15);
    if (pose.mouth > 0.08) openMouth(ctx, mouth, view, 0.13, pose.mouth, '#6e1b24');
    else {
      ctx.beginPath();
      ctx.moveTo(mouth.x - 0.12 * sx, mouth.y - 0.02);
      ctx.quadraticCurveTo(mouth.x, mouth.y + 0.06, mouth.x + 0.12 * sx, mouth.y - 0.02);
      outline(ctx, '#6e1b24', 0.035);
    }
  },
};

const professor: Character = {
  background: ['#d6f3f0', '#9fd9d3'],
  body: '#2f3e66',
  neck(ctx, cx, cy, r) {
    plainNeck('#f2c230')(ctx, cx, cy, r);
    // A red bow tie where the neck meets the jacket.
    const y = cy + r * 1.12;
    polygon(
      ctx,
      [
        { x: cx, y },
        { x: cx - r * 0.32, y: y - r * 0.16 },
        { x: cx - r * 0.32, y: y + r * 0.16 },
      ],
      '#d7263d',
    );
    polygon(
      ctx,
      [
        { x: cx, y },
        { x: cx + r * 0.32, y: y - r * 0.16 },
        { x: cx + r * 0.32, y: y + r * 0.16 },
      ],
      '#d7263d',
    );
  },
  head(ctx, view) {
    const { pose, sx, sy } = view;
    for (const side of [-1, 1])
      for (const [u, v] of [
        [0.9, -0.55],
        [0.98, -0.3],
        [0.8, -0.75],
      ] as const)
        oval(ctx, { x: side * u, y: v }, 0.2, 0.18, '#b9bcc4');
    oval(ctx, { x: 0, y: 0 }, 1, 1, '#ffd23f');
    ctx.beginPath();
    ctx.ellipse(0, 0, 1, 1, 0, 0, Math.PI * 2);
    outline(ctx, '#e0a800', 0.04);
    const eyes = [
      [-0.36, pose.leftEye],
      [0.36, pose.rightEye],
    ] as const;
    for (const [u, open] of eyes) {
      const p = view.at(u, -0.1);
      if (open < SHUT) shutEye(ctx, p, 0.1 * sx, '#2b2118');
      else oval(ctx, p, 0.08 * sx, 0.11 * open * sy, '#2b2118');
    }
    // Round glasses, standing a little off the face.
    const lenses = eyes.map(([u]) => view.at(u, -0.1, 0.08));
    for (const p of lenses) {
      ctx.beginPath();
      ctx.ellipse(p.x, p.y, 0.25 * sx, 0.25 * sy, 0, 0, Math.PI * 2);
      outline(ctx, '#3b2a1a', 0.06);
    }
    ctx.beginPath();
    ctx.moveTo(lenses[0]!.x + 0.25 * sx, lenses[0]!.y);
    ctx.quadraticCurveTo(
      (lenses[0]!.x + lenses[1]!.x) / 2,
      lenses[0]!.y - 0.08,
      lenses[1]!.x - 0.25 * sx,
      lenses[1]!.y,
    );
    outline(ctx, '#3b2a1a', 0.05);
    const mouth = view.at(0, 0.48, 0.05);
    if (pose.mouth > 0.08) openMouth(ctx, mouth, view, 0.24, pose.mouth, '#6b1d1d');
    else {
      ctx.beginPath();
      ctx.moveTo(mouth.x - 0.26 * sx, mouth.y - 0.06);
      ctx.quadraticCurveTo(mouth.x, mouth.y + 0.12, mouth.x + 0.26 * sx, mouth.y - 0.06);
      outline(ctx, '#6b1d1d', 0.05);
    }
    const moustache = view.at(0, 0.3, 0.1);
    for (const side of [-1, 1])
      oval(
        ctx,
        { x: moustache.x + side * 0.12 * sx, y: moustache.y },
        0.14 * sx,
        0.06 * sy,
        '#8d8f96',
      );
  },
};

export const CHARACTERS: Record<AvatarId, Character> = { cat, robot, fox, professor };
