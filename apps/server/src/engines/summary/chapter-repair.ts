/**
 * Chapters as a chat model answers them, made valid: every start time is the time of a real
 * transcript line (an unknown time snaps to the nearest line; "12:34" clock strings are read),
 * titles are non-empty text, times are unique to the second (SPEC.md: chapter times cannot
 * repeat) and in order.
 */

export interface Chapter {
  startTime: number;
  title: string;
}

/** More than this is not a chapter list but a transcript. */
export const MAX_REPAIRED_CHAPTERS = 20;
const MAX_TITLE_LENGTH = 100;

/** Milliseconds from a number, a numeric string, or a clock string (m:ss, h:mm:ss). */
export function readTime(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim().replace(/^t=/, '');
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
  const clock = /^(?:(\d+):)?(\d{1,2}):(\d{2})(?:\.\d+)?$/.exec(text);
  if (!clock) return undefined;
  return ((Number(clock[1] ?? 0) * 60 + Number(clock[2])) * 60 + Number(clock[3])) * 1000;
}

/** The line time nearest to `time` (the earlier one on a tie); `times` ascending, not empty. */
export function snapToLine(time: number, times: readonly number[]): number {
  let lo = 0;
  let hi = times.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! < time) lo = mid + 1;
    else hi = mid;
  }
  const after = times[lo]!;
  const before = lo > 0 ? times[lo - 1]! : after;
  return time - before <= after - time ? before : after;
}

/**
 * Valid chapters from whatever `raw` is: entries that are not objects with a readable time and a
 * title are dropped; a repeated time (the same second) keeps its first title.
 */
export function repairChapters(raw: unknown, lineTimes: readonly number[]): Chapter[] {
  if (!Array.isArray(raw) || lineTimes.length === 0) return [];
  const times = [...new Set(lineTimes)].sort((a, b) => a - b);
  const seen = new Set<number>();
  const chapters: Chapter[] = [];
  for (const entry of raw) {
    if (typeof entry !== 'object' || entry === null) continue;
    const record = entry as Record<string, unknown>;
    const time = readTime(record.startTime ?? record.start_time ?? record.start ?? record.time);
    const title = typeof record.title === 'string' ? record.title.replace(/\s+/g, ' ').trim() : '';
    if (time === undefined || title === '') continue;
    const startTime = snapToLine(time, times);
    // Chapter times are shown and edited as whole seconds; two in one second are a repeat.
    const second = Math.floor(startTime / 1000);
    if (seen.has(second)) continue;
    seen.add(second);
    chapters.push({
      startTime,
      title:
        [...title].length > MAX_TITLE_LENGTH
          ? `${[...title].slice(0, MAX_TITLE_LENGTH - 1).join('')}…`
          : title,
    });
    if (chapters.length === MAX_REPAIRED_CHAPTERS) break;
  }
  return chapters.sort((a, b) => a.startTime - b.startTime);
}
