/**
 * Background jobs (ARCHITECTURE.md, "jobs"): a PostgreSQL-backed queue (pg-boss) that survives a
 * restart, retries with backoff, and can be worked by another machine (ROLE=worker). Features
 * send jobs by name and register their handlers; the queue is the only thing that knows pg-boss.
 */

export interface JobOptions {
  /** Tries after the first failure (default 3), with exponential backoff. */
  retryLimit?: number;
  /** A job with the same key while one is queued or running is not queued twice. */
  singletonKey?: string;
  /** Seconds to wait before the job may start. */
  startAfterSeconds?: number;
}

export interface JobContext {
  /** The job's id in the queue. */
  id: string;
  /** 1 on the first try. */
  attempt: number;
  /** Tries after the first failure this job has (attempt > retryLimit: this is the last). */
  retryLimit: number;
  /**
   * Aborted when this node gives the job up (it is stopping, or the job's claim lapsed and the
   * queue handed it to someone else): stop working on it and write nothing more.
   */
  signal: AbortSignal;
}

export type JobHandler<T> = (data: T, context: JobContext) => Promise<void>;

export interface JobQueue {
  /** Queues a job; returns its id (null when a singleton was already queued). */
  send<T extends object>(name: string, data: T, options?: JobOptions): Promise<string | null>;
  /**
   * Works jobs of `name` on this node (only where ROLE allows working jobs); a handler that
   * throws fails the try, and the job is retried until its limit.
   */
  work<T extends object>(name: string, handler: JobHandler<T>): Promise<void>;
  /** Jobs waiting and running per queue this node has used (for the metrics). */
  depth(): Promise<{ queue: string; queued: number; active: number }[]>;
  stop(): Promise<void>;
}
