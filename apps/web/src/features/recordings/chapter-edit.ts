/**
 * Editing a recording's chapters as pure functions (SPEC.md section 5: chapter times cannot
 * repeat): times typed as "mm:ss" or "h:mm:ss", each chapter needs a title, the result sorted by
 * time. Errors are catalogue keys, so the page shows the same words the server would.
 */
import type { Chapter, ErrorKey } from '@meet/shared';
import { formatClock } from './record-rules';

export interface ChapterRow {
  /** As typed: "mm:ss", "h:mm:ss" or plain seconds. */
  time: string;
  title: string;
}

/** Milliseconds from the start, or null when the text is not a time. */
export function parseClock(text: string): number | null {
  const parts = text.trim().split(':');
  if (parts.length > 3 || parts.some((p) => !/^\d{1,3}$/.test(p))) return null;
  const numbers = parts.map(Number);
  // Minutes and seconds past the first part stay below 60, as on a clock.
  if (numbers.slice(1).some((n) => n >= 60)) return null;
  const seconds = numbers.reduce((total, n) => total * 60 + n, 0);
  return seconds * 1000;
}

export function rowsOf(chapters: readonly Chapter[]): ChapterRow[] {
  return chapters.map((c) => ({ time: formatClock(c.startTime / 1000), title: c.title }));
}

export type ChapterCheck =
  | { ok: true; chapters: Chapter[] }
  | { ok: false; index: number; error: ErrorKey | 'chapterTimeInvalid' };

/** The chapters to save, or the first row that is wrong and why. */
export function checkChapters(rows: readonly ChapterRow[]): ChapterCheck {
  const seen = new Set<number>();
  const chapters: Chapter[] = [];
  for (const [index, row] of rows.entries()) {
    const startTime = parseClock(row.time);
    if (startTime === null) return { ok: false, index, error: 'chapterTimeInvalid' };
    if (!row.title.trim()) return { ok: false, index, error: 'chapterTitleRequired' };
    if (seen.has(startTime)) return { ok: false, index, error: 'chapterTimesRepeat' };
    seen.add(startTime);
    chapters.push({ startTime, title: row.title.trim() });
  }
  return { ok: true, chapters: chapters.sort((a, b) => a.startTime - b.startTime) };
}

/** The chapter playing at `ms`: the last one that started at or before it. */
export function currentChapter(chapters: readonly Chapter[], ms: number): number {
  let current = -1;
  for (const [index, chapter] of chapters.entries()) if (chapter.startTime <= ms) current = index;
  return current;
}
