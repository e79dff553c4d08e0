/** The background job queue (pg-boss over the app's database). */
import fp from 'fastify-plugin';
import { DEFAULT_JOB_SETTINGS, PgBossQueue, type JobQueueSettings } from '../jobs/pg-boss-queue.js';
import { provide } from '../services.js';
import type { JobQueue } from '../jobs/types.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs (recording composition, transcripts, minutes) on pg-boss. */
    jobs: JobQueue;
  }
}

export interface JobsOptions {
  /** The queue's timings (tests shorten retries and lapses). */
  settings?: Partial<JobQueueSettings>;
}

export default fp<JobsOptions>(
  async (app, options) => {
    const { config, database } = app;
    const jobs = new PgBossQueue(
      database,
      {
        ...DEFAULT_JOB_SETTINGS,
        work: config.jobsWork,
        pollMs: config.jobPollMs,
        ...config.jobTiming,
        ...options.settings,
      },
      app.log,
    );
    app.addHook('onClose', () => jobs.stop());
    provide(app, { jobs });
  },
  { name: 'jobs', dependencies: ['core'] },
);
