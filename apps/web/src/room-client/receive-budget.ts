/**
 * How much video this browser's downlink carries. Janus forwards each simulcast layer as the
 * publisher sends it and does not adapt to a subscriber's network, so the receiver decides:
 * once a second it reads what its video lost and how fast it came, and when the link is full
 * (heavy loss) it caps every video at the highest layer the measured rate carries, instead of
 * freezing on a layer it cannot take. Every so often it tries the next layer up again; a try
 * that brings loss back, or stops a picture that was playing (no new frame for STALL_MS: on a
 * narrow link the new layer's key frame trickles in for a second or more, and the picture
 * stands still meanwhile), is undone at once and the next waits twice as long (at most 2 min).
 * A picture still standing after the undo has its publisher asked for a key frame again.
 */

/** What each simulcast layer sends at most (publisher.ts's CAMERA_ENCODINGS), in kbit/s. */
export const LAYER_KBPS = [200, 600, 1200] as const;
export type Layer = 0 | 1 | 2;

/** Loss above this share of a second's video packets: the link is full. */
const CONGESTED_LOSS = 0.08;
/** Loss at most this share: the layer fits. */
const CLEAN_LOSS = 0.02;
/** Fewer expected packets than this in a sample say nothing about loss. */
const MIN_PACKETS = 20;
/** A layer must fit in this share of the measured rate (audio and headers need the rest). */
const HEADROOM = 0.85;
/** After a step down, the old layer's packets still arrive (and get lost) for a moment. */
const SETTLE_MS = 1500;
/** A try one layer up that stays clean this long fits. */
const PROBE_MS = 4000;
const FIRST_PROBE_WAIT_MS = 10_000;
const MAX_PROBE_WAIT_MS = 120_000;
/** While a try lasts, a picture that was playing and shows no new frame this long: undone. */
export const STALL_MS = 300;
/** How often a try, and the time after an undone one, is watched for a stalled picture. */
export const WATCH_MS = 100;
/**
 * After an undone try, a picture still standing still is asked for a key frame again this long
 * after the undo, then every second (a publisher ignores a request that follows another within
 * about a second, and the undo's came soon after the try's).
 */
const ASK_FIRST_MS = 300;
const ASK_AGAIN_MS = 1000;
/** How long after an undo pictures are still watched. */
const RECOVER_MS = 4000;

/** Totals over all received video since the connection started (RTCInboundRtpStreamStats). */
export interface VideoTotals {
  atMs: number;
  bytesReceived: number;
  packetsReceived: number;
  packetsLost: number;
  /** Received video streams now (each wants its layer). */
  streams: number;
  /** Frames decoded so far, by stream (its mid, else its statistics id). */
  frames: Record<string, number>;
}

export class ReceiveBudget {
  private cap: Layer = 2;
  private last: VideoTotals | undefined;
  private changedAt = -Infinity;
  private cleanSince: number | undefined;
  private probeWait = FIRST_PROBE_WAIT_MS;
  /** When a try one layer up began (undefined: not trying). */
  private probingSince: number | undefined;
  /** Each stream's decoded frames and when they last grew. */
  private progress = new Map<string, { frames: number; atMs: number }>();
  /** The streams whose picture was playing when the try began. */
  private playing: string[] = [];
  /** Since when, after an undone try, the pictures are watched; and when each was asked again. */
  private recovery: { since: number; asked: Map<string, number> } | undefined;

  get layerCap(): Layer {
    return this.cap;
  }

  /** A try one layer up is under way. */
  get probing(): boolean {
    return this.probingSince !== undefined;
  }

  /** A try, or the moments after an undone one: watch the pictures every WATCH_MS. */
  get watching(): boolean {
    return this.probing || this.recovery !== undefined;
  }

  /**
   * Takes the decoded frames while watching (every WATCH_MS): during a try, a picture that was
   * playing and has stood still for STALL_MS undoes it. Returns the new cap when it changed.
   */
  watch(now: VideoTotals): Layer | undefined {
    this.noteFrames(now);
    if (this.probingSince === undefined) return undefined;
    return this.stalled(now, this.probingSince).length ? this.undoProbe(now.atMs) : undefined;
  }

  /**
   * For RECOVER_MS after an undone try: the streams (mids) whose picture stands still (no new
   * frame for STALL_MS) and are due to be asked for a key frame again now. The layer switch back
   * asked for one, but a publisher drops a request that comes within a second of the try's, and
   * the picture then waits for the receiver's own request (3 s in Chromium).
   */
  keyFramesDue(now: VideoTotals): string[] {
    const recovery = this.recovery;
    if (!recovery) return [];
    const elapsed = now.atMs - recovery.since;
    if (elapsed >= RECOVER_MS) {
      this.recovery = undefined;
      return [];
    }
    const due = this.stalled(now, recovery.since).filter((mid) => {
      const asked = recovery.asked.get(mid);
      return asked === undefined ? elapsed >= ASK_FIRST_MS : now.atMs - asked >= ASK_AGAIN_MS;
    });
    due.forEach((mid) => recovery.asked.set(mid, now.atMs));
    return due;
  }

