import { describe, expect, test } from 'vitest';
import { isMobileBrowser, isSupportedBrowser, parseUserAgent } from './browser.js';

const UA = {
  chrome120Win:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  chrome79Mac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.130 Safari/537.36',
  edge118:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/118.0.0.0 Safari/537.36 Edg/118.0.2088.46',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
  headlessChromium:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
  opera:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0',
};

describe('isSupportedBrowser', () => {
  test.each([
    ['Chrome 120 on Windows', UA.chrome120Win, true],
    ['Chrome 79 is too old', UA.chrome79Mac, false],
    ['Edge 118', UA.edge118, true],
    ['Firefox', UA.firefoxLinux, false],
    ['Safari', UA.safariMac, false],
    ['Chrome on Android', UA.androidChrome, false],
    ['Chrome on iPhone', UA.iphone, false],
    ['headless Chromium', UA.headlessChromium, true],
    ['Opera', UA.opera, false],
  ])('%s → %s', (_name, ua, expected) => {
    expect(isSupportedBrowser(ua)).toBe(expected);
  });
});

describe('isMobileBrowser', () => {
  test.each([
    [UA.androidChrome, true],
    [UA.iphone, true],
    [UA.chrome120Win, false],
    [UA.firefoxLinux, false],
  ])('%s → %s', (ua, expected) => {
    expect(isMobileBrowser(ua)).toBe(expected);
  });
});

test('parseUserAgent reads name, version and OS', () => {
  expect(parseUserAgent(UA.edge118)).toEqual({
    name: 'edge',
    version: 118,
    mobile: false,
    os: 'windows',
  });
  expect(parseUserAgent(UA.chrome79Mac)).toMatchObject({ name: 'chrome', version: 79, os: 'mac' });
});
