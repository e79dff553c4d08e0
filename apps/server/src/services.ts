/** What route handlers reach through `app.services`: repositories, mail, files, clock and config. */
import type { ConferenceService } from './conferences/conference-service.js';
import type { HostControl } from './conferences/host-control.js';
import type { WaitingRoomService } from './conferences/waiting-room-service.js';
import type { MessageHub } from './realtime/message-hub.js';
import type { LookupGuard } from './conferences/lookup-guard.js';
import type { PollService } from './polls/poll-service.js';
import type { ConferencesRepository } from './repositories/conferences-repository.js';
import type { JanusGateway } from './janus/janus-gateway.js';
import type { RoomManager } from './realtime/room-manager.js';
import type { RoomActivityRepository } from './repositories/room-activity-repository.js';
import type { Config } from './config/config.js';
import type { Database } from './db/database.js';
import type { Clock } from './lib/clock.js';
import type { Mailer } from './mail/mailer.js';
import type { EmailCodesRepository } from './repositories/email-codes-repository.js';
import type { SessionsRepository } from './repositories/sessions-repository.js';
import type { UsersRepository } from './repositories/users-repository.js';
import type { BlobStore } from './storage/blob-store.js';
import type { UserRow } from './db/schema/index.js';
import type { Language } from '@meet/shared';

export interface Services {
  config: Config;
  database: Database;
  clock: Clock;
  mailer: Mailer;
  blobs: BlobStore;
  users: UsersRepository;
  sessions: SessionsRepository;
  emailCodes: EmailCodesRepository;
  conferences: ConferencesRepository;
  activity: RoomActivityRepository;
  conferenceService: ConferenceService;
  /** conference/set and changeHost: who may, and each member's controls. */
  hostControl: HostControl;
  waitingRoom: WaitingRoomService;
  /** Pushes notices to users' `/message` sockets (set once sockets are attached). */
  messages: MessageHub;
  lookupGuard: LookupGuard;
  /** Polls: rules, and events for the sockets to pass on. */
  pollService: PollService;
  /** Absent when the media server is turned off (JANUS=off, API-only tests). */
  janus: JanusGateway | undefined;
  rooms: RoomManager | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
  interface FastifyRequest {
    user: UserRow | null;
    token: string | null;
    language: Language | null;
  }
}
