import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  canShareScreen,
  formFactorOf,
  orientationOf,
  useFormFactor,
  useOrientation,
  type ScreenFacts,
} from './useFormFactor';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('formFactorOf: a touch screen with a short side under 600 px is a phone', () => {
  const facts = (o: Partial<ScreenFacts>): ScreenFacts => ({
    coarsePointer: false,
    mobileAgent: false,
    width: 1280,
    height: 800,
    ...o,
  });
  test.each<[string, Partial<ScreenFacts>, 'phone' | 'desktop']>([
    [
      'a phone held upright',
      { coarsePointer: true, mobileAgent: true, width: 390, height: 844 },
      'phone',
    ],
    [
      'a phone on its side',
      { coarsePointer: true, mobileAgent: true, width: 844, height: 390 },
      'phone',
    ],
    [
      'a phone asking for the desktop site (no mobile agent)',
      { coarsePointer: true, width: 412, height: 915 },
      'phone',
    ],
    [
      'a mobile agent without pointer media queries',
      { mobileAgent: true, width: 360, height: 740 },
      'phone',
    ],
    ['a tablet', { coarsePointer: true, mobileAgent: true, width: 820, height: 1180 }, 'desktop'],
    [
      'a 7-inch tablet',
      { coarsePointer: true, mobileAgent: true, width: 600, height: 960 },
      'desktop',
    ],
    ['a desktop window made narrow', { width: 390, height: 844 }, 'desktop'],
    ['a desktop', {}, 'desktop'],
  ])('%s → %s', (_name, o, expected) => {
    expect(formFactorOf(facts(o))).toBe(expected);
  });

  test.each([
    [390, 844, 'portrait'],
    [844, 390, 'landscape'],
    [500, 500, 'portrait'],
  ] as const)('%d×%d is %s', (w, h, expected) => {
    expect(orientationOf(w, h)).toBe(expected);
  });
});

describe('canShareScreen: never on a phone, and only with getDisplayMedia', () => {
  test('a desktop with getDisplayMedia shares; a phone with it, or a desktop without it, does not', () => {
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getDisplayMedia: () => Promise.reject(new Error('not here')) },
    });
    expect(canShareScreen('desktop')).toBe(true);
    expect(canShareScreen('phone')).toBe(false);
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: {} });
    expect(canShareScreen('desktop')).toBe(false);
    delete (navigator as { mediaDevices?: unknown }).mediaDevices;
    expect(canShareScreen('desktop')).toBe(false);
  });
});

describe('useFormFactor and useOrientation follow the screen', () => {
  function screenAs(ua: string, coarse: boolean, width: number, height: number) {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ua);
    vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(width);
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(height);
    window.matchMedia = ((query: string) => ({
      matches: coarse && query === '(pointer: coarse)',
    })) as unknown as typeof window.matchMedia;
  }

  test('a phone is a phone held either way; a rotation re-renders with the new orientation', () => {
    screenAs(ANDROID, true, 390, 844);
    const shape = renderHook(() => ({ form: useFormFactor(), orientation: useOrientation() }));
    expect(shape.result.current).toEqual({ form: 'phone', orientation: 'portrait' });
    act(() => {
      screenAs(ANDROID, true, 844, 390);
      window.dispatchEvent(new Event('resize'));
    });
    expect(shape.result.current).toEqual({ form: 'phone', orientation: 'landscape' });
  });

  test('a desktop browser stays a desktop, however narrow its window', () => {
    screenAs(DESKTOP, false, 1280, 800);
    const shape = renderHook(() => useFormFactor());
    expect(shape.result.current).toBe('desktop');
    act(() => {
      screenAs(DESKTOP, false, 390, 700);
      window.dispatchEvent(new Event('resize'));
    });
    expect(shape.result.current).toBe('desktop');
  });
});
