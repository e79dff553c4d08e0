/**
 * Wrong passwords counted by where they come from (issue 27): per client address, and per
 * address and email together. Past either limit, password sign-ins from there are refused (429)
 * until its window ends. The account itself is never locked: a stranger guessing from elsewhere
 * costs its owner nothing. A right password clears its address-and-email count.
 *
 * Counted in this process, or in Redis when the nodes share one (a guesser gets no more tries by
 * reaching several nodes); while Redis is unreachable nothing is refused, as with the other rate
 * limits.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/app-error.js';
import type { Clock } from '../lib/clock.js';
import { isLoopback } from '../lib/net.js';

export interface SignInThrottleLimits {
  /** Wrong passwords from one address in a window, whichever emails they name. */
  perIp: number;
  /** Wrong passwords from one address for one email in a window. */
  perIpAndEmail: number;
  windowMs: number;
}

/** Counts in fixed windows that start at a key's first failure. */
interface Counter {
  /** The failures now counted, and how long until the window ends. */
  read(key: string): Promise<{ failures: number; endsInMs: number }>;
  add(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

export class SignInThrottle {
  constructor(
    private readonly limits: SignInThrottleLimits,
    private readonly counter: Counter,
  ) {}

  /** Throws 429 when this address (or this address for this email) failed too often lately. */
  async check(ip: string, email: string): Promise<void> {
    const [byIp, byPair] = await Promise.all([
      isLoopback(ip) ? { failures: 0, endsInMs: 0 } : this.counter.read(ipKey(ip)),
      this.counter.read(pairKey(ip, email)),
    ]);
    const over = [
      byIp.failures >= this.limits.perIp ? byIp.endsInMs : 0,
      byPair.failures >= this.limits.perIpAndEmail ? byPair.endsInMs : 0,
    ];
    const waitMs = Math.max(...over);
    if (waitMs > 0) {
      throw AppError.tooMany('rateLimitedFor', { seconds: Math.max(1, Math.ceil(waitMs / 1000)) });
    }
  }

  async failed(ip: string, email: string): Promise<void> {
    // This machine itself (a local proxy, the tests) is not counted as one address, as in
    // plugins/rate-limits.ts: it may speak for everyone.
    if (!isLoopback(ip)) await this.counter.add(ipKey(ip));
    await this.counter.add(pairKey(ip, email));
  }

  async succeeded(ip: string, email: string): Promise<void> {
    await this.counter.clear(pairKey(ip, email));
  }
}

const ipKey = (ip: string) => `ip:${ip}`;
const pairKey = (ip: string, email: string) => `pair:${ip}:${email}`;

/** Counts in this process, on the app's clock. */
export class MemoryCounter implements Counter {
  private readonly windows = new Map<string, { failures: number; endsAt: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly windowMs: number,
    /** Keys kept at most; past it the ended windows are dropped, then the oldest. */
    private readonly maxKeys = 100_000,
  ) {}

  async read(key: string): Promise<{ failures: number; endsInMs: number }> {
    const window = this.current(key);
    return window
      ? { failures: window.failures, endsInMs: window.endsAt - this.clock.now() }
      : { failures: 0, endsInMs: 0 };
  }

  async add(key: string): Promise<void> {
    const window = this.current(key);
    if (window) {
      window.failures++;
      return;
    }
    if (this.windows.size >= this.maxKeys) this.prune();
    this.windows.set(key, { failures: 1, endsAt: this.clock.now() + this.windowMs });
  }

  async clear(key: string): Promise<void> {
    this.windows.delete(key);
  }

  private current(key: string) {
    const window = this.windows.get(key);
    if (!window) return undefined;
    // A clock set back (the development clock) does not make a window last longer.
    const left = window.endsAt - this.clock.now();
    if (left <= 0 || left > this.windowMs) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private prune(): void {
    const now = this.clock.now();
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
    while (this.windows.size >= this.maxKeys) {
      const oldest = this.windows.keys().next().value;
      if (oldest === undefined) break;
      this.windows.delete(oldest);
    }
  }
}

/** Counts in Redis, shared by the nodes (keys expire with their window). */
export class RedisCounter implements Counter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly windowMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  async read(key: string): Promise<{ failures: number; endsInMs: number }> {
    try {
      const [[, failures], [, ttl]] = (await this.redis
        .multi()
        .get(this.name(key))
        .pttl(this.name(key))
        .exec()) as [[unknown, string | null], [unknown, number]];
      return { failures: Number(failures ?? 0), endsInMs: Math.max(0, ttl) };
    } catch (error) {
      this.unreachable(error);
      return { failures: 0, endsInMs: 0 };
    }
  }

  async add(key: string): Promise<void> {
    try {
      await this.redis
        .multi()
        .set(this.name(key), 0, 'PX', this.windowMs, 'NX')
        .incr(this.name(key))
        .exec();
    } catch (error) {
      this.unreachable(error);
    }
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(this.name(key)).catch((error: unknown) => this.unreachable(error));
  }

  private name(key: string): string {
    return `${this.prefix}:sign-in-failures:${key}`;
  }

  private unreachable(error: unknown): void {
    this.log.warn({ err: error }, 'Redis for sign-in failures is unreachable');
  }
}

/** This node's throttle: counted in Redis when the nodes share one, else in this process. */
export async function createSignInThrottle(
  limits: SignInThrottleLimits,
  shared: { redisUrl: string; prefix: string } | undefined,
  clock: Clock,
  log: FastifyBaseLogger,
): Promise<{ throttle: SignInThrottle; close(): void }> {
  if (!shared) {
    const counter = new MemoryCounter(clock, limits.windowMs);
    return { throttle: new SignInThrottle(limits, counter), close: () => undefined };
  }
  const { Redis } = await import('ioredis');
  const redis = new Redis(shared.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
  // Logged once per outage by the counter's calls; the client's own retries stay quiet.
  redis.on('error', () => undefined);
  const counter = new RedisCounter(redis, shared.prefix, limits.windowMs, log);
  return { throttle: new SignInThrottle(limits, counter), close: () => redis.disconnect() };
}
