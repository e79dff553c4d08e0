/**
 * How the extractive engine writes its minutes: a "Key points" heading in the transcript's
 * language, then one line a point — its time in the recording, who said it, and the sentence as
 * it was said:
 *
 *   Key points
 *   - [03:12] Alice: We ship version two on Friday.
 */

export interface KeyPoint {
  speaker: string;
  /** A sentence of the transcript, unchanged. */
  text: string;
  /** Milliseconds from the start of the recording (its line's start). */
  startTime: number;
}

export const MINUTES_HEADING = { en: 'Key points', zh: '要点' } as const;

/** m:ss under an hour, h:mm:ss from an hour on (as the player shows times). */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** '' when there is nothing to say (no sentence with content). */
export function formatMinutes(points: readonly KeyPoint[], language: string): string {
  if (points.length === 0) return '';
  const chinese = language.startsWith('zh');
  const colon = chinese ? '：' : ': ';
  const heading = chinese ? MINUTES_HEADING.zh : MINUTES_HEADING.en;
  const items = points.map((p) => {
    const who = p.speaker.trim() ? `${p.speaker.trim()}${colon}` : '';
    return `- [${formatClock(p.startTime)}] ${who}${p.text}`;
  });
  return [heading, ...items].join('\n');
}
