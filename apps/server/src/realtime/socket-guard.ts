/**
 * Flood control shared by the socket namespaces: handshake limits per client address and per
 * account, every namespace's per-member budgets (pruned as members go quiet), and the refusal a
 * client reads as "too many requests, try again in N ms".
 */
import type { Socket } from 'socket.io';
import { ResultCode } from '@meet/shared';
import { isLoopback } from '../lib/net.js';
import { clientAddresses } from '../lib/client-address.js';
import { HandshakeLimits, MemberBudgets, SocketBudget, type Budgets } from './socket-budget.js';
import { HANDSHAKES_PER_ADDRESS, HANDSHAKES_PER_USER } from './socket-rates.js';
import type { Rate } from './token-buckets.js';

const PRUNE_EVERY_MS = 60_000;

/** The text a refusal carries besides its key (the client shows the key's text). */
export const RATE_LIMITED_TEXT = 'Too many requests, please try again later';

/** A handshake refused for now: the client waits `retryAfterMs` and tries again. */
export function rateLimitedHandshake(retryAfterMs: number): Error {
  return Object.assign(new Error(RATE_LIMITED_TEXT), {
    data: { code: ResultCode.failure, key: 'rateLimited', retryAfterMs },
  });
}

const UNLIMITED: Rate = { burst: Infinity, refillMs: Infinity };

/** Budgets that never refuse (flood control off). */
function unlimited<T extends string>(budgets: Budgets<T>): Budgets<T> {
  const perSocket = Object.fromEntries(
    Object.keys(budgets.perSocket).map((type) => [type, UNLIMITED]),
  ) as Record<T, Rate>;
  return { perSocket, perMember: {}, strikes: UNLIMITED, maxInFlight: Infinity };
}

export class SocketGuard {
  private readonly handshakes = new HandshakeLimits(HANDSHAKES_PER_ADDRESS, HANDSHAKES_PER_USER);
  private readonly members: MemberBudgets<string>[] = [];
  private readonly timer: NodeJS.Timeout;
  private readonly addressOf: ReturnType<typeof clientAddresses>;

  /**
   * `enabled` false turns flood control off: only for tests of something else that send far
   * more than a client would (the fuzz tests' hundreds of malformed requests on one socket).
   */
  constructor(
    trustProxy: boolean | number | string[],
    private readonly enabled = true,
  ) {
    this.addressOf = clientAddresses(trustProxy);
    this.timer = setInterval(() => this.prune(), PRUNE_EVERY_MS);
    this.timer.unref();
  }

  /** A namespace's per-member budgets, pruned with the rest. */
  memberBudgets<T extends string>(rates: Partial<Record<T, Rate>>): MemberBudgets<T> {
    const budgets = new MemberBudgets<T>(this.enabled ? rates : {});
    this.members.push(budgets as unknown as MemberBudgets<string>);
    return budgets;
  }

  /** A new socket's budget; its member's is counted under `memberKey` in `members`. */
  socketBudget<T extends string>(
    budgets: Budgets<T>,
    members: MemberBudgets<T>,
    memberKey: string,
  ): SocketBudget<T> {
    return new SocketBudget(this.enabled ? budgets : unlimited(budgets), {
      budgets: members,
      key: memberKey,
    });
  }

  /**
   * The refusal of a handshake from an address that opened too many sockets of `namespace`
   * lately, else undefined. This machine is exempt (a reverse proxy on it names the client).
   */
  checkAddress(namespace: string, socket: Socket): Error | undefined {
    if (!this.enabled) return undefined;
    const address = this.addressOf(socket.request);
    if (address === undefined || isLoopback(address)) return undefined;
    const wait = this.handshakes.address(namespace, address);
    return wait === 0 ? undefined : rateLimitedHandshake(wait);
  }

  /** The refusal of a handshake by an account that opened too many sockets lately, else undefined. */
  checkUser(namespace: string, userId: number | string): Error | undefined {
    if (!this.enabled) return undefined;
    const wait = this.handshakes.user(namespace, userId);
    return wait === 0 ? undefined : rateLimitedHandshake(wait);
  }

  private prune(): void {
    const now = Date.now();
    this.handshakes.prune(now);
    for (const budgets of this.members) budgets.prune(now);
  }

  close(): void {
    clearInterval(this.timer);
  }
}
