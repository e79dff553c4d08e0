/**
 * Which browsers the product serves (SPEC.md section 1): Chrome or Edge 80+ on a desktop.
 * Mobile browsers go to the mobile site instead.
 */
import { SUPPORTED_BROWSER_MIN_VERSION } from '../constants.js';

export interface BrowserInfo {
  name: 'chrome' | 'edge' | 'firefox' | 'safari' | 'other';
  version: number;
  mobile: boolean;
  os: 'windows' | 'mac' | 'linux' | 'android' | 'ios' | 'other';
}

export function parseUserAgent(ua: string): BrowserInfo {
  const mobile = /Android|iPhone|iPad|iPod|Mobile|HarmonyOS/i.test(ua);
  const os: BrowserInfo['os'] = /Android/i.test(ua)
    ? 'android'
    : /iPhone|iPad|iPod/i.test(ua)
      ? 'ios'
      : /Windows/i.test(ua)
        ? 'windows'
        : /Mac OS X|Macintosh/i.test(ua)
          ? 'mac'
          : /Linux|X11/i.test(ua)
            ? 'linux'
            : 'other';
  const edge = /Edg(?:e|A|iOS)?\/(\d+)/.exec(ua);
  if (edge) return { name: 'edge', version: Number(edge[1]), mobile, os };
  const firefox = /(?:Firefox|FxiOS)\/(\d+)/.exec(ua);
  if (firefox) return { name: 'firefox', version: Number(firefox[1]), mobile, os };
  const chrome = /(?:Chrome|CriOS|Chromium)\/(\d+)/.exec(ua);
  if (chrome && !/OPR\//.test(ua))
    return { name: 'chrome', version: Number(chrome[1]), mobile, os };
  const safari = /Version\/(\d+).*Safari/.exec(ua);
  if (safari) return { name: 'safari', version: Number(safari[1]), mobile, os };
  return { name: 'other', version: 0, mobile, os };
}

export function isMobileBrowser(ua: string): boolean {
  return parseUserAgent(ua).mobile;
}

export function isSupportedBrowser(ua: string): boolean {
  const info = parseUserAgent(ua);
  if (info.mobile || info.os === 'ios' || info.os === 'android') return false;
  return (
    (info.name === 'chrome' || info.name === 'edge') &&
    info.version >= SUPPORTED_BROWSER_MIN_VERSION
  );
}
