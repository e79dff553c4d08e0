import { describe, expect, test } from 'vitest';
import { BACKGROUND_MASK_HIGH, BACKGROUND_MASK_LOW } from '@meet/shared';
import { maskAlpha, refineMask } from './mask';

describe('maskAlpha', () => {
  test.each([
    [0, 0],
    [0.3, 0],
    [0.5, 0],
    [0.7, 0.5],
    [0.9, 1],
    [1, 1],
  ])('confidence %f gives alpha %f', (value, alpha) => {
    expect(maskAlpha(value, BACKGROUND_MASK_LOW, BACKGROUND_MASK_HIGH)).toBeCloseTo(alpha, 5);
  });

  test('rises monotonically between the thresholds', () => {
    let last = -1;
    for (let v = 0.5; v <= 0.9; v += 0.01) {
      const a = maskAlpha(v, BACKGROUND_MASK_LOW, BACKGROUND_MASK_HIGH);
      expect(a).toBeGreaterThanOrEqual(last);
      last = a;
    }
  });
});

describe('refineMask', () => {
  test('moves the confidence in alpha through the thresholds and whitens the colour', () => {
    const data = new Uint8ClampedArray([0, 0, 0, 100, 9, 9, 9, 179, 1, 2, 3, 250]);
    refineMask(data, BACKGROUND_MASK_LOW, BACKGROUND_MASK_HIGH);
    expect([...data.slice(0, 7)]).toEqual([255, 255, 255, 0, 255, 255, 255]);
    expect(data[7]).toBeGreaterThan(120);
    expect(data[7]).toBeLessThan(136);
    expect([...data.slice(8)]).toEqual([255, 255, 255, 255]);
  });
});
