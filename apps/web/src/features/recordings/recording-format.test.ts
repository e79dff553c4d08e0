import { describe, expect, test } from 'vitest';
import {
  formatDateTime,
  formatSize,
  isSettling,
  recordingDownload,
  usedPercent,
} from './recording-format';

describe('how recordings read', () => {
  test.each([
    [0, '0 B'],
    [900, '900 B'],
    [1536, '1.5 KB'],
    [48 * 1024 * 1024, '48 MB'],
    [10 * 1024 ** 3, '10 GB'],
    [1.25 * 1024 ** 3, '1.3 GB'],
    [300 * 1024 * 1024, '300 MB'],
  ])('%s bytes read %s', (bytes, text) => {
    expect(formatSize(bytes)).toBe(text);
  });

  test.each([
    [0, 100, 0],
    [25, 100, 25],
    [150, 100, 100],
    [1, 0, 100],
  ])('%s of %s bytes used is %s%%', (used, quota, percent) => {
    expect(usedPercent(used, quota)).toBe(percent);
  });

  test.each([
    ['recording', true],
    ['processing', true],
    ['ready', false],
    ['failed', false],
  ] as const)('a %s recording keeps the list polling: %s', (status, settling) => {
    expect(isSettling({ status })).toBe(settling);
  });
});

// 2026-11-27 23:30 UTC: the 28th in Shanghai, still the 27th in New York.
const LATE = Date.UTC(2026, 10, 27, 23, 30);

describe('times in the chosen zone, whatever the browser is in', () => {
  test.each([
    ['UTC', 'en', 'Nov 27, 2026, 23:30'],
    ['Asia/Shanghai', 'en', 'Nov 28, 2026, 07:30'],
    ['America/New_York', 'en', 'Nov 27, 2026, 18:30'],
    ['Asia/Shanghai', 'zh', '2026年11月28日 07:30'],
  ])('in %s (%s) it reads %s', (zone, locale, text) => {
    expect(formatDateTime(LATE, locale, zone)).toBe(text);
  });
});

describe('downloads', () => {
  const info = { name: 'Weekly sync', startTime: LATE };
  test('the video asks the server for the name in the zone and the link says the same name', () => {
    const url = '/files/rec/abc/video?exp=1&sig=x';
    expect(recordingDownload(info, url, 'video', 'Asia/Shanghai')).toEqual({
      href: '/files/rec/abc/video?exp=1&sig=x&download=1&tz=Asia%2FShanghai',
      fileName: 'Weekly sync 2026-11-28.mp4',
    });
  });
  test('the audio is .m4a', () => {
    expect(recordingDownload(info, '/a?exp=1', 'audio', 'UTC').fileName).toBe(
      'Weekly sync 2026-11-27.m4a',
    );
  });
});
