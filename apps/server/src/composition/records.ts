/**
 * Recordings as the records API sees them (access, transcripts, AI minutes) and the message
 * center, with the hub that pushes its messages to users' `/message` sockets.
 */
import fp from 'fastify-plugin';
import { MessageHub } from '../realtime/message-hub.js';
import { createRecordsModule } from '../recordings/library/records-module.js';
import { loadSigningKey } from '../lib/signing-key.js';
import { provide } from '../services.js';
import type { AccessRequests } from '../recordings/library/access-requests.js';
import type { MessageCenter } from '../messages/message-center.js';
import type { RecordTranscript } from '../recordings/library/record-transcript.js';
import type { RecordsService } from '../recordings/library/records-service.js';
import type { Summaries } from '../recordings/library/summaries.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pushes notices to users' `/message` sockets (set once sockets are attached). */
    messages: MessageHub;
    /** The message center: messages stored per user and pushed live through `messages`. */
    messageCenter: MessageCenter;
    /** Recordings for the records API: who may open them, my list, rename, delete, sharing. */
    records: RecordsService;
    /** A recording's transcript with speakers' names, and the owner's edits of it. */
    recordTranscript: RecordTranscript;
    /** Requests to see someone's recording, and the owner's answers. */
    accessRequests: AccessRequests;
    /** AI minutes and chapters of recordings (`/sm/*`), and their `summary` job. */
    summaries: Summaries;
  }
}

export default fp(
  async (app) => {
    const { config, database, clock, blobs, engines, jobs } = app;
    const messages = new MessageHub();
    provide(app, {
      messages,
      ...createRecordsModule({
        database,
        clock,
        blobs,
        engines,
        hub: messages,
        linkKey: await loadSigningKey(config.recordingLinkSecret, config.dataDir),
        jobs: () => jobs,
        log: app.log,
      }),
    });
  },
  { name: 'records', dependencies: ['captions', 'jobs'] },
);
