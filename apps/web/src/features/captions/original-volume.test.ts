import { afterEach, describe, expect, test } from 'vitest';
import {
  DEFAULT_ORIGINAL_VOLUME,
  loadOriginalVolume,
  ORIGINAL_VOLUME_KEY,
  saveOriginalVolume,
} from './original-volume';

afterEach(() => localStorage.clear());

describe('the original volume in localStorage', () => {
  test.each([
    [null, DEFAULT_ORIGINAL_VOLUME],
    ['', DEFAULT_ORIGINAL_VOLUME],
    ['0', 0],
    ['0.35', 0.35],
    ['7', 1],
    ['-2', 0],
    ['loud', DEFAULT_ORIGINAL_VOLUME],
  ])('stored %j is read as %s', (stored, volume) => {
    if (stored !== null) localStorage.setItem(ORIGINAL_VOLUME_KEY, stored);
    expect(loadOriginalVolume()).toBe(volume);
  });

  test('saved clamped to 0–1', () => {
    saveOriginalVolume(1.5);
    expect(localStorage.getItem(ORIGINAL_VOLUME_KEY)).toBe('1');
  });
});
