/**
 * Builds the records API's services and the message center over one database: what
 * composition/records.ts puts into `app` for the records, `/sm`, `/asr` and `/message`
 * routes.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import type { Engines } from '../../engines/types.js';
import type { JobQueue } from '../../jobs/types.js';
import type { Clock } from '../../lib/clock.js';
import { MessageCenter } from '../../messages/message-center.js';
import { MessagesRepository } from '../../messages/messages-repository.js';
import type { MessageHub } from '../../realtime/message-hub.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { AccessRepository } from './access-repository.js';
import { AccessRequests } from './access-requests.js';
import { RecordTranscript } from './record-transcript.js';
import { RecordingLinks } from './recording-links.js';
import { RecordsRepository } from './records-repository.js';
import { RecordsService } from './records-service.js';
import { SUMMARY_JOB } from '../recording-names.js';
import { Summaries, type SummaryJobData } from './summaries.js';

export interface RecordsModule {
  messageCenter: MessageCenter;
  records: RecordsService;
  recordTranscript: RecordTranscript;
  accessRequests: AccessRequests;
  summaries: Summaries;
}

export function createRecordsModule(deps: {
  database: Database;
  clock: Clock;
  blobs: BlobStore;
  engines: Engines;
  hub: MessageHub;
  /** The key signing links to recording files (recording-links.ts, loadLinkKey). */
  linkKey: Buffer;
  jobs: () => JobQueue | undefined;
  log: FastifyBaseLogger;
}): RecordsModule {
  const { database, clock, log } = deps;
  const messageCenter = new MessageCenter(
    new MessagesRepository(database.db, clock),
    deps.hub,
    log,
  );
  const recordings = new RecordsRepository(database.db);
  const access = new AccessRepository(database.db);
  const recordTranscript = new RecordTranscript(recordings);
  const records = new RecordsService({
    records: recordings,
    access,
    transcript: recordTranscript,
    links: new RecordingLinks(deps.linkKey, clock),
    blobs: deps.blobs,
    clock,
    log,
  });
  return {
    messageCenter,
    records,
    recordTranscript,
    accessRequests: new AccessRequests({
      database,
      records,
      recordings,
      access,
      messages: messageCenter,
      clock,
    }),
    summaries: new Summaries({
      records,
      recordings,
      transcript: recordTranscript,
      engines: deps.engines,
      jobs: deps.jobs,
      clock,
      log,
    }),
  };
}

/** Works the records' jobs on this node (the queue decides whether this node works jobs). */
export async function workRecordsJobs(
  jobs: JobQueue,
  module: Pick<RecordsModule, 'summaries'>,
): Promise<void> {
  await jobs.work<SummaryJobData>(SUMMARY_JOB, (data, context) =>
    module.summaries.run(data, context),
  );
}
