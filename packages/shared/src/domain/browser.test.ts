import { describe, expect, test } from 'vitest';
import { isMobileBrowser, isSupportedBrowser, mediaHandlerOf, parseUserAgent } from './browser.js';

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

const MORE = {
  chrome70:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36',
  chrome74:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/74.0.3729.169 Safari/537.36',
  edgeHtml18:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19041',
  edge85:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/85.0.4183.102 Safari/537.36 Edg/85.0.564.51',
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  firefox115: 'Mozilla/5.0 (X11; Linux x86_64; rv:115.0) Gecko/20100101 Firefox/115.0',
  firefoxEsr153: 'Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0',
  firefoxAndroid: 'Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0',
  safari11:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_13_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/11.1.2 Safari/605.1.15',
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
  iphoneOld:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 11_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/11.0 Mobile/15E148 Safari/604.1',
  ipadFirefox:
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/120.0 Mobile/15E148 Safari/605.1.15',
  samsung:
    'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
  epiphany:
    'Mozilla/5.0 (X11; Ubuntu; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
  /** What Debian's WebKitGTK 2.50 MiniBrowser sends (the engine of e2e/solo/webkit.spec.ts). */
  miniBrowser:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/60.5 Safari/605.1.15',
  electron:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) meet/1.0 Chrome/120.0.6099.56 Electron/28.0.0 Safari/537.36',
};

describe('mediaHandlerOf: SPEC.md section 9, the only gate', () => {
  test.each([
    ['Chrome 120 on Windows', UA.chrome120Win, 'Chrome111'],
    ['Chrome 79', UA.chrome79Mac, 'Chrome74'],
    ['Chrome 74', MORE.chrome74, 'Chrome74'],
    ['Chrome 70 is too old', MORE.chrome70, undefined],
    ['Edge 118', UA.edge118, 'Chrome111'],
    ['Edge 85 (before 88)', MORE.edge85, undefined],
    ['the EdgeHTML Edge 18', MORE.edgeHtml18, undefined],
    ['Internet Explorer 11', MORE.ie11, undefined],
    ['Firefox 121', UA.firefoxLinux, 'Firefox120'],
    ['Firefox ESR 153', MORE.firefoxEsr153, 'Firefox120'],
    ['Firefox 115 is too old', MORE.firefox115, undefined],
    ['Firefox on Android', MORE.firefoxAndroid, 'Firefox120'],
    ['Safari 17 on a Mac', UA.safariMac, 'Safari12'],
    ['Safari 11 is too old', MORE.safari11, undefined],
    ['Safari on an iPhone', MORE.iphoneSafari, 'Safari12'],
    ['Chrome on an iPhone (WebKit)', UA.iphone, 'Safari12'],
    ['Firefox on an iPad (WebKit)', MORE.ipadFirefox, 'Safari12'],
    ['iOS 11 is too old', MORE.iphoneOld, undefined],
    ['Chrome on Android', UA.androidChrome, 'Chrome111'],
    ['Samsung Internet (Chromium 115)', MORE.samsung, 'Chrome111'],
    ['headless Chromium', UA.headlessChromium, 'Chrome111'],
    ['Opera (Chromium 120)', UA.opera, 'Chrome111'],
    ['Electron', MORE.electron, 'Chrome111'],
    ['Epiphany (WebKitGTK, Safari 17)', MORE.epiphany, 'Safari12'],
    ["Debian's WebKitGTK MiniBrowser", MORE.miniBrowser, 'Safari12'],
    ['something else', 'curl/8.0', undefined],
  ])('%s → %s', (_name, ua, handler) => {
    expect(mediaHandlerOf(ua)).toBe(handler);
    expect(isSupportedBrowser(ua)).toBe(handler !== undefined);
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
