/**
 * The one place that says an account changed: its user row (profile, password, plan, credits) or
 * its sessions (a logout, every sign-in ended). Repositories call it where they write; once the
 * write has committed, this node's session cache drops what it kept, and with REDIS_URL set every
 * other node's does too, through Redis pub/sub. While this node is not subscribed (Redis down,
 * still connecting) it keeps nothing, as it could miss another node's change.
 *
 * An ended sign-in is also told as a `signedOut` event on every node, so the sockets opened with
 * it there (which checked the token once, when they connected) are closed at once.
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { SIGN_OUT_KEYS, type SignOutKey } from '@meet/shared';
import type { AfterCommit } from '../db/after-commit.js';
import type { SessionCache } from './session-cache.js';

/**
 * What goes over the channel: the node that saw the change, and a user id or a token hash;
 * `signedOut` when sign-ins ended (that token's, or all of the user's), with the reason.
 */
interface Notice {
  node: string;
  userId?: number;
  tokenHash?: string;
  signedOut?: SignOutKey;
}

/** Sign-ins that ended: one token's (by its hash) or every one of a user's. */
export type SignOut =
  | { tokenHash: string; userId?: undefined; reason: SignOutKey }
  | { userId: number; tokenHash?: undefined; reason: SignOutKey };

interface AccountChangeEvents {
  signedOut: [SignOut];
  /**
   * Subscribed again after the connection to Redis was lost: sign-outs announced meanwhile were
   * not heard here, so what they would have closed must be checked.
   */
  resubscribed: [];
}

export class AccountChanges extends EventEmitter<AccountChangeEvents> {
  private readonly node = randomUUID();
  private publisher: Redis | undefined;
  private subscriber: Redis | undefined;
  private subscribed: Promise<void> = Promise.resolve();
  private channel = '';

  constructor(
    private readonly cache: SessionCache,
    private readonly afterCommit: AfterCommit,
    private readonly log: FastifyBaseLogger,
  ) {
    super();
  }

  /** The user row changed. */
  userChanged(userId: number): void {
    this.afterCommit(() => this.announce({ node: this.node, userId }));
  }

  /** Every session of the user ended (a password reset): their row may have changed too. */
  allSessionsEnded(userId: number, reason: SignOutKey): void {
    this.afterCommit(() => this.announce({ node: this.node, userId, signedOut: reason }));
  }

  /** One session ended (logout). */
  sessionEnded(tokenHash: string): void {
    this.afterCommit(() => this.announce({ node: this.node, tokenHash, signedOut: 'signedOut' }));
  }

  /**
   * Shares changes with the other nodes through Redis, on a channel of their own (nodes of
   * another database on the same Redis must not hear them: user ids mean other people there).
   * Returns at once; `whenShared` tells when this node is first subscribed (until then it keeps
   * nothing in its cache).
   */
  async connect(url: string, channel: string): Promise<void> {
    this.channel = channel;
    const { Redis } = await import('ioredis');
    this.cache.reset(false);
    this.publisher = new Redis(url, { maxRetriesPerRequest: 3 });
    this.subscriber = new Redis(url, { autoResubscribe: false });
    for (const [client, role] of [
      [this.publisher, 'publisher'],
      [this.subscriber, 'subscriber'],
    ] as const) {
      // Once per outage, not at every retry.
      let down = false;
      client.on('error', (error: Error) => {
        if (!down) this.log.warn({ err: error, role }, 'Redis for account changes is unreachable');
        down = true;
      });
      client.on('ready', () => (down = false));
    }
    let first: () => void;
    let subscribedBefore = false;
    this.subscribed = new Promise((resolve) => (first = resolve));
    // Each (re)connection: subscribe, then start keeping sessions again from empty, as notices
    // sent while the connection was down are lost.
    this.subscriber.on('ready', () => {
      // Closed meanwhile (a shutdown while the connection came up): nothing to subscribe.
      if (!this.subscriber) return;
      this.subscriber.subscribe(channel).then(
        () => {
          this.cache.reset(true);
          first();
          if (subscribedBefore) this.emit('resubscribed');
          subscribedBefore = true;
        },
        (error: unknown) => this.log.warn({ err: error }, 'Redis subscribe failed'),
      );
    });
    this.subscriber.on('close', () => this.cache.reset(false));
    this.subscriber.on('message', (_channel: string, text: string) => {
      let notice: Notice;
      try {
        notice = JSON.parse(text) as Notice;
      } catch {
        return;
      }
      if (notice.node !== this.node) this.apply(notice);
    });
  }

  /** Resolves once this node hears other nodes' changes (at once without Redis). */
  whenShared(): Promise<void> {
    return this.subscribed;
  }

  close(): void {
    this.publisher?.disconnect();
    this.subscriber?.disconnect();
    this.publisher = this.subscriber = undefined;
  }

  private announce(notice: Notice): void {
    this.apply(notice);
    this.publisher?.publish(this.channel, JSON.stringify(notice)).catch((error: unknown) => {
      this.log.warn({ err: error }, 'an account change could not be shared with other nodes');
    });
  }

  private apply(notice: Notice): void {
    const { userId, tokenHash, signedOut } = notice;
    if (typeof userId === 'number') this.cache.forgetUser(userId);
    if (typeof tokenHash === 'string') this.cache.forgetToken(tokenHash);
    if (signedOut === undefined || !SIGN_OUT_KEYS.includes(signedOut)) return;
    const event: SignOut | undefined =
      typeof tokenHash === 'string'
        ? { tokenHash, reason: signedOut }
        : typeof userId === 'number'
          ? { userId, reason: signedOut }
          : undefined;
    if (!event) return;
    // A listener's fault must not stop the others, nor the notice's caller.
    for (const listener of this.listeners('signedOut')) {
      try {
        listener(event);
      } catch (error) {
        this.log.error({ err: error }, 'closing what a sign-out ended failed');
      }
    }
  }
}
