import { expect, test } from 'vitest';
import en from '../../i18n/locales/magic.en.json';
import zh from '../../i18n/locales/magic.zh.json';

function entries(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  return Object.entries(value as object).flatMap(([k, v]) =>
    entries(v, prefix ? `${prefix}.${k}` : k),
  );
}

test('magic.zh.json has exactly the keys of magic.en.json, none empty, every {{placeholder}} kept', () => {
  const english = new Map(entries(en));
  const chinese = new Map(entries(zh));
  expect([...chinese.keys()].sort()).toEqual([...english.keys()].sort());
  const placeholders = (text: string) => (text.match(/{{\w+}}/g) ?? []).sort();
  for (const [key, text] of english) {
    const other = chinese.get(key)!;
    expect(text.trim(), key).not.toBe('');
    expect(other.trim(), key).not.toBe('');
    expect(placeholders(other), key).toEqual(placeholders(text));
  }
});
