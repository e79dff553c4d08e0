/**
 * What a downloaded recording is called: its name and the day it was recorded, in the viewer's
 * chosen time zone ("Weekly sync 2026-11-27.mp4"). The server's Content-Disposition and the web
 * page's `download` attribute both use this, so the browser saves the same name either way.
 * Characters that Windows, macOS or Linux refuse in a file name are taken out.
 */
import { toZoned } from './schedule.js';

/** Longest name kept before the date and extension (file systems allow 255 bytes). */
const MAX_NAME_CHARS = 80;

/** A zone the runtime knows, else UTC (a link's `tz` comes from anyone). */
export function knownTimezone(zone: unknown): string {
  if (typeof zone !== 'string' || zone === '' || zone.length > 64) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/** The name without what file systems refuse: < > : " / \ | ? *, control characters, end dots. */
export function safeFileName(name: string): string {
  return (
    name
      // eslint-disable-next-line no-control-regex
      .replace(/[<>:"/\\|?*\u0000-\u001f\u007f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/[. ]+$/, '')
  );
}

export function recordingFileName(
  name: string,
  startMs: number,
  timezone: string,
  ext: string,
): string {
  const date = toZoned(startMs, knownTimezone(timezone)).date;
  const base = [...(safeFileName(name) || 'Recording')].slice(0, MAX_NAME_CHARS).join('').trim();
  // A name that already says the day (a renamed recording) does not get it twice.
  const stem = base.includes(date) ? base : `${base} ${date}`;
  return `${stem}.${ext}`;
}
