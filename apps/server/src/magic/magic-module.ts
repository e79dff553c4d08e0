/**
 * Builds Magic Cam's services over one database: what composition/magic.ts puts into
 * `app.magic` for the `/api/magic` routes and the `/magic` socket, and the publish job's
 * worker.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { MagicConfig } from '../config/config.js';
import type { HostControl } from '../conferences/host-control.js';
import type { Database } from '../db/database.js';
import type { JobQueue } from '../jobs/types.js';
import type { Clock } from '../lib/clock.js';
import type { ConferencesRepository } from '../conferences/conferences-repository.js';
import type { CreditsRepository } from '../payments/credits-repository.js';
import type { BlobStore } from '../storage/blob-store.js';
import { MagicCam } from './magic-cam.js';
import { SessionsRepository } from './sessions-repository.js';
import { SettingsRepository } from './settings-repository.js';
import { MAGIC_PUBLISH_JOB, StyleService, type MagicPublishJobData } from './style-service.js';
import { StylesRepository } from './styles-repository.js';

export interface MagicModule {
  /** Templates, free styles, favourites, subscriptions and publishing. */
  styles: StyleService;
  /** Each user's current style and celebrity names. */
  settings: SettingsRepository;
  /** Metered sessions and their sockets. */
  cam: MagicCam;
}

export function createMagicModule(deps: {
  database: Database;
  clock: Clock;
  blobs: BlobStore;
  credits: CreditsRepository;
  hostControl: HostControl;
  conferences: ConferencesRepository;
  config: MagicConfig;
  jobs: () => JobQueue;
  log: FastifyBaseLogger;
}): MagicModule {
  const { database, clock, log } = deps;
  return {
    styles: new StyleService({
      styles: new StylesRepository(database.db, clock),
      blobs: deps.blobs,
      jobs: deps.jobs,
      log,
    }),
    settings: new SettingsRepository(database.db, clock),
    cam: new MagicCam({
      sessions: new SessionsRepository(database.db, clock),
      credits: deps.credits,
      hostControl: deps.hostControl,
      conferences: deps.conferences,
      clock,
      config: deps.config,
      log,
    }),
  };
}

/** Works the publish job on this node (the queue decides whether this node works jobs). */
export async function workMagicJobs(jobs: JobQueue, module: MagicModule): Promise<void> {
  await jobs.work<MagicPublishJobData>(MAGIC_PUBLISH_JOB, (data, context) =>
    module.styles.runPublish(data, context),
  );
}
