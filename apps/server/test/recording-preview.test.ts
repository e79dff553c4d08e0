/**
 * The preview image of a video recording is a frame with something to see: real ffmpeg-made
 * MP4s that start black (as a recording does while the cameras' first pictures arrive), one that
 * is black throughout, and one shorter than a second.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  PREVIEW_MIN_BRIGHTNESS,
  frameBrightness,
  previewTime,
  writePreview,
} from '../src/recordings/compose/preview-frame.js';
import { imagePixel, isRed } from './media-probe.js';

const run = promisify(execFile);
let dir: string;

/** An H.264 MP4 of `parts` one after another (lavfi colours), 320x180 at 15 fps. */
async function video(name: string, parts: { colour: string; seconds: number }[]) {
  const file = path.join(dir, name);
  const inputs = parts.flatMap((p) => [
    '-f',
    'lavfi',
    '-i',
    `color=c=${p.colour}:s=320x180:r=15:d=${p.seconds}`,
  ]);
  const concat = `${parts.map((_, i) => `[${i}:v]`).join('')}concat=n=${parts.length}:v=1:a=0[v]`;
  await run('ffmpeg', [
    ...['-v', 'error', '-y', ...inputs, '-filter_complex', concat, '-map', '[v]'],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-g', '150', file],
  ]);
  return file;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'rec-preview-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the preview frame', () => {
  test('a recording black for its first 3 s gets its preview from the first bright frame, not the black start', async () => {
    const file = await video('late.mp4', [
      { colour: 'black', seconds: 3 },
      { colour: 'red', seconds: 5 },
    ]);
    const frames = await frameBrightness(file);
    expect(frames[0]!.yavg).toBeLessThan(20);
    const at = previewTime(frames);
    expect(at).toBeGreaterThan(3);
    expect(at).toBeLessThan(4);

    const jpg = path.join(dir, 'late.jpg');
    expect(await writePreview(file, jpg, '320:180')).toBe(at);
    expect(isRed(await imagePixel(jpg, 160, 90, 320))).toBe(true);
  });

  test('a recording that never gets bright takes its brightest frame', async () => {
    const file = await video('dim.mp4', [
      { colour: 'black', seconds: 2 },
      { colour: '0x303030', seconds: 2 },
      { colour: 'black', seconds: 2 },
    ]);
    const frames = await frameBrightness(file);
    expect(Math.max(...frames.map((f) => f.yavg))).toBeLessThan(PREVIEW_MIN_BRIGHTNESS);
    const at = previewTime(frames);
    expect(at).toBeGreaterThanOrEqual(2);
    expect(at).toBeLessThan(4);
  });

  test('a recording shorter than a second still gets a preview', async () => {
    const file = await video('short.mp4', [{ colour: 'black', seconds: 0.4 }]);
    const jpg = path.join(dir, 'short.jpg');
    expect(await writePreview(file, jpg, '320:180')).toBe(0);
    const [r, g, b] = await imagePixel(jpg, 160, 90, 320);
    expect(r + g + b).toBeLessThan(60);
  });

  test.each([
    [[], 0],
    [[{ seconds: 0, yavg: 16 }], 0],
    [
      [
        { seconds: 0, yavg: 16 },
        { seconds: 0.5, yavg: 40 },
        { seconds: 1, yavg: 90 },
        { seconds: 1.5, yavg: 120 },
      ],
      1.5,
    ],
    [
      [
        { seconds: 0, yavg: 16 },
        { seconds: 0.5, yavg: 90 },
        { seconds: 1, yavg: 30 },
      ],
      0.5,
    ],
  ])('previewTime(%j) is %d', (frames, expected) => {
    expect(previewTime(frames)).toBe(expected);
  });
});
