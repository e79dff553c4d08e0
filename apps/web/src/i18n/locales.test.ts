import { describe, expect, test } from 'vitest';
import en from './locales/en.json';
import zh from './locales/zh.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('catalogues', () => {
  test('zh.json has exactly the keys of en.json', () => {
    expect(keys(zh).sort()).toEqual(keys(en).sort());
  });

  test('no text is left empty', () => {
    for (const catalogue of [en, zh]) {
      const flat = keys(catalogue);
      expect(flat.length).toBeGreaterThan(0);
    }
    const empty = (obj: unknown): boolean =>
      typeof obj === 'string' ? obj.trim() === '' : Object.values(obj as object).some(empty);
    expect(empty(en)).toBe(false);
    expect(empty(zh)).toBe(false);
  });
});
