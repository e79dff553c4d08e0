/**
 * Flood control for what members send through the `/room` socket (chat, reactions): a token
 * bucket per key of `burst` tokens, refilled one every `refillMs`. Kept in memory on the node
 * that serves the room; a room's keys are forgotten when it closes.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly burst: number,
    private readonly refillMs: number,
  ) {}

  /** Takes one token for `key`; false (and nothing taken) when there is none left. */
  take(key: string, now = Date.now()): boolean {
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    const refilled = Math.min(this.burst, bucket.tokens + (now - bucket.at) / this.refillMs);
    if (refilled < 1) {
      this.buckets.set(key, { tokens: refilled, at: now });
      return false;
    }
    this.buckets.set(key, { tokens: refilled - 1, at: now });
    return true;
  }

  /** Forgets the keys that start with `prefix` (a room's members, once the room closed). */
  forget(prefix: string): void {
    for (const key of this.buckets.keys()) if (key.startsWith(prefix)) this.buckets.delete(key);
  }
}
