import { expect, test } from 'vitest';
import { NO_BEAUTY, beautyPreset } from '@meet/shared';
import {
  beautyHintVisited,
  loadBeautySetting,
  saveBeautySetting,
  visitBeautyHint,
} from './beauty-setting';

function memory(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

test('the beautify setting is remembered as saved', () => {
  const storage = memory();
  expect(loadBeautySetting(storage)).toEqual(NO_BEAUTY);
  saveBeautySetting(beautyPreset(), storage);
  expect(loadBeautySetting(storage)).toEqual(beautyPreset());
});

test.each([
  ['not JSON', '{smooth'],
  ['not an object', '"SMOOTH"'],
  ['every rate zero', '{"selectedBeautifyType":"SMOOTH","smoothRate":0}'],
])('a damaged or empty entry (%s) is NONE', (_name, stored) => {
  expect(loadBeautySetting(memory({ 'meet.beautifySetting': stored }))).toEqual(NO_BEAUTY);
});

test('the beautify hint is new until visited', () => {
  const storage = memory();
  expect(beautyHintVisited(storage)).toBe(false);
  visitBeautyHint(storage);
  expect(beautyHintVisited(storage)).toBe(true);
});
