/**
 * How much video this browser's downlink carries. Janus forwards each simulcast layer as the
 * publisher sends it and does not adapt to a subscriber's network, so the receiver decides:
 * once a second it reads what its video lost and how fast it came, and when the link is full
 * (heavy loss) it caps every video at the highest layer the measured rate carries, instead of
 * freezing on a layer it cannot take. Every so often it tries the next layer up again; a try
 * that brings loss back is undone at once and the next waits twice as long (at most 2 min).
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

/** Totals over all received video since the connection started (RTCInboundRtpStreamStats). */
export interface VideoTotals {
  atMs: number;
  bytesReceived: number;
  packetsReceived: number;
  packetsLost: number;
  /** Received video streams now (each wants its layer). */
  streams: number;
}

export class ReceiveBudget {
  private cap: Layer = 2;
  private last: VideoTotals | undefined;
  private changedAt = -Infinity;
  private cleanSince: number | undefined;
  private probeWait = FIRST_PROBE_WAIT_MS;
  /** When a try one layer up began (undefined: not trying). */
  private probingSince: number | undefined;

  get layerCap(): Layer {
    return this.cap;
  }

  /** Takes the next totals; returns the new cap when it changed, else undefined. */
  sample(now: VideoTotals): Layer | undefined {
    const before = this.last;
    this.last = now;
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
    if (this.probingSince !== undefined) {
      // The try did not fit: back at once, and wait longer before the next one.
      this.probingSince = undefined;
      this.probeWait = Math.min(this.probeWait * 2, MAX_PROBE_WAIT_MS);
      return this.set((this.cap - 1) as Layer, now.atMs);
    }
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
  }
}

interface InboundLike {
  type: string;
  kind?: string;
  bytesReceived?: number;
  packetsReceived?: number;
  packetsLost?: number;
}

/** The video totals of a subscriber's statistics report. */
export function videoTotals(report: RTCStatsReport, atMs: number): VideoTotals {
  const totals: VideoTotals = {
    atMs,
    bytesReceived: 0,
    packetsReceived: 0,
    packetsLost: 0,
    streams: 0,
  };
  report.forEach((s: InboundLike) => {
    if (s.type !== 'inbound-rtp' || s.kind !== 'video') return;
    totals.bytesReceived += s.bytesReceived ?? 0;
    totals.packetsReceived += s.packetsReceived ?? 0;
    totals.packetsLost += s.packetsLost ?? 0;
    if ((s.packetsReceived ?? 0) > 0) totals.streams++;
  });
  return totals;
}
