/**
 * The job queue on pg-boss, in the app's own database: on PGlite through pg-boss's PGlite
 * adapter (the same embedded instance the app uses), on PostgreSQL through its own small pool.
 * Every queue is `exclusive` per key (a job whose key is queued or running is not queued again),
 * retries with exponential backoff, and keeps a heartbeat while a handler runs: a job whose
 * process died is failed by the next monitor pass after the heartbeat lapses and retried by
 * whichever node works that queue. Stopping waits a little for running handlers, then fails
 * their jobs (so another start picks them up at once) and aborts their signals.
 */
import { randomUUID } from 'node:crypto';
import { userInfo } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { ConstructorOptions, Job, PgBoss } from 'pg-boss';
import type { Database } from '../db/database.js';
import type { JobHandler, JobOptions, JobQueue } from './types.js';
import { publishOps } from '../ops/ops-events.js';

export interface JobQueueSettings {
  /** This node works jobs (ROLE all or worker); otherwise it only sends them. */
  work: boolean;
  /** How often an idle worker looks for a job (at least 500 ms). */
  pollMs: number;
  /** How often lapsed jobs (heartbeat or expiry) are failed for retry, in seconds (≥ 1). */
  monitorSeconds: number;
  /** A running job's heartbeat; 0: none, the job only lapses after `expireSeconds`. (≥ 10) */
  heartbeatSeconds: number;
  /** The longest a job may run. */
  expireSeconds: number;
  /** First retry delay, doubled (with jitter) each further try. */
  retryDelaySeconds: number;
  /** How long stopping waits for running handlers before giving their jobs up. */
  stopTimeoutMs: number;
}

export const DEFAULT_JOB_SETTINGS: JobQueueSettings = {
  work: true,
  pollMs: 2000,
  monitorSeconds: 15,
  heartbeatSeconds: 30,
  expireSeconds: 6 * 60 * 60,
  retryDelaySeconds: 30,
  stopTimeoutMs: 10_000,
};

const DEFAULT_RETRY_LIMIT = 3;

/** node-postgres needs the user in the URL; without one, the one postgres.js would use. */
function withUser(url: string): string {
  const parsed = new URL(url);
  if (!parsed.username && !process.env.PGUSER) parsed.username = userInfo().username;
  return parsed.toString();
}

export class PgBossQueue implements JobQueue {
  private readonly queues = new Map<string, Promise<void>>();
  private readonly running = new Set<AbortController>();
  /** pg-boss, loaded and started on first use rather than with the server (~0.1 s of CPU). */
  private started: Promise<PgBoss> | undefined;
  private stopped = false;

  constructor(
    private readonly database: Database,
    private readonly settings: JobQueueSettings,
    private readonly log: FastifyBaseLogger,
  ) {
    if (database.kind === 'pglite' && !database.pglite) {
      throw new Error('the job queue needs the PGlite instance');
    }
    if (database.kind === 'postgres' && !database.url) {
      throw new Error('the job queue needs the database URL');
    }
  }

  /** Creates pg-boss's tables when they are missing and starts its supervisor. */
  async start(): Promise<void> {
    await this.boss();
  }

  private boss(): Promise<PgBoss> {
    this.started ??= this.open();
    return this.started;
  }

  private async open(): Promise<PgBoss> {
    const { PgBoss, fromPglite } = await import('pg-boss');
    const { settings, database } = this;
    const common: ConstructorOptions = {
      schedule: false,
      supervise: settings.work,
      monitorIntervalSeconds: settings.monitorSeconds,
      superviseIntervalSeconds: settings.monitorSeconds,
      instanceName: settings.work ? 'worker' : 'api',
    };
    const boss =
      database.kind === 'pglite'
        ? new PgBoss({ ...common, db: fromPglite(database.pglite!), backend: 'pglite' })
        : new PgBoss({ ...common, connectionString: withUser(database.url!), max: 4 });
    boss.on('error', (error: Error) => this.log.error({ err: error }, 'job queue error'));
    await boss.start();
    return boss;
  }

