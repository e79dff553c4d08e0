import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import i18n, { i18nReady, type TKey } from './i18n';
import { useTranslation } from './useTranslation';

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

describe('texts', () => {
  test.each([
    [1, '1 vote'],
    [0, '0 votes'],
    [2, '2 votes'],
  ])('a count of %i takes its plural form: %s', async (count, text) => {
    await i18nReady;
    expect(i18n.t('polls.result.votes', { count })).toBe(text);
  });

  test('placeholders take their values; a missing one is left empty', () => {
    expect(i18n.t('errors.chatTooLong', { max: 1000 })).toBe(
      'A message can have at most 1000 characters',
    );
    expect(i18n.t('errors.chatTooLong')).toBe('A message can have at most {{max}} characters');
    expect(i18n.t('errors.chatTooLong', { other: 1 })).toBe(
      'A message can have at most  characters',
    );
  });

  test('a key no catalogue has is shown as itself', () => {
    expect(i18n.t('no.such.key' as TKey)).toBe('no.such.key');
  });

  test('a component re-renders in the new language, and with texts a chunk adds later', async () => {
    function Label() {
      const { t } = useTranslation();
      return <span>{t('common.cancel')}</span>;
    }
    render(<Label />);
    expect(screen.getByText('Cancel')).toBeTruthy();
    await act(() => i18n.changeLanguage('zh'));
    expect(screen.getByText('取消')).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
    act(() => i18n.addTexts('en', { common: { cancel: 'Never mind' } }));
    expect(screen.getByText('Never mind')).toBeTruthy();
    act(() => i18n.addTexts('en', { common: { cancel: 'Cancel' } }));
  });
});
