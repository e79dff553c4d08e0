/**
 * Recordings as the records API sees them (access, transcripts, AI minutes) and the message
 * center, with the hub that pushes its messages to users' `/message` sockets.
 */
import fp from 'fastify-plugin';
import { MessageHub } from '../realtime/message-hub.js';
import { createRecordsModule } from '../recordings/library/records-module.js';
import { loadLinkKey } from '../recordings/library/recording-links.js';
import { provide } from '../services.js';

export default fp(
  async (app) => {
    const { config, database, clock, blobs, engines, jobs } = app.services;
    const messages = new MessageHub();
    provide(app, {
      messages,
      ...createRecordsModule({
        database,
        clock,
        blobs,
        engines,
        hub: messages,
        linkKey: await loadLinkKey(config.recordingLinkSecret, config.dataDir),
        jobs: () => jobs,
        log: app.log,
      }),
    });
  },
  { name: 'records', dependencies: ['captions', 'jobs'] },
);