  /** What every job gets (also set per job, so a changed setting reaches an existing queue). */
  private get jobOptions() {
    return {
      retryLimit: DEFAULT_RETRY_LIMIT,
      retryDelay: this.settings.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: this.settings.expireSeconds,
      ...(this.settings.heartbeatSeconds > 0
        ? { heartbeatSeconds: this.settings.heartbeatSeconds }
        : {}),
    };
  }

  private queue(name: string): Promise<void> {
    let ready = this.queues.get(name);
    if (!ready) {
      ready = this.boss().then(async (boss) => {
        if (!(await boss.getQueue(name))) {
          await boss.createQueue(name, { policy: 'exclusive', ...this.jobOptions });
        }
      });
      ready.catch(() => this.queues.delete(name));
      this.queues.set(name, ready);
    }
    return ready;
  }

  async send<T extends object>(
    name: string,
    data: T,
    options: JobOptions = {},
  ): Promise<string | null> {
    if (this.stopped) throw new Error('the job queue is stopped');
    await this.queue(name);
    return (await this.boss()).send(name, data, {
      ...this.jobOptions,
      // Exclusive queues treat jobs without a key as one; a job of its own gets a key of its own.
      singletonKey: options.singletonKey ?? randomUUID(),
      ...(options.retryLimit !== undefined ? { retryLimit: options.retryLimit } : {}),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
    });
  }

  async work<T extends object>(name: string, handler: JobHandler<T>): Promise<void> {
    if (!this.settings.work) return;
    if (this.stopped) throw new Error('the job queue is stopped');
    await this.queue(name);
    await (
      await this.boss()
    ).work<T>(
      name,
      { pollingIntervalSeconds: this.settings.pollMs / 1000, includeMetadata: true },
      async ([job]) => {
        if (job) await this.run(name, job, handler);
      },
    );
  }

  private async run<T extends object>(
    name: string,
    job: Job<T> & { retryLimit?: number },
    handler: JobHandler<T>,
  ): Promise<void> {
    // One signal for both ways of losing the job: pg-boss's (claim lapsed, shutdown) and ours.
    const abort = new AbortController();
    const onAbort = () => abort.abort(job.signal.reason);
    job.signal.addEventListener('abort', onAbort, { once: true });
    this.running.add(abort);
    const attempt = job.retryCount + 1;
    try {
      await handler(job.data, {
        id: job.id,
        attempt,
        retryLimit: job.retryLimit ?? DEFAULT_RETRY_LIMIT,
        signal: abort.signal,
      });
    } catch (error) {
      if (!abort.signal.aborted) {
        this.log.warn({ err: error, job: job.id, queue: name, attempt }, 'job failed');
        publishOps('jobFailed', { queue: name });
      }
      throw error;
    } finally {
      job.signal.removeEventListener('abort', onAbort);
      this.running.delete(abort);
    }
  }

  /**
   * Jobs waiting and running in each queue this node has used (the metrics read it); nothing
   * before the queue has started here, so a scrape never starts it.
   */
  async depth(): Promise<{ queue: string; queued: number; active: number }[]> {
    if (!this.started || this.stopped || this.queues.size === 0) return [];
    const boss = await this.started;
    const queues = await boss.getQueues([...this.queues.keys()]);
    return queues.map((q) => ({ queue: q.name, queued: q.queuedCount, active: q.activeCount }));
  }

  /** Waits a little for running jobs, then gives them up for another start to pick up. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (!this.started) return;
    const boss = await this.started.catch(() => undefined);
    if (!boss) return;
    const grace = setTimeout(() => {
      for (const abort of this.running) abort.abort(new Error('the job queue is stopping'));
    }, this.settings.stopTimeoutMs);
    try {
      await boss.stop({
        graceful: true,
        timeout: Math.max(1000, this.settings.stopTimeoutMs),
      });
    } finally {
      clearTimeout(grace);
    }
  }
}
