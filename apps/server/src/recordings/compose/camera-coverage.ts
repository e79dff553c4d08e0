/**
 * Whether each member's camera shows, as the recording's layout sees it: on while one of their
 * camera files covers the moment and they had not turned it off.
 */
import type { TimelineEntry } from '@meet/shared';

/** A picture file's place on the recording (compose-plan.ts PictureFile). */
interface CameraFile {
  userId: number;
  source: 'camera' | 'screen';
  offsetMs: number;
  durationMs: number;
}

/** The members' camera state the layout sees: on while a camera file covers it and not turned off. */
export function withCameraCoverage(
  timeline: readonly TimelineEntry[],
  pictures: readonly CameraFile[],
): TimelineEntry[] {
  const rest = timeline.filter((e) => e.type !== 'camera_on' && e.type !== 'camera_off');
  const users = new Set([
    ...pictures.filter((p) => p.source === 'camera').map((p) => p.userId),
    ...timeline.map((e) => e.userId),
  ]);
  const out: TimelineEntry[] = [...rest];
  for (const userId of users) {
    const files = pictures.filter((p) => p.source === 'camera' && p.userId === userId);
    const switches = timeline
      .filter((e) => e.userId === userId && (e.type === 'camera_on' || e.type === 'camera_off'))
      .sort((a, b) => a.at - b.at);
    const times = new Set<number>([0]);
    for (const f of files) {
      times.add(f.offsetMs);
      times.add(f.offsetMs + f.durationMs);
    }
    for (const s of switches) times.add(s.at);
    let last: boolean | null = null;
    for (const t of [...times].sort((a, b) => a - b)) {
      const covered = files.some((f) => f.offsetMs <= t && t < f.offsetMs + f.durationMs);
      // Without a switch yet, a camera whose file runs is on.
      const switched = switches.filter((s) => s.at <= t).pop();
      const on = covered && (switched ? switched.type === 'camera_on' : true);
      if (on !== last) out.push({ type: on ? 'camera_on' : 'camera_off', userId, at: t });
      last = on;
    }
  }
  return out;
}
