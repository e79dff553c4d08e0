/** How recordings read on screen: sizes, dates, and the processing state of a list row. */
import type { RecordListItem } from '@meet/shared';

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

/** "Jan 16, 2025, 14:03" in the reader's language and zone. */
export function formatDateTime(ms: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(ms);
}

/** Share of the quota used, 0–100 (a full or over-full quota shows 100). */
export function usedPercent(usedBytes: number, quotaBytes: number): number {
  if (quotaBytes <= 0) return 100;
  return Math.min(100, Math.round((usedBytes / quotaBytes) * 100));
}

/** Rows still changing on the server: the list polls while there are any. */
export function isSettling(item: Pick<RecordListItem, 'status'>): boolean {
  return item.status === 'recording' || item.status === 'processing';
}

/** The row can be played: it opens its page with a player. */
export function isPlayable(item: Pick<RecordListItem, 'status'>): boolean {
  return item.status === 'ready';
}
