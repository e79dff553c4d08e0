/**
 * Which browsers the product serves: SPEC.md section 9's handler table. A browser with a media
 * handler gets the product — desktop or phone — and only one without (Chrome 70, the old
 * EdgeHTML Edge, Internet Explorer) gets the unsupported-browser message box. Phones join in
 * their browser: this product has no native app, so the browser is their only way in.
 */
import { BROWSER_MIN_VERSIONS } from '../constants.js';

export interface BrowserInfo {
  name: 'chrome' | 'edge' | 'firefox' | 'safari' | 'other';
  version: number;
  mobile: boolean;
  os: 'windows' | 'mac' | 'linux' | 'android' | 'ios' | 'other';
}

/** SPEC.md section 9's media handlers, by the engine they drive. */
export type MediaHandler = 'Chrome111' | 'Chrome74' | 'Firefox120' | 'Safari12';

const versionOf = (pattern: RegExp, ua: string): number | undefined => {
  const match = pattern.exec(ua);
  return match ? Number(match[1]) : undefined;
};

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

/**
 * The media handler of a browser, or undefined when it has none (SPEC.md section 9): what
 * decides whether the product opens at all.
 */
export function mediaHandlerOf(ua: string): MediaHandler | undefined {
  const min = BROWSER_MIN_VERSIONS;
  // Internet Explorer, and the EdgeHTML Edge (its UA says "Edge/", the new one "Edg/").
  if (/MSIE |Trident\//.test(ua) || /\bEdge\/\d+/.test(ua)) return undefined;
  // Every browser on iOS is WebKit, whatever its name says.
  if (/iPhone|iPad|iPod/.test(ua)) {
    const ios = versionOf(/OS (\d+)[_.]\d/, ua);
    return ios !== undefined && ios >= min.ios ? 'Safari12' : undefined;
  }
  const edge = versionOf(/Edg(?:A)?\/(\d+)/, ua);
  if (edge !== undefined) {
    if (edge < min.edge) return undefined;
    return edge >= min.chromeModern ? 'Chrome111' : 'Chrome74';
  }
  const firefox = versionOf(/Firefox\/(\d+)/, ua);
  if (firefox !== undefined) return firefox >= min.firefox ? 'Firefox120' : undefined;
  // Chrome and the browsers built on Chromium (Opera, Samsung Internet, Electron, headless).
  const chromium = versionOf(/(?:Chrome|Chromium)\/(\d+)/, ua);
  if (chromium !== undefined) {
    if (chromium >= min.chromeModern) return 'Chrome111';
    return chromium >= min.chrome ? 'Chrome74' : undefined;
  }
  // Safari, and other WebKit browsers that say which Safari they match (Epiphany).
  const safari = versionOf(/Version\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//, ua);
  if (safari !== undefined && /AppleWebKit\//.test(ua))
    return safari >= min.safari ? 'Safari12' : undefined;
  return undefined;
}

export function isMobileBrowser(ua: string): boolean {
  return parseUserAgent(ua).mobile;
}

export function isSupportedBrowser(ua: string): boolean {
  return mediaHandlerOf(ua) !== undefined;
}
