import { describe, expect, test } from 'vitest';
import {
  NO_BEAUTY,
  beautyIsOn,
  beautyPreset,
  normalizeBeautify,
  withBeautyRate,
  type BeautifySetting,
} from './beautify.js';

const s = (o: Partial<BeautifySetting>): BeautifySetting => ({ ...NO_BEAUTY, ...o });

describe('withBeautyRate: the filter changed becomes the selected one; all zero is NONE', () => {
  test.each([
    [
      'smooth on from nothing',
      NO_BEAUTY,
      'SMOOTH',
      6,
      s({ selectedBeautifyType: 'SMOOTH', smoothRate: 6 }),
    ],
    [
      'whiten on beside smooth',
      s({ selectedBeautifyType: 'SMOOTH', smoothRate: 6 }),
      'WHITEN',
      3,
      s({ selectedBeautifyType: 'WHITEN', smoothRate: 6, whitenRate: 3 }),
    ],
    [
      'the last rate back to zero resets to NONE',
      s({ selectedBeautifyType: 'SLIM', slimRate: 4 }),
      'SLIM',
      0,
      NO_BEAUTY,
    ],
    [
      'a rate to zero while another is on selects the one still on',
      s({ selectedBeautifyType: 'BIGGER', biggerRate: 2, whitenRate: 5 }),
      'BIGGER',
      0,
      s({ selectedBeautifyType: 'WHITEN', whitenRate: 5 }),
    ],
    [
      'above the maximum is the maximum',
      NO_BEAUTY,
      'BIGGER',
      14,
      s({ selectedBeautifyType: 'BIGGER', biggerRate: 10 }),
    ],
    ['below zero is zero', NO_BEAUTY, 'SMOOTH', -3, NO_BEAUTY],
    [
      'a fraction is rounded',
      NO_BEAUTY,
      'WHITEN',
      2.6,
      s({ selectedBeautifyType: 'WHITEN', whitenRate: 3 }),
    ],
  ] as const)('%s', (_name, before, filter, rate, after) => {
    expect(withBeautyRate(before, filter, rate)).toEqual(after);
  });
});

test('the quick preset is smooth 5, whiten 5, slim 4, bigger 2', () => {
  expect(beautyPreset()).toEqual({
    selectedBeautifyType: 'SMOOTH',
    smoothRate: 5,
    whitenRate: 5,
    slimRate: 4,
    biggerRate: 2,
  });
  expect(beautyIsOn(beautyPreset())).toBe(true);
  expect(beautyIsOn(NO_BEAUTY)).toBe(false);
});

describe('normalizeBeautify: a stored value made valid', () => {
  test.each([
    ['nothing stored', null, NO_BEAUTY],
    ['not an object', 'SMOOTH', NO_BEAUTY],
    ['the preset as stored', beautyPreset(), beautyPreset()],
    [
      'a type with all rates zero is NONE',
      { selectedBeautifyType: 'SMOOTH', smoothRate: 0 },
      NO_BEAUTY,
    ],
    [
      'an unknown type with a rate on selects that filter',
      { selectedBeautifyType: 'GLOW', whitenRate: 4 },
      s({ selectedBeautifyType: 'WHITEN', whitenRate: 4 }),
    ],
    [
      'rates out of range or not numbers',
      { selectedBeautifyType: 'SLIM', slimRate: 99, smoothRate: '5', biggerRate: NaN },
      s({ selectedBeautifyType: 'SLIM', slimRate: 10 }),
    ],
  ] as const)('%s', (_name, stored, expected) => {
    expect(normalizeBeautify(stored)).toEqual(expected);
  });
});