  /** The pictures that were playing when the try began and show no new frame since `since`. */
  private stalled(now: VideoTotals, since: number): string[] {
    return this.playing.filter((mid) => {
      const seen = this.progress.get(mid);
      return mid in now.frames && !!seen && now.atMs - Math.max(seen.atMs, since) >= STALL_MS;
    });
  }

  private noteFrames(now: VideoTotals): void {
    for (const [id, frames] of Object.entries(now.frames)) {
      const seen = this.progress.get(id);
      if (!seen || frames > seen.frames) this.progress.set(id, { frames, atMs: now.atMs });
    }
  }

  /** Takes the next totals; returns the new cap when it changed, else undefined. */
  sample(now: VideoTotals): Layer | undefined {
    const before = this.last;
    this.last = now;
    this.noteFrames(now);
    if (!before || now.atMs <= before.atMs) return undefined;
    const received = now.packetsReceived - before.packetsReceived;
    const lost = Math.max(0, now.packetsLost - before.packetsLost);
    // A new connection (the counters started again): a baseline, nothing to judge.
    if (received < 0) return undefined;
    const expected = received + lost;
    if (expected < MIN_PACKETS) return undefined;
    const loss = lost / expected;
    const kbps = ((now.bytesReceived - before.bytesReceived) * 8) / (now.atMs - before.atMs);
    if (loss > CONGESTED_LOSS) return this.congested(now, kbps);
    if (loss <= CLEAN_LOSS) return this.clean(now.atMs);
    this.cleanSince = undefined;
    return undefined;
  }

  private congested(now: VideoTotals, kbps: number): Layer | undefined {
    this.cleanSince = undefined;
    if (this.probingSince !== undefined) return this.undoProbe(now.atMs);
    if (this.cap === 0 || now.atMs - this.changedAt < SETTLE_MS) return undefined;
    const streams = Math.max(1, now.streams);
    let fits: Layer = 0;
    for (const layer of [2, 1] as const)
      if (LAYER_KBPS[layer] * streams <= kbps * HEADROOM) {
        fits = layer;
        break;
      }
    return this.set(Math.min(fits, this.cap - 1) as Layer, now.atMs);
  }

  /** The try did not fit: back at once, and wait longer before the next one. */
  private undoProbe(atMs: number): Layer {
    this.probingSince = undefined;
    this.recovery = { since: atMs, asked: new Map() };
    this.probeWait = Math.min(this.probeWait * 2, MAX_PROBE_WAIT_MS);
    return this.set((this.cap - 1) as Layer, atMs);
  }

  private clean(atMs: number): Layer | undefined {
    if (this.probingSince !== undefined) {
      if (atMs - this.probingSince >= PROBE_MS) {
        this.probingSince = undefined;
        this.probeWait = FIRST_PROBE_WAIT_MS;
      }
      return undefined;
    }
    this.cleanSince ??= atMs;
    if (this.cap === 2 || atMs - this.cleanSince < this.probeWait) return undefined;
    this.probingSince = atMs;
    this.playing = [...this.progress]
      .filter(([, seen]) => atMs - seen.atMs <= SETTLE_MS)
      .map(([id]) => id);
    return this.set((this.cap + 1) as Layer, atMs);
  }

  private set(cap: Layer, atMs: number): Layer {
    this.cap = cap;
    this.changedAt = atMs;
    this.cleanSince = undefined;
    return cap;
  }

  /** A new connection: its counters start again; what was learnt of the link stays. */
  reset(): void {
    this.last = undefined;
    this.progress.clear();
    this.playing = [];
    this.recovery = undefined;
  }
}

interface InboundLike {
  id: string;
  mid?: string;
  type: string;
  kind?: string;
  bytesReceived?: number;
  packetsReceived?: number;
  packetsLost?: number;
  framesDecoded?: number;
}

/** The video totals of a subscriber's statistics report. */
export function videoTotals(report: RTCStatsReport, atMs: number): VideoTotals {
  const totals: VideoTotals = {
    atMs,
    bytesReceived: 0,
    packetsReceived: 0,
    packetsLost: 0,
    streams: 0,
    frames: {},
  };
  report.forEach((s: InboundLike) => {
    if (s.type !== 'inbound-rtp' || s.kind !== 'video') return;
    totals.bytesReceived += s.bytesReceived ?? 0;
    totals.packetsReceived += s.packetsReceived ?? 0;
    totals.packetsLost += s.packetsLost ?? 0;
    if ((s.packetsReceived ?? 0) > 0) totals.streams++;
    totals.frames[s.mid ?? s.id] = s.framesDecoded ?? 0;
  });
  return totals;
}
