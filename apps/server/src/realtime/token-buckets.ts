/**
 * Flood control: a token bucket per key, holding at most `burst` tokens and refilled one every
 * `refillMs` (never, with Infinity). Kept in memory on the node that serves the sockets: the
 * members of a meeting all meet on one node.
 */
export interface Rate {
  burst: number;
  /** One token comes back every this many ms; Infinity: spent tokens never come back. */
  refillMs: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Takes one token from `bucket` (made full when new); 0, or how long until one is there. */
function takeFrom(bucket: Bucket, rate: Rate, now: number): number {
  const refilled = Number.isFinite(rate.refillMs)
    ? Math.min(rate.burst, bucket.tokens + (now - bucket.at) / rate.refillMs)
    : bucket.tokens;
  bucket.at = now;
  if (refilled < 1) {
    bucket.tokens = refilled;
    return Number.isFinite(rate.refillMs) ? Math.ceil((1 - refilled) * rate.refillMs) : Infinity;
  }
  bucket.tokens = refilled - 1;
  return 0;
}

/** One bucket, for a counter with one owner (a socket's own budget of one request type). */
export class TokenBucket {
  private readonly bucket: Bucket;

  constructor(
    private readonly rate: Rate,
    now = Date.now(),
  ) {
    this.bucket = { tokens: rate.burst, at: now };
  }

  /** 0 when a token was taken; else how long until one is there (nothing taken). */
  take(now = Date.now()): number {
    return takeFrom(this.bucket, this.rate, now);
  }
}

export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly burst: number,
    private readonly refillMs: number,
  ) {}

  /** Takes one token for `key`; false (and nothing taken) when there is none left. */
  take(key: string, now = Date.now()): boolean {
    return this.wait(key, now) === 0;
  }

  /** Takes one token for `key`: 0 when taken; else how long until one is there (nothing taken). */
  wait(key: string, now = Date.now()): number {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = { tokens: this.burst, at: now };
      this.buckets.set(key, bucket);
    }
    return takeFrom(bucket, { burst: this.burst, refillMs: this.refillMs }, now);
  }

  /** Forgets the keys that start with `prefix` (a room's members, once the room closed). */
  forget(prefix: string): void {
    for (const key of this.buckets.keys()) if (key.startsWith(prefix)) this.buckets.delete(key);
  }

  /** Forgets the buckets that have filled up again: one of those is the same as none. */
  prune(now = Date.now()): void {
    if (!Number.isFinite(this.refillMs)) return;
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.at) / this.refillMs >= this.burst) this.buckets.delete(key);
    }
  }

  get size(): number {
    return this.buckets.size;
  }
}
