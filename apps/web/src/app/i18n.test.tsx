import { afterEach, describe, expect, test } from 'vitest';
import i18n, { i18nReady } from './i18n';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('i18n', () => {
  test('English is there from the start: main and error texts; the room adds its own', async () => {
    await i18nReady;
    expect(i18n.t('common.cancel')).toBe('Cancel');
    expect(i18n.t('errors.failure')).toBe('Operation failed');
    // Added by the room's chunk (here by test-setup); the entry's bundle has none.
    expect(i18n.t('room.prejoin.joinNow')).toBe('Join now');
  });

  test('switching to Chinese fetches its catalogues before the switch resolves, and back', async () => {
    await i18n.changeLanguage('zh');
    expect(i18n.language).toBe('zh');
    expect(i18n.t('common.cancel')).toBe('取消');
    expect(i18n.t('room.prejoin.joinNow')).toBe('立即加入');
    expect(i18n.t('errors.failure')).toBe('操作失败');
    await i18n.changeLanguage('en');
    expect(i18n.t('common.cancel')).toBe('Cancel');
  });
});
