/**
 * Builds the Fastify app: external plugins first, then the app's services, then routes,
 * with one error handler. The process entry (server.ts) and the tests both start here.
 */
import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { CLIENT_VERSION, ResultCode, findUnsafeText, formatMessage } from '@meet/shared';
import type { Config } from './config/config.js';
import { openDatabase, type Database } from './db/database.js';
import { AppError } from './lib/app-error.js';
import { requestLanguage } from './lib/language.js';
import { OffsetClock, systemClock, type Clock } from './lib/clock.js';
import { OutboxMailer, SmtpMailer, type Mailer } from './mail/mailer.js';
import { isMultipartRequest } from './plugins/uploads.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerRateLimits } from './plugins/rate-limits.js';
import { EmailCodesRepository } from './repositories/email-codes-repository.js';
import { SessionsRepository } from './repositories/sessions-repository.js';
import { UsersRepository } from './repositories/users-repository.js';
import { CreditsRepository } from './repositories/credits-repository.js';
import { AccountChanges } from './sessions/account-changes.js';
import { SessionCache } from './sessions/session-cache.js';
import systemRoutes from './routes/system.js';
import userRoutes from './routes/api/user/index.js';
import conferenceRoutes from './routes/api/conference/index.js';
import toolRoutes from './routes/api/tool.js';
import voteRoutes from './routes/api/vote/index.js';
import { PollService } from './polls/poll-service.js';
import { PollsRepository } from './repositories/polls-repository.js';
import { ConferenceService } from './conferences/conference-service.js';
import { HostControl } from './conferences/host-control.js';
import { LookupGuard } from './conferences/lookup-guard.js';
import { ConferencesRepository } from './repositories/conferences-repository.js';
import { RoomActivityRepository } from './repositories/room-activity-repository.js';
import { MemberControlsRepository } from './repositories/member-controls-repository.js';
import { JanusGateway } from './janus/janus-gateway.js';
import { RoomManager } from './realtime/room-manager.js';
import { attachSockets } from './realtime/socket-server.js';
import { MessageHub } from './realtime/message-hub.js';
import { wirePollNotices } from './realtime/poll-notices.js';
import { WaitingRoomService } from './conferences/waiting-room-service.js';
import webRoutes from './routes/web.js';
import captionsRoutes from './routes/api/captions.js';
import { calendarFileRoutes, calendarUserRoutes } from './routes/api/calendar.js';
import { CalendarService } from './calendars/calendar-service.js';
import { CaptionsService } from './captions/captions-service.js';
import { CaptionsRepository } from './repositories/captions-repository.js';
import { CaptionRelay } from './realtime/caption-relay.js';
import { createEngines } from './engines/registry.js';
import type { Services } from './services.js';
import { BillingService } from './payments/billing-service.js';
import type { PaymentProvider } from './payments/payment-provider.js';
import { StripeProvider } from './payments/stripe-provider.js';
import { SandboxProvider } from './payments/sandbox/sandbox-provider.js';
import sandboxRoutes from './payments/sandbox/sandbox-routes.js';
import benefitRoutes from './routes/api/benefit.js';
import frequencyRoutes from './routes/api/frequency.js';
import paymentRoutes from './routes/api/payment/index.js';
import phoneRoutes from './routes/api/user/phone.js';
import googleRoutes from './routes/api/user/google.js';
import scanRoutes from './routes/api/user/scan.js';
import devRoutes from './routes/dev.js';
import { BreakoutsRepository } from './repositories/breakouts-repository.js';
import { createSmsSender } from './sms/sms-sender.js';
import { PhoneCodesRepository } from './repositories/phone-codes-repository.js';
import { ScanLoginsRepository } from './repositories/scan-logins-repository.js';
import { GoogleSignIn } from './sign-in/google-sign-in.js';
import { LocalBlobStore, type BlobStore } from './storage/blob-store.js';
import { S3BlobStore } from './storage/s3-blob-store.js';
import { createRecordsModule, workRecordsJobs } from './records/records-module.js';
import { loadLinkKey } from './records/recording-links.js';
import { DEFAULT_JOB_SETTINGS, PgBossQueue, type JobQueueSettings } from './jobs/pg-boss-queue.js';
import { CaptureRepository } from './recording/capture-repository.js';
import { RecordingControl } from './recording/recording-control.js';
import { workRecordingJobs } from './recording/recording-jobs.js';
import { RoomRecorder } from './recording/room-recorder.js';
import recordRoutes from './routes/api/record/index.js';
import summaryRoutes from './routes/api/record/summary.js';
import asrRoutes from './routes/api/record/asr.js';
import messageRoutes from './routes/api/message/index.js';
import recordingFileRoutes from './routes/recording-files.js';
import reportRoutes from './routes/api/user/report.js';
import clientLogRoutes from './routes/api/client-log.js';
import virtualBackgroundRoutes from './routes/api/virtual/background.js';
import adminRoutes from './routes/admin.js';
import { RecordingRelay, clusterPrefix, joinCluster } from './cluster/cluster-setup.js';
import { createMagicModule, workMagicJobs } from './magic/magic-module.js';
import magicRoutes from './routes/api/magic/index.js';

