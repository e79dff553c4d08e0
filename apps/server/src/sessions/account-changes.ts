/**
 * The one place that says an account changed: its user row (profile, password, plan, credits) or
 * its sessions (a logout, every sign-in ended). Repositories call it where they write; once the
 * write has committed, this node's session cache drops what it kept, and with REDIS_URL set every
 * other node's does too, through Redis pub/sub. While this node is not subscribed (Redis down,
 * still connecting) it keeps nothing, as it could miss another node's change.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { AfterCommit } from '../db/after-commit.js';
import type { SessionCache } from './session-cache.js';

const CHANNEL = 'meet:account-changes';

/** What goes over the channel: the node that saw the change, and a user id or a token hash. */
interface Notice {
  node: string;
  userId?: number;
  tokenHash?: string;
}

export class AccountChanges {
  private readonly node = randomUUID();
  private publisher: Redis | undefined;
  private subscriber: Redis | undefined;
  private subscribed: Promise<void> = Promise.resolve();

  constructor(
    private readonly cache: SessionCache,
    private readonly afterCommit: AfterCommit,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The user row changed, or every session of the user ended. */
  userChanged(userId: number): void {
    this.afterCommit(() => this.announce({ node: this.node, userId }));
  }

  /** One session ended (logout). */
  sessionEnded(tokenHash: string): void {
    this.afterCommit(() => this.announce({ node: this.node, tokenHash }));
  }

  /**
   * Shares changes with the other nodes through Redis. Returns at once; `whenShared` tells when
   * this node is first subscribed (until then it keeps nothing in its cache).
   */
  async connect(url: string): Promise<void> {
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
    this.subscribed = new Promise((resolve) => (first = resolve));
    // Each (re)connection: subscribe, then start keeping sessions again from empty, as notices
    // sent while the connection was down are lost.
    this.subscriber.on('ready', () => {
      this.subscriber!.subscribe(CHANNEL).then(
        () => {
          this.cache.reset(true);
          first();
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
    this.publisher?.publish(CHANNEL, JSON.stringify(notice)).catch((error: unknown) => {
      this.log.warn({ err: error }, 'an account change could not be shared with other nodes');
    });
  }

  private apply(notice: Notice): void {
    if (typeof notice.userId === 'number') this.cache.forgetUser(notice.userId);
    if (typeof notice.tokenHash === 'string') this.cache.forgetToken(notice.tokenHash);
  }
}
