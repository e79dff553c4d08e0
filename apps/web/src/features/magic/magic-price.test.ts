import { afterAll, describe, expect, test } from 'vitest';
import i18n from '../../i18n/i18n';
import './magic-texts';
import '../room/room-texts';
import { magicCostText, magicIsFree, magicPriceText, type MagicPrice } from './magic-price';

afterAll(() => i18n.changeLanguage('en'));

describe('the Magic Cam price line (issue 31: credits only for a server-side engine)', () => {
  test.each<[MagicPrice, string, string]>([
    [
      { engine: 'webgl', perMinute: 0, balance: null },
      'Runs in your browser — no AI credits used',
      '在你的浏览器中运行——不消耗 AI 积分',
    ],
    [
      { engine: 'webgl', perMinute: 0, balance: 60 },
      'Runs in your browser — no AI credits used · balance 60',
      '在你的浏览器中运行——不消耗 AI 积分 · 余额 60',
    ],
    [
      // An older server still naming a price for the looks: they run in the browser all the same.
      { engine: 'webgl', perMinute: 3, balance: 60 },
      'Runs in your browser — no AI credits used · balance 60',
      '在你的浏览器中运行——不消耗 AI 积分 · 余额 60',
    ],
    [
      { engine: 'stream', perMinute: 3, balance: 57 },
      '3 a minute while it runs · balance 57',
      '运行时每分钟 3 点 · 余额 57',
    ],
    [
      { engine: 'stream', perMinute: 3, balance: null },
      '3 a minute while it runs',
      '运行时每分钟 3 点',
    ],
    [
      { engine: null, perMinute: 3, balance: 60 },
      'Priced when Magic Cam starts · balance 60',
      '启动时显示价格 · 余额 60',
    ],
  ])('%j → %j / %j', async (price, en, zh) => {
    await i18n.changeLanguage('en');
    expect(magicPriceText(i18n.t, price)).toBe(en);
    await i18n.changeLanguage('zh');
    expect(magicPriceText(i18n.t, price)).toBe(zh);
  });

  test('a paid stream engine is never called free; the looks always are', () => {
    expect(magicIsFree({ engine: 'stream', perMinute: 3 })).toBe(false);
    expect(magicIsFree({ engine: 'webgl', perMinute: 0 })).toBe(true);
    expect(magicIsFree({ engine: null, perMinute: 3 })).toBe(false);
  });

  test.each([
    ['webgl', 0, 'Runs in your browser — no AI credits used', '在你的浏览器中运行——不消耗 AI 积分'],
    ['stream', 3, '3 AI credits a minute, paid by you.', '每分钟 3 AI 积分，由你支付。'],
    [null, 3, '', ''],
  ] as const)(
    'the room tab: engine %s at %i a minute → %j / %j',
    async (engine, perMinute, en, zh) => {
      await i18n.changeLanguage('en');
      expect(magicCostText(i18n.t, { engine, perMinute })).toBe(en);
      await i18n.changeLanguage('zh');
      expect(magicCostText(i18n.t, { engine, perMinute })).toBe(zh);
    },
  );
});
