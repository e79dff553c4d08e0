import { expect, test } from 'vitest';
import {
  avatarHintVisited,
  loadAvatarSetting,
  saveAvatarSetting,
  visitAvatarHint,
} from './avatar-setting';

function memory(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

test('the chosen avatar is remembered, and choosing none forgets it', () => {
  const storage = memory();
  expect(loadAvatarSetting(storage)).toBeNull();
  saveAvatarSetting('robot', storage);
  expect(loadAvatarSetting(storage)).toBe('robot');
  saveAvatarSetting(null, storage);
  expect(loadAvatarSetting(storage)).toBeNull();
});

test.each([
  ['not JSON', '{id'],
  ['not an object', '"cat"'],
  ['a character that does not ship', '{"id":"dragon"}'],
  ['an id of the wrong type', '{"id":3}'],
])('a damaged or unknown entry (%s) is no avatar', (_name, stored) => {
  expect(loadAvatarSetting(memory({ 'meet.avatarSetting': stored }))).toBeNull();
});

test('a full storage does not stop the choice', () => {
  const full = {
    getItem: () => null,
    setItem: () => {
      throw new DOMException('quota', 'QuotaExceededError');
    },
  };
  expect(() => saveAvatarSetting('cat', full)).not.toThrow();
  expect(() => visitAvatarHint(full)).not.toThrow();
});

test('the Avatar tab is new until visited', () => {
  const storage = memory();
  expect(avatarHintVisited(storage)).toBe(false);
  visitAvatarHint(storage);
  expect(avatarHintVisited(storage)).toBe(true);
});
