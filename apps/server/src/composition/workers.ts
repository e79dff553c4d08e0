/**
 * The job workers: recordings' composition and transcripts, records' minutes, Magic Cam's
 * publishing. They start (pg-boss, ~0.15 s of CPU) without holding up the server: queued jobs
 * wait in the database meanwhile.
 */
import fp from 'fastify-plugin';
import { workMagicJobs } from '../magic/magic-module.js';
import { workRecordingJobs } from '../recordings/compose/recording-jobs.js';
import { workRecordsJobs } from '../recordings/library/records-module.js';
import { rawRecordingsDir, recordingsWorkDir } from '../recordings/recording-names.js';

export default fp(
  async (app) => {
    const { config, database, blobs, engines, jobs, magic, messageCenter, summaries } = app;
    const working = (async () => {
      await workRecordsJobs(jobs, { summaries });
      await workMagicJobs(jobs, magic);
      await workRecordingJobs(jobs, {
        db: database.db,
        blobs,
        engines,
        messages: messageCenter,
        rawDir: rawRecordingsDir(config.dataDir),
        workRoot: recordingsWorkDir(config.dataDir),
        log: app.log,
      });
    })().catch((error: unknown) => app.log.error({ err: error }, 'job workers did not start'));
    // Before the queue stops (it closes after this plugin).
    app.addHook('onClose', () => working);
  },
  { name: 'workers', dependencies: ['records', 'magic', 'recording'] },
);
