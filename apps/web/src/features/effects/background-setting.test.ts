import { describe, expect, test } from 'vitest';
import {
  afterDelete,
  effectsHintVisited,
  isSelected,
  loadBackgroundSetting,
  saveBackgroundSetting,
  uploadRefusal,
  visitEffectsHint,
} from './background-setting';

function memory() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

describe('uploadRefusal', () => {
  test.each([
    ['me.png', 1000, null],
    ['me.JPG', 1000, null],
    ['me.jpeg', 2 * 1024 * 1024 - 1, null],
    ['me.gif', 1000, 'backgroundType'],
    ['png', 1000, 'backgroundType'],
    ['me.webp', 1000, 'backgroundType'],
    ['me.png', 2 * 1024 * 1024, 'fileNotExceed2M'],
    ['me.jpg', 5 * 1024 * 1024, 'fileNotExceed2M'],
  ])('%s of %i bytes → %s', (name, size, key) => {
    expect(uploadRefusal({ name, size })).toBe(key);
  });
});

describe('the remembered setting', () => {
  test('round-trips blur and an image, and reads damage as none', () => {
    const storage = memory();
    expect(loadBackgroundSetting(storage)).toEqual({ status: 'none' });
    saveBackgroundSetting({ status: 'blur' }, storage);
    expect(loadBackgroundSetting(storage)).toEqual({ status: 'blur' });
    saveBackgroundSetting({ status: 'image', id: '7', viewImg: '/files/b.png' }, storage);
    expect(loadBackgroundSetting(storage)).toEqual({
      status: 'image',
      id: '7',
      viewImg: '/files/b.png',
    });
    storage.setItem('meet.backgroundSetting', '{oops');
    expect(loadBackgroundSetting(storage)).toEqual({ status: 'none' });
    storage.setItem('meet.backgroundSetting', '{"status":"image"}');
    expect(loadBackgroundSetting(storage)).toEqual({ status: 'none' });
  });

  test('deleting the active image resets to none; another image keeps the setting', () => {
    const active = { status: 'image' as const, id: '3', viewImg: '/files/3.png' };
    expect(afterDelete(active, '3')).toEqual({ status: 'none' });
    expect(afterDelete(active, '4')).toBe(active);
    expect(afterDelete({ status: 'blur' }, '3')).toEqual({ status: 'blur' });
  });

  test('selection compares images by id', () => {
    expect(isSelected({ status: 'blur' }, { status: 'blur' })).toBe(true);
    expect(isSelected({ status: 'image', id: '1' }, { status: 'image', id: '2' })).toBe(false);
    expect(isSelected({ status: 'image', id: '1' }, { status: 'image', id: '1' })).toBe(true);
    expect(isSelected({ status: 'none' }, { status: 'blur' })).toBe(false);
  });
});

test('the effects hint is new until visited', () => {
  const storage = memory();
  expect(effectsHintVisited(storage)).toBe(false);
  visitEffectsHint(storage);
  expect(effectsHintVisited(storage)).toBe(true);
});
