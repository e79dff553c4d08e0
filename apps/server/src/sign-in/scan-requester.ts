/**
 * What a QR sign-in's approver is shown about the device asking (issue 27): only what the
 * server itself saw of its request, never words it sent. Its browser and system from its
 * User-Agent, and the address it came from (there is no place database here, so the address
 * itself, and whether it is the approver's own network). Kept as JSON in the code's
 * `device_name` column.
 */
import { parseUserAgent, type BrowserInfo } from '@meet/shared';

const BROWSERS: Record<BrowserInfo['name'], string> = {
  chrome: 'Chrome',
  edge: 'Edge',
  firefox: 'Firefox',
  safari: 'Safari',
  other: '',
};
const SYSTEMS: Record<BrowserInfo['os'], string> = {
  windows: 'Windows',
  mac: 'macOS',
  linux: 'Linux',
  android: 'Android',
  ios: 'iOS',
  other: '',
};

export interface ScanRequester {
  /** Product names, the same in every language; '' when not recognised. */
  browser: string;
  os: string;
  ip: string;
}

/** The record kept for a new code, from its request. */
export function requesterOf(userAgent: string, ip: string): string {
  const info = parseUserAgent(userAgent);
  const requester: ScanRequester = { browser: BROWSERS[info.name], os: SYSTEMS[info.os], ip };
  return JSON.stringify(requester);
}

/** The kept record (an unreadable one describes an unknown device at an unknown address). */
export function readRequester(stored: string): ScanRequester {
  try {
    const value = JSON.parse(stored) as Partial<ScanRequester>;
    return {
      browser: typeof value.browser === 'string' ? value.browser : '',
      os: typeof value.os === 'string' ? value.os : '',
      ip: typeof value.ip === 'string' ? value.ip : '',
    };
  } catch {
    return { browser: '', os: '', ip: '' };
  }
}

/** "Chrome · Linux": names, not sentences, so they read the same in every language. */
export function deviceLabel({ browser, os }: ScanRequester): string {
  return [browser, os].filter(Boolean).join(' · ');
}
