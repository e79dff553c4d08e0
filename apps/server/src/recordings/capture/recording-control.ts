/**
 * Starting and stopping a meeting's cloud recording (`conference/startRecord|stopRecord`):
 * who may (the host; video for Pro; room left in the owner's storage; someone in the room), the
 * recording's row — the one owner of the meeting's `recordStatus`, which every member is told of
 * when it starts or stops — and the composition job once it stops.
 * Ending the meeting stops its recording; a recording left running by a meeting that ended
 * while the server was down is stopped at start-up.
 */
import { CONFERENCE_STATUS, type RecordLayout, type RecordType } from '@meet/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { ConferenceService } from '../../conferences/conference-service.js';
import type { HostControl } from '../../conferences/host-control.js';
import type { ConferenceRow, RecordingRow, UserRow } from '../../db/schema/index.js';
import type { JobQueue } from '../../jobs/types.js';
import { isUniqueViolation } from '../../db/db-errors.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { entitlementsOf } from '../../payments/entitlements.js';
import type { ConferencesRepository } from '../../conferences/conferences-repository.js';
import type { CaptureRepository } from './capture-repository.js';
import { COMPOSE_JOB } from '../recording-names.js';

/** What the compose job (recording-jobs.ts) is given. */
export interface ComposeJobData {
  recordingId: number;
}

/** What the media side does when a recording starts and stops (RoomRecorder on this node). */
export interface RecordingMedia {
  started(conferenceId: string, recording: RecordingRow): Promise<void>;
  stopped(conferenceId: string): Promise<void>;
}

export interface RecordingControlDeps {
  capture: CaptureRepository;
  conferences: ConferencesRepository;
  service: ConferenceService;
  hostControl: HostControl;
  clock: Clock;
  jobs: () => JobQueue | undefined;
  /** The media side, when this node has a media server. */
  media: () => RecordingMedia | undefined;
  log: FastifyBaseLogger;
}

export class RecordingControl {
  constructor(private readonly deps: RecordingControlDeps) {
    deps.service.on('ended', (conferenceId) => {
      void this.stopFor(conferenceId).catch((error: unknown) =>
        deps.log.error(
          { err: error, conferenceId },
          'stopping the recording of an ended meeting failed',
        ),
      );
    });
  }

  private async hostMeeting(caller: UserRow, conferenceUri: string): Promise<ConferenceRow> {
    const conf = await this.deps.hostControl.find({ conferenceUri });
    if (conf.status === CONFERENCE_STATUS.finished) throw AppError.meetingOver();
    if (conf.hostId !== caller.id) throw AppError.forbidden('hostOnly');
    return conf;
  }

  async start(
    caller: UserRow,
    request: { conferenceUri: string; recordType: RecordType; layout: RecordLayout },
  ): Promise<RecordingRow> {
    const conf = await this.hostMeeting(caller, request.conferenceUri);
    const media = this.deps.media();
    if (!media) throw AppError.unavailable('recordingNeedsMedia');
    const now = this.deps.clock.now();
    const plan = entitlementsOf(caller, now);
    if (request.recordType === 'video' && !plan.videoRecording)
      throw AppError.forbidden('videoRecordPro');
    if ((await this.deps.capture.usedBytes(caller.id)) >= plan.storageBytes)
      throw AppError.unavailable('storageDepleted');
    if (await this.deps.capture.running(conf.id)) throw AppError.unavailable('alreadyRecording');
    // A recording of an empty room records nothing, and its meeting, never joined, would be
    // swept away under it: someone has to be in the room (its socket connected) first.
    const present = await this.deps.conferences.activeMembers(conf.id);
    if (!present.some((m) => m.roomConnected)) throw AppError.unavailable('recordingEmptyRoom');
    const recording = await this.deps.capture
      .create({
        conferenceId: conf.id,
        ownerId: caller.id,
        name: conf.topic,
        recordType: request.recordType,
        layout: request.layout,
        startedAt: now,
      })
      .catch(async (error: unknown) => {
        // Another start made the meeting's one running recording first (recordings_running_uq).
        if (isUniqueViolation(error) && (await this.deps.capture.running(conf.id)))
          throw AppError.unavailable('alreadyRecording');
        throw error;
      });
    await this.deps.service.refreshProperties(conf);
    await media.started(conf.conferenceId, recording);
    return recording;
  }

  async stop(caller: UserRow, conferenceUri: string): Promise<void> {
    const conf = await this.hostMeeting(caller, conferenceUri);
    const recording = await this.deps.capture.running(conf.id);
    if (!recording) throw AppError.unavailable('notRecording');
    await this.finish(conf, recording);
  }

  /** The meeting ended: its recording (if any) stops and is processed. */
  private async stopFor(conferenceId: string): Promise<void> {
    const conf = await this.deps.service.get(conferenceId);
    const recording = await this.deps.capture.running(conf.id);
    if (recording) await this.finish(conf, recording);
  }

  private async finish(conf: ConferenceRow, recording: RecordingRow): Promise<void> {
    await this.deps
      .media()
      ?.stopped(conf.conferenceId)
      .catch((error: unknown) =>
        this.deps.log.warn({ err: error }, 'stopping janus recording failed'),
      );
    if (!(await this.deps.capture.stop(recording.id, this.deps.clock.now()))) return;
    await this.deps.service.refreshProperties(conf);
    await this.queue(recording.id);
  }

  private async queue(recordingId: number): Promise<void> {
    const jobs = this.deps.jobs();
    if (!jobs) throw new Error('no job queue on this node');
    await jobs.send<ComposeJobData>(
      COMPOSE_JOB,
      { recordingId },
      { singletonKey: `compose-${recordingId}` },
    );
  }

  /** At start-up: recordings whose meeting ended meanwhile are stopped and processed. */
  async recover(): Promise<void> {
    for (const recording of await this.deps.capture.allRunning()) {
      const conf = await this.deps.conferences.byId(recording.conferenceId);
      if (conf && conf.status !== CONFERENCE_STATUS.finished) continue;
      if (await this.deps.capture.stop(recording.id, this.deps.clock.now())) {
        if (conf) await this.deps.service.refreshProperties(conf);
        await this.queue(recording.id);
      }
    }
  }
}
