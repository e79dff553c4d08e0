/**
 * Builds the Fastify app: external plugins first, then the app's services, then routes,
 * with one error handler. The process entry (server.ts) and the tests both start here.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { CLIENT_VERSION } from '@meet/shared';
import type { Config } from './config/config.js';
import { openDatabase, type Database } from './db/database.js';
import { AppError } from './lib/app-error.js';
import { requestLanguage } from './lib/language.js';
import { systemClock, type Clock } from './lib/clock.js';
import { OutboxMailer, SmtpMailer, type Mailer } from './mail/mailer.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { EmailCodesRepository } from './repositories/email-codes-repository.js';
import { SessionsRepository } from './repositories/sessions-repository.js';
import { UsersRepository } from './repositories/users-repository.js';
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
import { JanusGateway } from './janus/janus-gateway.js';
import { RoomManager } from './realtime/room-manager.js';
import { attachSockets } from './realtime/socket-server.js';
import { MessageHub } from './realtime/message-hub.js';
import { wirePollNotices } from './realtime/poll-notices.js';
import { WaitingRoomService } from './conferences/waiting-room-service.js';
import webRoutes from './routes/web.js';
import type { Services } from './services.js';
import { LocalBlobStore } from './storage/blob-store.js';

export interface BuildOptions {
  config: Config;
  clock?: Clock;
  /** An already-open database (tests); otherwise one is opened from the config. */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    trustProxy: false,
    // Per-request lines only when debugging: at info level they would drown what matters.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 2, fields: 20 } });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => AppError.tooMany('rateLimited'),
  });
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
  const hostControl = new HostControl(conferences, conferenceService);
  const services: Services = {
    config,
    database,
    clock,
    mailer,
    blobs: new LocalBlobStore(path.join(config.dataDir, 'files')),
    users: new UsersRepository(database.db, clock),
    sessions: new SessionsRepository(database.db, clock),
    emailCodes: new EmailCodesRepository(database.db, clock, {
      perEmailPerDay: config.limits.emailCodesPerEmailPerDay,
      perIpPerDay: config.limits.emailCodesPerIpPerDay,
    }),
    conferences,
    activity,
    conferenceService,
    hostControl,
    waitingRoom: new WaitingRoomService(conferenceService, hostControl, conferences, activity),
    messages: new MessageHub(),
    lookupGuard: new LookupGuard(clock),
    pollService: new PollService(
      database,
      new PollsRepository(database.db, clock),
      conferences,
      clock,
    ),
    janus: undefined,
    rooms: undefined,
  };
  app.decorate('services', services);
  app.decorateRequest('user', null);
  app.decorateRequest('token', null);
  app.decorateRequest('language', null);
  app.addHook('preValidation', async (request) => {
    request.language = requestLanguage(request);
  });

  if (config.janus.enabled) {
    const janus = new JanusGateway(
      {
        dataDir: config.dataDir,
        iceInterface: config.janus.iceInterface,
        rtpPortRange: config.janus.rtpPortRange,
        nat1to1: config.janus.nat1to1,
      },
      app.log,
    );
    await janus.start();
    services.janus = janus;
    services.rooms = new RoomManager(
      janus,
      conferenceService,
      services.hostControl,
      activity,
      app.log,
    );
  }
  const io = attachSockets(app, services.rooms);
  wirePollNotices(services.pollService, services.rooms, services.messages, app.log);
  app.addHook('preClose', async () => {
    await io.close();
  });

  app.addHook('onClose', async () => {
    await services.rooms?.close();
    await services.janus?.stop();
    mailer.close();
    if (ownsDatabase) await database.close();
  });

  await app.register(systemRoutes);
  await app.register(userRoutes, { prefix: '/api/user' });
  await app.register(conferenceRoutes, { prefix: '/api/conference' });
  await app.register(voteRoutes, { prefix: '/api/vote' });
  await app.register(toolRoutes, { prefix: '/api' });
  await app.register(webRoutes);
  return app;
}
