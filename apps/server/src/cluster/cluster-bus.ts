/**
 * What one node's services announce, heard on every node (Redis pub/sub). A host command that
 * reaches an api node changes the database there and is announced there; the media node holding
 * the meeting hears the same event from its own copy of the service and applies it to the room.
 * Listeners act only where they have something to act on (the room, a cache), so each event
 * runs everywhere.
 */
import type { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

interface Envelope {
  node: string;
  source: string;
  event: string;
  args: unknown[];
}

export class ClusterBus {
  private readonly sources = new Map<string, (event: string, args: unknown[]) => void>();
  private publisher: Redis | undefined;
  private subscriber: Redis | undefined;

  constructor(
    private readonly nodeId: string,
    private readonly channel: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async connect(url: string): Promise<void> {
    const { Redis } = await import('ioredis');
    this.publisher = new Redis(url, { maxRetriesPerRequest: 3 });
    this.subscriber = new Redis(url);
    for (const client of [this.publisher, this.subscriber]) {
      let down = false;
      client.on('error', (error: Error) => {
        if (!down) this.log.warn({ err: error }, 'Redis for cluster events is unreachable');
        down = true;
      });
      client.on('ready', () => (down = false));
    }
    this.subscriber.on('message', (_channel: string, text: string) => this.receive(text));
    await this.subscriber.subscribe(this.channel);
  }

  /**
   * Forwards these events of `emitter` to the other nodes, where their own `emitter` of the same
   * `source` name emits them again (and does not send them back).
   */
  relay<T extends Record<keyof T, unknown[]>>(
    source: string,
    emitter: EventEmitter<T>,
    events: (keyof T & string)[],
  ): void {
    let replaying = false;
    const untyped = emitter as unknown as EventEmitter;
    for (const event of events) {
      untyped.on(event, (...args: unknown[]) => {
        if (!replaying) this.publish({ node: this.nodeId, source, event, args });
      });
    }
    this.sources.set(source, (event, args) => {
      replaying = true;
      try {
        untyped.emit(event, ...args);
      } catch (error) {
        this.log.error({ err: error, source, event }, 'a cluster event failed here');
      } finally {
        replaying = false;
      }
    });
  }

  close(): void {
    this.publisher?.disconnect();
    this.subscriber?.disconnect();
    this.publisher = this.subscriber = undefined;
  }

  private publish(envelope: Envelope): void {
    this.publisher?.publish(this.channel, JSON.stringify(envelope)).catch((error: unknown) => {
      this.log.warn(
        { err: error, event: envelope.event },
        'an event did not reach the other nodes',
      );
    });
  }

  private receive(text: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      return;
    }
    if (envelope.node === this.nodeId || !Array.isArray(envelope.args)) return;
    this.sources.get(envelope.source)?.(envelope.event, envelope.args);
  }
}
