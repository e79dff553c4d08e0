/**
 * Cloud recording: starting and stopping a meeting's recording (this node's recorder of its
 * rooms comes with them: composition/media.ts). A recording left running by a meeting that
 * ended while the server was down is stopped and queued for composition here, at start-up.
 */
import fp from 'fastify-plugin';
import type { RecordingRelay } from '../cluster/cluster-setup.js';
import { CaptureRepository } from '../recordings/capture/capture-repository.js';
import { RecordingControl } from '../recordings/capture/recording-control.js';
import { provide } from '../services.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Starting and stopping meetings' cloud recordings. */
    recordingControl: RecordingControl;
  }
}

export interface RecordingOptions {
  /** With several nodes, recording commands go to whichever node holds the meeting's room. */
  relay: RecordingRelay;
}

export default fp<RecordingOptions>(
  async (app, options) => {
    const { config, database, clock, conferences, conferenceService, hostControl, jobs, rooms } =
      app;
    const capture = new CaptureRepository(database.db);
    const recordingControl = new RecordingControl({
      capture,
      conferences,
      service: conferenceService,
      hostControl,
      clock,
      jobs: () => jobs,
      media: () => (config.cluster ? options.relay : rooms?.recorder),
      log: app.log,
    });
    provide(app, { recordingControl });
    await recordingControl.recover();
  },
  { name: 'recording', dependencies: ['media', 'jobs'] },
);
