import { describe, expect, test } from 'vitest';
import { formatSize, isSettling, usedPercent } from './recording-format';

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
