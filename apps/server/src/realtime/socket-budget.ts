/**
 * What one socket may send, so that one member cannot stall a node for everyone: a token bucket
 * per request type (sized for what a real client sends), the same per member over all their
 * connections, a cap on the requests of one socket being worked on at once, and a count of
 * refusals after which a socket that keeps flooding is cut off. Checked before a request does
 * any work, so a refused request costs next to nothing; malformed ones count as refusals.
 */
import { TokenBucket, TokenBuckets, type Rate } from './token-buckets.js';

export interface Budgets<T extends string> {
  /** Per request type: what one connection may send. */
  perSocket: Record<T, Rate>;
  /** Per request type: what one member may send over all their connections. */
  perMember: Partial<Record<T, Rate>>;
  /** Refusals a connection may collect before it is cut off. */
  strikes: Rate;
  /** Requests of one connection being worked on at once. */
  maxInFlight: number;
}

export type Verdict =
  | { ok: true }
  /** `retryAfterMs`: when the same request may go; `cutOff`: the socket has to go. */
  | { ok: false; retryAfterMs: number; cutOff: boolean };

/** How long a refused request is told to wait when only the in-flight cap refused it. */
const IN_FLIGHT_RETRY_MS = 100;

/** The per-member buckets of every member on this node, one set per request type. */
export class MemberBudgets<T extends string> {
  private readonly buckets = new Map<T, TokenBuckets>();

  constructor(rates: Partial<Record<T, Rate>>) {
    for (const [type, rate] of Object.entries(rates) as [T, Rate][])
      this.buckets.set(type, new TokenBuckets(rate.burst, rate.refillMs));
  }

  /** 0 when `member` may send one more `type` now (and it is counted); else how long to wait. */
  wait(type: T, member: string, now: number): number {
    return this.buckets.get(type)?.wait(member, now) ?? 0;
  }

  /** Forgets the members whose key starts with `prefix` (a meeting that closed on this node). */
  forget(prefix: string): void {
    for (const buckets of this.buckets.values()) buckets.forget(prefix);
  }

  /** Forgets the buckets that filled up again (members who went quiet). */
  prune(now = Date.now()): void {
    for (const buckets of this.buckets.values()) buckets.prune(now);
  }
}

export class SocketBudget<T extends string> {
  private readonly buckets = new Map<T, TokenBucket>();
  private readonly strikes: TokenBucket;
  private inFlight = 0;

  constructor(
    private readonly budgets: Budgets<T>,
    private readonly member?: { budgets: MemberBudgets<T>; key: string },
  ) {
    this.strikes = new TokenBucket(budgets.strikes);
  }

  /** The request type of a raw message, when it names one this budget knows. */
  typeOf(raw: unknown, field = 'type'): T | undefined {
    const type = (raw as Record<string, unknown> | null | undefined)?.[field];
    return typeof type === 'string' && Object.hasOwn(this.budgets.perSocket, type)
      ? (type as T)
      : undefined;
  }

  /**
   * Whether a request of this type may go ahead now. The socket's bucket is checked first, so a
   * socket refused on its own does not spend its member's tokens.
   */
  admit(type: T, now = Date.now()): Verdict {
    if (this.inFlight >= this.budgets.maxInFlight) return this.refused(IN_FLIGHT_RETRY_MS, now);
    let bucket = this.buckets.get(type);
    if (!bucket) {
      bucket = new TokenBucket(this.budgets.perSocket[type], now);
      this.buckets.set(type, bucket);
    }
    const wait = bucket.take(now) || (this.member?.budgets.wait(type, this.member.key, now) ?? 0);
    return wait === 0 ? { ok: true } : this.refused(wait, now);
  }

  /** A message that is no request at all (unknown type, malformed): counted as a refusal. */
  reject(now = Date.now()): boolean {
    return this.strikes.take(now) !== 0;
  }

  /** Counts `work` as in flight on this socket until it settles. */
  async run<R>(work: () => Promise<R>): Promise<R> {
    this.inFlight += 1;
    try {
      return await work();
    } finally {
      this.inFlight -= 1;
    }
  }

  private refused(retryAfterMs: number, now: number): Verdict {
    return { ok: false, retryAfterMs, cutOff: this.reject(now) };
  }
}

/**
 * Handshakes: each costs a token lookup and, on `/room`, takes a member's place from their
 * previous connection (the others are told), so they are limited per client address (this
 * machine exempt, as for API calls) and, once the token is known, per account.
 */
export class HandshakeLimits {
  private readonly byAddress: TokenBuckets;
  private readonly byUser: TokenBuckets;

  constructor(perAddress: Rate, perUser: Rate) {
    this.byAddress = new TokenBuckets(perAddress.burst, perAddress.refillMs);
    this.byUser = new TokenBuckets(perUser.burst, perUser.refillMs);
  }

  /** 0 when a handshake from `address` may go on; else how long to wait. */
  address(namespace: string, address: string | undefined, now = Date.now()): number {
    if (address === undefined) return 0;
    return this.byAddress.wait(`${namespace}:${address}`, now);
  }

  /** 0 when account `userId` may open one more socket of `namespace` now; else how long to wait. */
  user(namespace: string, userId: number | string, now = Date.now()): number {
    return this.byUser.wait(`${namespace}:${userId}`, now);
  }

  prune(now = Date.now()): void {
    this.byAddress.prune(now);
    this.byUser.prune(now);
  }
}
