/**
 * How recordings read on screen: sizes, dates (in Home's chosen time zone, as the meetings list
 * shows them), download names, and the processing state of a list row.
 */
import { recordingFileName, type RecordListItem } from '@meet/shared';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Binary units, one decimal from KB on ("1.5 GB"); the quota is counted the same way. */
export function formatSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const text = unit === 0 ? String(Math.round(value)) : value.toFixed(value >= 100 ? 0 : 1);
  return `${text.replace(/\.0$/, '')} ${UNITS[unit]}`;
}

/** "Jan 16, 2025, 14:03" in the reader's language and Home's zone (useTimezone). */
export function formatDateTime(ms: number, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(ms);
}

/** The extension of each file as composition writes it: H.264 + AAC MP4, and AAC in MP4. */
const DOWNLOAD_EXT = { video: 'mp4', audio: 'm4a' } as const;

/**
 * A download of a recording's file: the signed link asking the server to name it
 * (`download=1`, the day in `tz`), and the same name for the `download` attribute.
 */
export function recordingDownload(
  info: Pick<RecordListItem, 'name' | 'startTime'>,
  url: string,
  kind: keyof typeof DOWNLOAD_EXT,
  timeZone: string,
): { href: string; fileName: string } {
  const query = new URLSearchParams({ download: '1', tz: timeZone });
  return {
    href: `${url}${url.includes('?') ? '&' : '?'}${query.toString()}`,
    fileName: recordingFileName(info.name, info.startTime, timeZone, DOWNLOAD_EXT[kind]),
  };
}

/** Share of the quota used, 0–100 (a full or over-full quota shows 100). */
export function usedPercent(usedBytes: number, quotaBytes: number): number {
  if (quotaBytes <= 0) return 100;
  return Math.min(100, Math.round((usedBytes / quotaBytes) * 100));
}

/** What processing is doing, as the server names it (compose-recording.ts). */
export const PROCESSING_STAGES = ['queued', 'remux', 'compose', 'store'] as const;
export type ProcessingStage = (typeof PROCESSING_STAGES)[number];

/** The stage when it is one the catalogue names (recordings.list.stage.*), else null. */
export function processingStage(stage: string | undefined): ProcessingStage | null {
  return PROCESSING_STAGES.find((s) => s === stage) ?? null;
}

/** Rows still changing on the server: the list polls while there are any. */
export function isSettling(item: Pick<RecordListItem, 'status'>): boolean {
  return item.status === 'recording' || item.status === 'processing';
}

/** The row can be played: it opens its page with a player. */
export function isPlayable(item: Pick<RecordListItem, 'status'>): boolean {
  return item.status === 'ready';
}
