import { describe, expect, test } from 'vitest';
import en from './locales/en.json';
import zh from './locales/zh.json';
import roomEn from './locales/room.en.json';
import roomZh from './locales/room.zh.json';
import pollsEn from './locales/polls.en.json';
import pollsZh from './locales/polls.zh.json';
import billingEn from './locales/billing.en.json';
import billingZh from './locales/billing.zh.json';
import signinEn from './locales/signin.en.json';
import signinZh from './locales/signin.zh.json';
import recordingsEn from './locales/recordings.en.json';
import recordingsZh from './locales/recordings.zh.json';
import integrationsEn from './locales/integrations.en.json';
import integrationsZh from './locales/integrations.zh.json';
import magicEn from './locales/magic.en.json';
import magicZh from './locales/magic.zh.json';

/** Every text of a catalogue by its dotted key. */
function entries(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  return Object.entries(value as object).flatMap(([k, v]) =>
    entries(v, prefix ? `${prefix}.${k}` : k),
  );
}

const placeholders = (text: string) => (text.match(/{{\w+}}/g) ?? []).sort();

describe('catalogues', () => {
  test.each([
    ['main', en, zh],
    ['room', roomEn, roomZh],
    ['polls', pollsEn, pollsZh],
    ['billing', billingEn, billingZh],
    ['signin', signinEn, signinZh],
    ['recordings', recordingsEn, recordingsZh],
    ['integrations', integrationsEn, integrationsZh],
    ['magic', magicEn, magicZh],
  ])(
    'the %s catalogue has the same keys in Chinese as in English, none empty, every {{placeholder}} kept',
    (_name, english, chinese) => {
      const englishTexts = new Map(entries(english));
      const chineseTexts = new Map(entries(chinese));
      expect(englishTexts.size).toBeGreaterThan(0);
      expect([...chineseTexts.keys()].sort()).toEqual([...englishTexts.keys()].sort());
      for (const [key, text] of englishTexts) {
        const other = chineseTexts.get(key)!;
        expect(text.trim(), key).not.toBe('');
        expect(other.trim(), key).not.toBe('');
        expect(placeholders(other), key).toEqual(placeholders(text));
      }
    },
  );
});
