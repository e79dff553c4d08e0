/**
 * The layout timeline of a recording (recordingLayout's input) from what the database holds: its
 * events (server ms) made relative to its start, completed from its stream rows where the
 * events fall short — a member whose stream runs without a `join` in force joins when the stream
 * starts, under the stream's display name; a `join` without a name takes that name; and a member
 * who has screen streams but no share event at all shares while those streams run.
 */
import type { TimelineEntry, TimelineType } from '@meet/shared';

export interface TimelineEventRow {
  type: string;
  userId: number;
  name: string;
  /** Server ms. */
  at: number;
}

export interface TimelineStreamRow {
  userId: number;
  source: string;
  displayName: string;
  /** Server ms. */
  startedAt: number;
  stoppedAt: number | null;
}

const TYPES = new Set<string>([
  'join',
  'leave',
  'talk_start',
  'talk_stop',
  'share_start',
  'share_stop',
  'rename',
  'camera_on',
  'camera_off',
] satisfies TimelineType[]);

/** At one instant a join counts before a leave (as recordingLayout orders them). */
const rank = (e: TimelineEntry) => (e.type === 'join' ? 0 : e.type === 'leave' ? 2 : 1);

function presentAt(entries: readonly TimelineEntry[], userId: number, at: number): boolean {
  let present = false;
  for (const e of entries) {
    if (e.userId !== userId || e.at > at) continue;
    if (e.type === 'join') present = true;
    else if (e.type === 'leave') present = false;
  }
  return present;
}

export function recordingTimeline(input: {
  /** The recording's start (server ms). */
  startedAt: number;
  events: readonly TimelineEventRow[];
  streams: readonly TimelineStreamRow[];
}): TimelineEntry[] {
  const rel = (at: number) => at - input.startedAt;
  const streams = [...input.streams].sort((a, b) => a.startedAt - b.startedAt);
  const nameOf = (userId: number, at: number): string | undefined => {
    const own = streams.filter((s) => s.userId === userId && s.displayName);
    return (own.filter((s) => s.startedAt <= at).pop() ?? own[0])?.displayName;
  };
  const sort = (list: TimelineEntry[]) => list.sort((a, b) => a.at - b.at || rank(a) - rank(b));

  const entries: TimelineEntry[] = input.events
    .filter((e) => TYPES.has(e.type))
    .map((e) => {
      const entry: TimelineEntry = {
        type: e.type as TimelineType,
        userId: e.userId,
        at: rel(e.at),
      };
      if (e.type === 'join' || e.type === 'rename') {
        const name = e.name || (e.type === 'join' ? nameOf(e.userId, e.at) : undefined);
        if (name) entry.name = name;
      }
      return entry;
    });
  sort(entries);

  for (const s of streams) {
    const at = rel(s.startedAt);
    if (presentAt(entries, s.userId, at)) continue;
    entries.push({
      type: 'join',
      userId: s.userId,
      at,
      ...(s.displayName ? { name: s.displayName } : {}),
    });
    sort(entries);
  }

  const sharers = new Set(
    entries.filter((e) => e.type === 'share_start' || e.type === 'share_stop').map((e) => e.userId),
  );
  for (const s of streams) {
    if (s.source !== 'screen' || sharers.has(s.userId)) continue;
    entries.push({ type: 'share_start', userId: s.userId, at: rel(s.startedAt) });
    if (s.stoppedAt !== null)
      entries.push({ type: 'share_stop', userId: s.userId, at: rel(s.stoppedAt) });
  }
  return sort(entries);
}
