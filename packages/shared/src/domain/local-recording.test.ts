import { describe, expect, test } from 'vitest';
import {
  canStartLocalRecording,
  localRecordingFile,
  localRecordingFolder,
  localRecordingFormat,
} from './local-recording.js';
import { sceneRects } from './recording-layout.js';

describe('local recording names', () => {
  test.each([
    ['123456789', 1, false, '123456789_01.webm'],
    ['123456789', 2, true, '123456789_02.webm.part'],
    ['123456789', 12, false, '123456789_12.webm'],
  ])('meeting %s, file %i (temporary %s) is %s', (id, n, temporary, name) => {
    expect(localRecordingFile(id, n, temporary)).toBe(name);
  });

  test('an MP4 recording is named .mp4', () => {
    expect(localRecordingFile('123456789', 1, true, 'mp4')).toBe('123456789_01.mp4.part');
  });

  test.each([
    ['Weekly sync', '2026-11-23 09.05.07 Weekly sync 123456789'],
    ['a/b: c?*', '2026-11-23 09.05.07 a_b_ c_ 123456789'],
    ['   ', '2026-11-23 09.05.07 123456789'],
  ])('the folder for theme %j is %j', (theme, folder) => {
    expect(localRecordingFolder(new Date(2026, 10, 23, 9, 5, 7), theme, '123456789')).toBe(folder);
  });

  test.each([
    ['idle', true],
    ['recording', false],
    ['stopping', false],
  ] as const)('from %s a start may begin: %s', (state, allowed) => {
    expect(canStartLocalRecording(state)).toBe(allowed);
  });
});

describe('scene rectangles', () => {
  test.each([
    ['grid', 1, 1],
    ['grid', 4, 4],
    ['grid', 12, 9],
    ['speech', 1, 1],
    ['speech', 3, 3],
    ['speech', 8, 6],
  ] as const)('%s with %i members draws %i tiles, inside the picture', (layout, count, tiles) => {
    const rects = sceneRects(layout, count);
    expect(rects).toHaveLength(tiles);
    for (const r of rects) {
      expect(r.x).toBeGreaterThanOrEqual(0);
      expect(r.y).toBeGreaterThanOrEqual(0);
      expect(r.x + r.w).toBeLessThanOrEqual(1280);
      expect(r.y + r.h).toBeLessThanOrEqual(720);
    }
  });

  test('speech: the main window is the big one on the left, the side column on the right', () => {
    const [main, side] = sceneRects('speech', 2);
    expect(main).toMatchObject({ x: 0, w: 1024 });
    expect(side).toMatchObject({ x: 1024, w: 256, h: 144 });
  });
});

describe('the recording format', () => {
  // What each engine's MediaRecorder.isTypeSupported answers yes to.
  const CHROMIUM = ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8,opus', 'video/mp4'];
  const FIREFOX = ['video/webm;codecs=vp8,opus', 'video/webm'];
  const SAFARI = ['video/mp4;codecs=avc1,mp4a.40.2', 'video/mp4'];
  const OLD_SAFARI = ['video/mp4'];

  test.each([
    ['Chromium', CHROMIUM, 'video/webm;codecs=vp9,opus', 'webm'],
    ['Firefox', FIREFOX, 'video/webm;codecs=vp8,opus', 'webm'],
    ['Safari', SAFARI, 'video/mp4;codecs=avc1,mp4a.40.2', 'mp4'],
    ['an older Safari', OLD_SAFARI, 'video/mp4', 'mp4'],
  ])('%s records %s', (_engine, supported, mime, extension) => {
    expect(localRecordingFormat((m) => supported.includes(m))).toEqual({ mime, extension });
  });

  test('a browser that records none of them has no format (the recording is unavailable)', () => {
    expect(localRecordingFormat(() => false)).toBeNull();
  });
});
