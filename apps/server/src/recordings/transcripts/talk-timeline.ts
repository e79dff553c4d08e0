/**
 * Who was talking when, from a recording's talking events (recording_events talk_start /
 * talk_stop, server time), so the speech pass can say who spoke an utterance it heard in the
 * mixed audio: the member who talked most during it.
 */

/** A row of the recording's timeline; types other than talk_start / talk_stop are ignored. */
export interface TimelineEvent {
  type: string;
  userId: number;
  /** Server time (ms). */
  at: number;
}

interface Interval {
  start: number;
  end: number;
}

/** The talking detector speaks up late and stops late; an utterance this near a turn still counts. */
const NEAR_MS = 1000;

export class TalkTimeline {
  /** Each member's talking, in ms from the recording's start. */
  private readonly talking = new Map<number, Interval[]>();

  constructor(events: readonly TimelineEvent[], recordingStart: number, recordingStop: number) {
    const duration = recordingStop - recordingStart;
    const open = new Map<number, number>();
    const add = (userId: number, start: number, end: number) => {
      const s = Math.max(0, start - recordingStart);
      const e = Math.min(duration, end - recordingStart);
      if (e <= s) return;
      const list = this.talking.get(userId) ?? [];
      list.push({ start: s, end: e });
      this.talking.set(userId, list);
    };
    const ordered = events
      .map((event, index) => ({ event, index }))
      .sort((a, b) => a.event.at - b.event.at || a.index - b.index);
    for (const { event } of ordered) {
      if (event.type === 'talk_start') {
        if (!open.has(event.userId)) open.set(event.userId, event.at);
      } else if (event.type === 'talk_stop') {
        const start = open.get(event.userId);
        open.delete(event.userId);
        if (start !== undefined) add(event.userId, start, event.at);
        // A stop with no start: they were talking when the recording began.
        else if (!this.talking.has(event.userId)) add(event.userId, recordingStart, event.at);
      }
    }
    for (const [userId, start] of open) add(userId, start, recordingStop);
  }

  /** Milliseconds each member talked within [start, end). */
  private overlaps(start: number, end: number): Map<number, number> {
    const out = new Map<number, number>();
    for (const [userId, intervals] of this.talking) {
      let total = 0;
      for (const i of intervals)
        total += Math.max(0, Math.min(end, i.end) - Math.max(start, i.start));
      if (total > 0) out.set(userId, total);
    }
    return out;
  }

  /**
   * The member who talked most during [start, end) (ms from the recording's start), or 0 when
   * nobody did, even just around it. Ties go to the lower user id (deterministic).
   */
  speakerOf(start: number, end: number): number {
    let overlaps = this.overlaps(start, end);
    if (overlaps.size === 0) overlaps = this.overlaps(start - NEAR_MS, end + NEAR_MS);
    let best = 0;
    let most = 0;
    for (const [userId, ms] of [...overlaps].sort((a, b) => a[0] - b[0])) {
      if (ms > most) [best, most] = [userId, ms];
    }
    return best;
  }
}
