import { describe, expect, test } from 'vitest';
import { knownTimezone, recordingFileName, safeFileName } from './recording-file-name.js';

// 2026-11-27 23:30 UTC: already the 28th in Shanghai.
const LATE = Date.UTC(2026, 10, 27, 23, 30);

describe('recordingFileName', () => {
  test.each([
    ['Weekly sync', 'UTC', 'mp4', 'Weekly sync 2026-11-27.mp4'],
    ['Weekly sync', 'Asia/Shanghai', 'm4a', 'Weekly sync 2026-11-28.m4a'],
    ['周会 / 设计', 'Asia/Shanghai', 'mp4', '周会 设计 2026-11-28.mp4'],
    ['a<b>c:d"e|f?g*h\\i', 'UTC', 'mp4', 'a b c d e f g h i 2026-11-27.mp4'],
    ['Ends with dots...', 'UTC', 'mp4', 'Ends with dots 2026-11-27.mp4'],
    ['   ', 'UTC', 'mp4', 'Recording 2026-11-27.mp4'],
    ['Retro 2026-11-27', 'UTC', 'mp4', 'Retro 2026-11-27.mp4'],
    ['Weekly sync', 'Not/AZone', 'mp4', 'Weekly sync 2026-11-27.mp4'],
  ])('%s in %s as .%s is %s', (name, zone, ext, expected) => {
    expect(recordingFileName(name, LATE, zone, ext)).toBe(expected);
  });

  test('a very long name is cut before the date', () => {
    const name = recordingFileName('x'.repeat(300), LATE, 'UTC', 'mp4');
    expect(name).toBe(`${'x'.repeat(80)} 2026-11-27.mp4`);
  });
});

test.each([
  ['tab\tand\nnewline', 'tab and newline'],
  ['keep-this_one (1)', 'keep-this_one (1)'],
])('safeFileName(%j) is %j', (input, expected) => {
  expect(safeFileName(input)).toBe(expected);
});

test.each([
  [undefined, 'UTC'],
  ['', 'UTC'],
  ['Mars/Olympus', 'UTC'],
  ['Europe/Berlin', 'Europe/Berlin'],
])('knownTimezone(%j) is %j', (zone, expected) => {
  expect(knownTimezone(zone)).toBe(expected);
});
