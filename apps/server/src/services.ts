/**
 * What route handlers reach through `app.services`: repositories, mail, files, clock and config.
 * Each part is built by one plugin of `composition/`, which names the plugins it reads from.
 */
import type { FastifyInstance } from 'fastify';
import type { ConferenceService } from './conferences/conference-service.js';
import type { HostControl } from './conferences/host-control.js';
import type { WaitingRoomService } from './conferences/waiting-room-service.js';
import type { MessageHub } from './realtime/message-hub.js';
import type { LookupGuard } from './conferences/lookup-guard.js';
import type { PollService } from './polls/poll-service.js';
import type { ConferencesRepository } from './conferences/conferences-repository.js';
import type { JanusGateway } from './janus/janus-gateway.js';
import type { Cluster } from './cluster/cluster-setup.js';
import type { RoomManager } from './realtime/room-manager.js';
import type { RoomActivityRepository } from './conferences/room-activity-repository.js';
import type { Config } from './config/config.js';
import type { Database } from './db/database.js';
import type { Clock } from './lib/clock.js';
import type { Mailer } from './mail/mailer.js';
import type { CodeStore } from './sign-in/code-store.js';
import type { SessionsRepository } from './sessions/sessions-repository.js';
import type { Passwords } from './lib/passwords.js';
import type { SignInThrottle } from './sign-in/sign-in-throttle.js';
import type { AccountChanges } from './sessions/account-changes.js';
import type { SignedInSockets } from './sessions/signed-in-sockets.js';
import type { UsersRepository } from './accounts/users-repository.js';
import type { CreditsRepository } from './payments/credits-repository.js';
import type { CaptionsService } from './captions/captions-service.js';
import type { CalendarService } from './calendars/calendar-service.js';
import type { CaptionsRepository } from './captions/captions-repository.js';
import type { Engines } from './engines/types.js';
import type { BlobStore } from './storage/blob-store.js';
import type { BillingService } from './payments/billing-service.js';
import type { SmsSender } from './sms/sms-sender.js';
import type { ScanLoginsRepository } from './sign-in/scan-logins-repository.js';
import type { GoogleSignIn } from './sign-in/google-sign-in.js';
import type { UserRow } from './db/schema/index.js';
import type { MessageCenter } from './messages/message-center.js';
import type { JobQueue } from './jobs/types.js';
import type { RecordingControl } from './recordings/capture/recording-control.js';
import type { RecordsService } from './recordings/library/records-service.js';
import type { RecordTranscript } from './recordings/library/record-transcript.js';
import type { AccessRequests } from './recordings/library/access-requests.js';
import type { Summaries } from './recordings/library/summaries.js';
import type { MagicModule } from './magic/magic-module.js';
import type { Drain } from './ops/drain.js';
import type { Server as SocketServer } from 'socket.io';
import type { EmailCodeType, Language } from '@meet/shared';

export interface Services {
  config: Config;
  database: Database;
  clock: Clock;
  mailer: Mailer;
  blobs: BlobStore;
  users: UsersRepository;
  /** AI-credit balances and the ledger: charges are atomic and never below zero. */
  credits: CreditsRepository;
  sessions: SessionsRepository;
  /** Password hashes: Argon2id, older scrypt ones still verified and replaced at sign-in. */
  passwords: Passwords;
  /** Wrong passwords counted per client address (and email): never a lock on the account. */
  signInThrottle: SignInThrottle;
  /** Announces changes to accounts and sessions (to every node with REDIS_URL) after commit. */
  accountChanges: AccountChanges;
  /** This node's sockets opened with a sign-in token: closed when that sign-in ends. */
  signedInSockets: SignedInSockets;
  emailCodes: CodeStore<EmailCodeType>;
  conferences: ConferencesRepository;
  activity: RoomActivityRepository;
  conferenceService: ConferenceService;
  /** conference/set and changeHost: who may, and each member's controls. */
  hostControl: HostControl;
  waitingRoom: WaitingRoomService;
  /** Pushes notices to users' `/message` sockets (set once sockets are attached). */
  messages: MessageHub;
  /** Background jobs (recording composition, transcripts, minutes) on pg-boss. */
  jobs: JobQueue;
  /** Starting and stopping meetings' cloud recordings. */
  recordingControl: RecordingControl;
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
  lookupGuard: LookupGuard;
  /** Speech recognition, translation and synthesis engines chosen by config. */
  engines: Engines;
  /** Captions, translation and interpretation: rules, and events for the live room. */
  captions: CaptionsService;
  /** Calendar events and each user's subscription feed. */
  calendars: CalendarService;
  /** The transcript lines and each member's speech settings. */
  captionsStore: CaptionsRepository;
  /** Polls: rules, and events for the sockets to pass on. */
  pollService: PollService;
  /** Pro subscriptions and card payments, through the configured provider. */
  billing: BillingService;
  /** Magic Cam: styles, publishing, and the metered sessions of the `/magic` socket. */
  magic: MagicModule;
  /** Text messages (sign-in codes). */
  sms: SmsSender;
  phoneCodes: CodeStore<'signIn'>;
  /** Sign-in by QR code. */
  scanLogins: ScanLoginsRepository;
  /** Sign-in with Google (OpenID Connect). */
  google: GoogleSignIn;
  /** Absent when the media server is turned off (JANUS=off, API-only tests). */
  janus: JanusGateway | undefined;
  rooms: RoomManager | undefined;
  /** socket.io on this node (absent on a worker); the metrics count its connections. */
  sockets: SocketServer | undefined;
  /** Set once SIGTERM came: /readyz fails and new meetings go elsewhere (ops/drain.ts). */
  drain: Drain;
  /** This node's place among several (ROLE, README "Many machines"); absent when it is alone. */
  cluster: Cluster | undefined;
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

/** Adds a plugin's part to `app.services`. */
export function provide<K extends keyof Services>(
  app: FastifyInstance,
  part: Pick<Services, K>,
): void {
  Object.assign(app.services, part);
}
