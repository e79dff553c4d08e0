import { describe, expect, test } from 'vitest';
import en from './locales/en.json';
import zh from './locales/zh.json';
import roomEn from './locales/room.en.json';
import roomZh from './locales/room.zh.json';
import billingEn from './locales/billing.en.json';
import billingZh from './locales/billing.zh.json';
import signinEn from './locales/signin.en.json';
import signinZh from './locales/signin.zh.json';
import recordingsEn from './locales/recordings.en.json';
import recordingsZh from './locales/recordings.zh.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('catalogues', () => {
  test('zh.json has exactly the keys of en.json', () => {
    expect(keys(zh).sort()).toEqual(keys(en).sort());
  });

  test('room.zh.json has exactly the keys of room.en.json', () => {
    expect(keys(roomZh).sort()).toEqual(keys(roomEn).sort());
  });

  test.each([
    ['billing', billingEn, billingZh],
    ['signin', signinEn, signinZh],
  ])(
    '%s.zh.json has exactly the keys of %s.en.json, none empty, every {{placeholder}} kept',
    (_name, english, chinese) => {
      expect(keys(chinese).sort()).toEqual(keys(english).sort());
      const placeholders = (text: string) => (text.match(/{{\w+}}/g) ?? []).sort();
      for (const [key, text] of Object.entries(english as Record<string, string>)) {
        const other = (chinese as Record<string, string>)[key]!;
        expect(text.trim(), key).not.toBe('');
        expect(other.trim(), key).not.toBe('');
        expect(placeholders(other), key).toEqual(placeholders(text));
      }
    },
  );

  test('the room catalogues keep every {{placeholder}} of the English text', () => {
    const placeholders = (text: string) => (text.match(/{{\w+}}/g) ?? []).sort();
    const get = (obj: unknown, path: string) =>
      path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], obj);
    for (const key of keys(roomEn))
      expect(placeholders(get(roomZh, key) as string), key).toEqual(
        placeholders(get(roomEn, key) as string),
      );
  });

  test('recordings.zh.json has exactly the keys of recordings.en.json, none empty, every {{placeholder}} kept', () => {
    const placeholders = (text: string) => (text.match(/{{\w+}}/g) ?? []).sort();
    const get = (obj: unknown, path: string) =>
      path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], obj);
    expect(keys(recordingsZh).sort()).toEqual(keys(recordingsEn).sort());
    for (const key of keys(recordingsEn)) {
      const english = get(recordingsEn, key) as string;
      const chinese = get(recordingsZh, key) as string;
      expect(english.trim(), key).not.toBe('');
      expect(chinese.trim(), key).not.toBe('');
      expect(placeholders(chinese), key).toEqual(placeholders(english));
    }
  });

  test('no text is left empty', () => {
    for (const catalogue of [en, zh, roomEn, roomZh]) {
      const flat = keys(catalogue);
      expect(flat.length).toBeGreaterThan(0);
    }
    const empty = (obj: unknown): boolean =>
      typeof obj === 'string' ? obj.trim() === '' : Object.values(obj as object).some(empty);
    expect(empty(en)).toBe(false);
    expect(empty(zh)).toBe(false);
    expect(empty(roomEn)).toBe(false);
    expect(empty(roomZh)).toBe(false);
  });
});
