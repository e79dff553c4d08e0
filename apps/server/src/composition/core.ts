/**
 * The first service plugin: the settings, the clock, the database, mail and stored files, which
 * every other part of the app is built on. It closes them last (Fastify closes plugins in the
 * reverse order of their registration).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { Config } from '../config/config.js';
import { openBackupSocket } from '../db/backup-socket.js';
import { openDatabase, type Database } from '../db/database.js';
import { OffsetClock, systemClock, type Clock } from '../lib/clock.js';
import { OutboxMailer, SmtpMailer, type Mailer } from '../mail/mailer.js';
import { provide } from '../services.js';
import { LocalBlobStore, type BlobStore } from '../storage/blob-store.js';
import { S3BlobStore } from '../storage/s3-blob-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    clock: Clock;
    mailer: Mailer;
    blobs: BlobStore;
  }
}

export interface CoreOptions {
  config: Config;
  clock?: Clock;
  /** An already-open database (tests), left open on close; otherwise one is opened here. */
  database?: Database;
}

export default fp<CoreOptions>(
  async (app, options) => {
    const { config } = options;
    // DEV_CLOCK=1 (development only): a clock /dev/clock can move forward.
    const clock = options.clock ?? (config.devClock ? new OffsetClock() : systemClock);
    const database =
      options.database ??
      (await openDatabase(
        config.databaseUrl
          ? { kind: 'postgres', url: config.databaseUrl }
          : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') },
      ));
    const mailer: Mailer = config.smtpUrl
      ? new SmtpMailer(config.smtpUrl, config.mailFrom)
      : new OutboxMailer(
          path.join(config.dataDir, 'mail'),
          app.log,
          () => clock.now(),
          config.env !== 'production',
        );
    await mkdir(path.join(config.dataDir, 'files'), { recursive: true });
    const blobs: BlobStore = config.s3
      ? await S3BlobStore.open(config.s3)
      : new LocalBlobStore(path.join(config.dataDir, 'files'));
    // The embedded database it opened is dumped by this process for `npm run backup`.
    const backupSocket =
      !options.database && database.pglite
        ? await openBackupSocket(config.dataDir, database.pglite, app.log)
        : undefined;
    // The rest is provided by the plugins that follow, each naming the ones it reads.
    provide(app, { config, clock, database, mailer, blobs });
    app.addHook('onClose', async () => {
      mailer.close();
      await backupSocket?.close();
      if (!options.database) await database.close();
    });
  },
  { name: 'core' },
);
