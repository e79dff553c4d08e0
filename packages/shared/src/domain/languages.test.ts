import { expect, test } from 'vitest';
import { languageName, translationEngineType } from './languages.js';

test.each([
  ['en', 'en', 'English'],
  ['es', 'en', 'Spanish'],
  ['zh', 'zh', '中文'],
  ['es', 'zh', '西班牙语'],
])('languageName(%s) in %s is %s', (code, ui, name) => {
  expect(languageName(code, ui as 'en' | 'zh')).toBe(name);
});

test('translation engine types follow the source language', () => {
  expect(translationEngineType('zh')).toBe(2102);
  expect(translationEngineType('en')).toBe(2106);
  expect(translationEngineType('es')).toBeNull();
});