export interface BuildOptions {
  config: Config;
  clock?: Clock;
  /** An already-open database (tests); otherwise one is opened from the config. */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
  /**
   * How often seats whose device never connected (or did not come back) are freed; 0 turns the
   * timer off (tests call ConferenceService.sweepSeats themselves, with a clock they move).
   */
  seatSweepMs?: number;
  /**
   * How often subscriptions are brought up to date (the sandbox's renewals and period ends, Pro
   * that ran out, yearly payers' monthly credits); 0 turns it off (tests call billing.tick).
   */
  billingTickMs?: number;
  /** The job queue's timings (tests shorten retries and lapses). */
  jobs?: Partial<JobQueueSettings>;
}

const BILLING_TICK_MS = 60_000;

const SEAT_SWEEP_MS = 5000;
const BREAKOUT_TICK_MS = 1000;

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  // DEV_CLOCK=1 (development only): a clock /dev/clock can move forward.
  const clock = options.clock ?? (config.devClock ? new OffsetClock() : systemClock);
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    // A number (hops) is accepted at run time though the type leaves it out.
    trustProxy: config.trustProxy as boolean | string | string[],
    // A URL Fastify cannot even route (bad percent-encoding, a lone surrogate) is still a
    // `{code, msg}` reply.
    frameworkErrors: (error, request, reply) => {
      request.log.debug({ err: error }, 'unroutable request');
      void (reply as FastifyReply).status(400).send({
        code: ResultCode.failure,
        msg: formatMessage('invalidRequest', requestLanguage(request), { detail: 'bad URL' }),
        payload: null,
      });
    },
    // Per-request lines only when debugging: at info level they would drown what matters.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await registerSecurityHeaders(app, { cluster: config.cluster });
  await app.register(formbody);
  app.decorateRequest('user', null);
  app.decorateRequest('token', null);
  app.decorateRequest('language', null);
  // First of the checks on a parsed request, so a flood of bad input is refused as what it is.
  app.addHook('preValidation', async (request) => {
    request.language = requestLanguage(request);
    // A call without a body is a call with no fields: optional ones take their defaults, and a
    // missing required one is named.
    if (request.method === 'POST' && request.body == null && !isMultipartRequest(request)) {
      request.body = {};
    }
    // NUL bytes and lone surrogates in any field, before a schema or the database sees them.
    for (const value of [request.body, request.query, request.params]) {
      const path = findUnsafeText(value);
      if (path !== null) throw AppError.badRequest('unsafeText', { field: path || 'body' });
    }
  });

  await registerRateLimits(
    app,
    config.limits,
    config.cluster && config.redisUrl
      ? { redisUrl: config.redisUrl, prefix: clusterPrefix(config.databaseUrl!) }
      : undefined,
  );
  await app.register(swagger, {
    openapi: {
      info: { title: 'Meet API', version: CLIENT_VERSION },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });

  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') },
    ));
  const ownsDatabase = !options.database;
  const mailer: Mailer = config.smtpUrl
    ? new SmtpMailer(config.smtpUrl, config.mailFrom)
    : new OutboxMailer(path.join(config.dataDir, 'mail'), app.log, () => clock.now());
  await mkdir(path.join(config.dataDir, 'files'), { recursive: true });

  const conferences = new ConferencesRepository(database.db, clock);
  const activity = new RoomActivityRepository(database.db, clock);
  const conferenceService = new ConferenceService(database, conferences, activity, clock);
  const hostControl = new HostControl(
    conferences,
    conferenceService,
    new MemberControlsRepository(database.db),
  );
  // Who a token belongs to is kept for a moment; every account change drops it, on every node.
  const sessionCache = new SessionCache();
  const accountChanges = new AccountChanges(sessionCache, database.afterCommit, app.log);
  if (config.redisUrl) await accountChanges.connect(config.redisUrl);
  const credits = new CreditsRepository(database.db, clock, accountChanges);
  const engines = await createEngines(config, app.log);
  const captionsStore = new CaptionsRepository(database.db, clock);
  const captions = new CaptionsService(conferences, hostControl, captionsStore, credits, engines);
  conferenceService.on('ended', (conferenceId) => captions.forget(conferenceId));
  const users = new UsersRepository(database.db, clock, accountChanges);
  const paymentProvider: PaymentProvider | undefined =
    config.payments.provider === 'stripe'
      ? new StripeProvider(config.payments)
      : config.payments.provider === 'sandbox'
        ? new SandboxProvider(database.db, clock, app.log)
        : undefined;
  const blobs: BlobStore = config.s3
    ? await S3BlobStore.open(config.s3)
    : new LocalBlobStore(path.join(config.dataDir, 'files'));
  const messageHub = new MessageHub();
  const recordsModule = createRecordsModule({
    database,
    clock,
    blobs,
    engines,
    hub: messageHub,
    linkKey: await loadLinkKey(config.recordingLinkSecret, config.dataDir),
    jobs: () => services.jobs,
    log: app.log,
  });
  const jobs = new PgBossQueue(
    database,
    {
      ...DEFAULT_JOB_SETTINGS,
      work: config.jobsWork,
      pollMs: config.jobPollMs,
      ...config.jobTiming,
      ...options.jobs,
    },
    app.log,
  );
  const capture = new CaptureRepository(database.db);
  // With several nodes, recording commands go to whichever node holds the meeting's room.
  const recordingRelay = new RecordingRelay(() => services.rooms?.recorder);
  const recordingControl = new RecordingControl({
    capture,
    conferences,
    service: conferenceService,
    hostControl,
    clock,
    jobs: () => services.jobs,
    media: () => (config.cluster ? recordingRelay : services.rooms?.recorder),
    log: app.log,
  });
  const services: Services = {
    config,
    database,
    jobs,
    recordingControl,
    clock,
    mailer,
    blobs,
    users,
    credits,
    engines,
    captions,
    captionsStore,
    calendars: new CalendarService(database.db, clock),
    sessions: new SessionsRepository(database.db, clock, sessionCache, accountChanges),
    accountChanges,
    emailCodes: new EmailCodesRepository(database.db, clock, {
      perEmailPerDay: config.limits.emailCodesPerEmailPerDay,
      perIpPerDay: config.limits.emailCodesPerIpPerDay,
    }),
    conferences,
    activity,
    conferenceService,
    hostControl,
    waitingRoom: new WaitingRoomService(conferenceService, hostControl, conferences, activity),
    messages: messageHub,
    ...recordsModule,
    lookupGuard: new LookupGuard(clock),
    pollService: new PollService(
      database,
      new PollsRepository(database.db, clock),
      conferences,
      clock,
    ),
    billing: new BillingService(database, credits, clock, paymentProvider, app.log, accountChanges),
    magic: createMagicModule({
      database,
      clock,
      blobs,
      credits,
      hostControl,
      conferences,
      config: config.magic,
      jobs: () => services.jobs,
      log: app.log,
    }),
    sms: createSmsSender(config.sms, config.dataDir, app.log, () => clock.now()),
    phoneCodes: new PhoneCodesRepository(database.db, clock, {
      perEmailPerDay: config.limits.emailCodesPerEmailPerDay,
      perIpPerDay: config.limits.emailCodesPerIpPerDay,
    }),
    scanLogins: new ScanLoginsRepository(database.db, clock),
    google: new GoogleSignIn(config.google, database, users, clock, app.log),
    janus: undefined,
    rooms: undefined,
    cluster: undefined,
  };
  app.decorate('services', services);
  const mediaRole = config.role === 'all' || config.role === 'media';
  if (config.janus.enabled && mediaRole) {
    const janus = new JanusGateway(
      {
        dataDir: config.dataDir,
        // Per port: nodes on one machine may share the data folder.
        confDir: path.join(config.dataDir, 'janus', String(config.port)),
        iceInterface: config.janus.iceInterface,
        rtpPortRange: config.janus.rtpPortRange,
        nat1to1: config.janus.nat1to1,
      },
      app.log,
    );
    await janus.start();
    services.janus = janus;
    const relay = new CaptionRelay(
      { gateway: janus, engines, store: captionsStore, credits, service: captions, log: app.log },
      captionsStore,
      app.log,
    );
    services.rooms = new RoomManager(
      janus,
      conferenceService,
      services.hostControl,
      activity,
      relay,
      new BreakoutsRepository(database.db),
      clock,
      app.log,
    );
    services.rooms.turn = config.turn;
    services.rooms.recorder = new RoomRecorder(
      capture,
      path.join(config.dataDir, 'recordings', 'raw'),
      clock,
      app.log,
    );
  }
  await recordingControl.recover();
  // The job workers start (pg-boss, ~0.15 s of CPU) without holding up the server: queued jobs
  // wait in the database meanwhile.
  const working = (async () => {
    await workRecordsJobs(jobs, recordsModule);
    await workMagicJobs(jobs, services.magic);
    await workRecordingJobs(jobs, {
      db: database.db,
      blobs,
      engines,
      messages: recordsModule.messageCenter,
      rawDir: path.join(config.dataDir, 'recordings', 'raw'),
      workRoot: path.join(config.dataDir, 'recordings', 'work'),
      log: app.log,
    });
  })().catch((error: unknown) => app.log.error({ err: error }, 'job workers did not start'));
  if (config.cluster && config.role !== 'worker') {
    // A dead node's members get the grace when the cluster finds it gone (this node's own
    // previous life included).
    const port = () => (app.server.address() as AddressInfo | null)?.port ?? config.port;
    const cluster = await joinCluster(config, services, recordingRelay, port, app.log);
    services.cluster = cluster;
    app.addHook('onListen', () => cluster.nodes.start());
  } else {
    // No socket survives a restart: members get the connect grace to come back, then lose the
    // seat.
    const waiting = await conferenceService.resetRoomConnections();
    if (waiting > 0) app.log.info({ members: waiting }, 'members have a grace period to reconnect');
  }
  const seatSweepMs = options.seatSweepMs ?? SEAT_SWEEP_MS;
  const sweep =
    seatSweepMs > 0
      ? setInterval(() => {
          conferenceService.sweepSeats().catch((error: unknown) => {
            app.log.error({ err: error }, 'seat sweep failed');
          });
        }, seatSweepMs).unref()
      : undefined;

  const billingTickMs = options.billingTickMs ?? BILLING_TICK_MS;
  const billingTick =
    billingTickMs > 0
      ? setInterval(() => {
          services.billing.tick().catch((error: unknown) => {
            app.log.error({ err: error }, 'subscription check failed');
          });
        }, billingTickMs).unref()
      : undefined;

  // Breakout rooms' timers and countdowns (read from the clock: a restart keeps them).
  const breakoutTick = services.rooms
    ? setInterval(() => void services.rooms?.tickBreakouts(), BREAKOUT_TICK_MS).unref()
    : undefined;

  const sockets = await attachSockets(
    app,
    services.rooms,
    config.cluster && config.redisUrl
      ? { redisUrl: config.redisUrl, key: clusterPrefix(config.databaseUrl!) }
      : undefined,
  );
  wirePollNotices(services.pollService, services.rooms, services.messages, app.log);
  app.addHook('preClose', async () => {
    // Out of the cluster first, so members who lose their socket here are sent elsewhere.
    await services.cluster?.close();
    await sockets.close();
  });

  app.addHook('onClose', async () => {
    await working;
    await jobs.stop();
    await services.magic.cam.close();
    clearInterval(sweep);
    clearInterval(breakoutTick);
    clearInterval(billingTick);
    await services.rooms?.close();
    await services.janus?.stop();
    await engines.close();
    accountChanges.close();
    mailer.close();
    if (ownsDatabase) await database.close();
  });

  await app.register(systemRoutes);
  // A worker only works jobs; it answers /healthz and nothing else.
  if (config.role === 'worker') return app;
  await app.register(userRoutes, { prefix: '/api/user' });
  await app.register(conferenceRoutes, { prefix: '/api/conference' });
  await app.register(voteRoutes, { prefix: '/api/vote' });
  await app.register(toolRoutes, { prefix: '/api' });
  await app.register(captionsRoutes, { prefix: '/api' });
  await app.register(calendarUserRoutes, { prefix: '/api/user' });
  await app.register(calendarFileRoutes);
  await app.register(phoneRoutes, { prefix: '/api' });
  await app.register(googleRoutes, { prefix: '/api/user' });
  await app.register(scanRoutes, { prefix: '/api/user' });
  await app.register(benefitRoutes, { prefix: '/api/benefit' });
  await app.register(paymentRoutes, { prefix: '/api/payment/stripe' });
  await app.register(frequencyRoutes, { prefix: '/api/frequency' });
  await app.register(sandboxRoutes);
  await app.register(recordRoutes, { prefix: '/api/record' });
  await app.register(summaryRoutes, { prefix: '/api/sm' });
  await app.register(asrRoutes, { prefix: '/api/asr' });
  await app.register(messageRoutes, { prefix: '/api/message' });
  await app.register(recordingFileRoutes);
  await app.register(reportRoutes, { prefix: '/api/user' });
  await app.register(clientLogRoutes, { prefix: '/api/client-log' });
  await app.register(virtualBackgroundRoutes, { prefix: '/api/virtual/background' });
  await app.register(magicRoutes, { prefix: '/api/magic' });
  await app.register(adminRoutes, { prefix: '/admin' });
  await app.register(devRoutes);
  await app.register(webRoutes);
  return app;
}
