// What a synthetic member (member.mjs) counts of what it receives: per SSRC, packets, bytes,
// sequence gaps and frames; per kind, the longest time without a packet.

/** Received-stream counters of one SSRC. */
export class StreamCounter {
  constructor(kind) {
    this.kind = kind;
    this.clock = kind === 'video' ? 90_000 : 48_000;
    this.packets = 0;
    this.bytes = 0;
    this.frames = 0;
    this.base = null;
    this.max = null;
    this.lastAt = 0;
    this.lastTs = 0;
  }

  add(seq, marker, timestamp, bytes) {
    this.packets++;
    this.bytes += bytes;
    if (marker) this.frames++;
    if (this.max === null) {
      this.base = seq;
      this.max = seq;
    } else {
      const delta = (seq - (this.max & 0xffff) + 0x10000) & 0xffff;
      if (delta === 0 || delta >= 0x8000) return; // a duplicate or late packet
      this.max += delta;
    }
    // Arrival time and RTP time of the newest packet: their drift tells if the tool lags.
    this.lastAt = performance.now();
    this.lastTs = timestamp;
  }

  snapshot() {
    const expected = this.max === null ? 0 : this.max - this.base + 1;
    const { kind, clock, packets, bytes, frames, lastAt, lastTs } = this;
    return { kind, clock, packets, bytes, frames, expected, lastAt, lastTs };
  }
}

/**
 * The longest time between two packets (any SSRC of one kind) since `mark()`: how long a member
 * heard nothing, e.g. while someone floods the server. A gap still open is counted up to now.
 */
export class GapTracker {
  constructor() {
    this.lastAt = 0;
    this.longest = 0;
  }

  arrived() {
    const now = performance.now();
    if (this.lastAt) this.longest = Math.max(this.longest, now - this.lastAt);
    this.lastAt = now;
  }

  /** Starts a window; a gap open at this moment is counted from here. */
  mark() {
    this.longest = 0;
    if (this.lastAt) this.lastAt = Math.max(this.lastAt, performance.now());
  }

  /** The longest gap since mark() (ms) and how long ago the last packet came (null: none yet). */
  read() {
    if (!this.lastAt) return { longestMs: null, sinceLastMs: null };
    const since = performance.now() - this.lastAt;
    return { longestMs: Math.max(this.longest, since), sinceLastMs: since };
  }
}
