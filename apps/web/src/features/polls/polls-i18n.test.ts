import { describe, expect, test } from 'vitest';
import en from '../../i18n/locales/polls.en.json';
import zh from '../../i18n/locales/polls.zh.json';

function flat(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  return Object.entries(value as object).flatMap(([k, v]) =>
    flat(v, prefix ? `${prefix}.${k}` : k),
  );
}

describe('the polls catalogues', () => {
  test('Chinese has exactly the English keys, none empty, same placeholders', () => {
    const english = new Map(flat(en));
    const chinese = new Map(flat(zh));
    expect([...chinese.keys()].sort()).toEqual([...english.keys()].sort());
    const placeholders = (text: string) => (text.match(/{{\w+}}/g) ?? []).sort();
    for (const [key, text] of english) {
      expect(text.trim(), key).not.toBe('');
      expect(chinese.get(key)!.trim(), key).not.toBe('');
      expect(placeholders(chinese.get(key)!), key).toEqual(placeholders(text));
    }
  });
});
