/**
 * Builds the Fastify app: external plugins first, then the app's services (the plugins of
 * `composition/`, each declaring the ones it builds on), then routes, with one error handler.
 * The process entry (server.ts) and the tests both start here.
 */
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
import { CLIENT_VERSION, ResultCode, formatMessage } from '@meet/shared';
import { requestLanguage } from './lib/language.js';
import { RecordingRelay, clusterPrefix } from './cluster/cluster-setup.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerRateLimits } from './plugins/rate-limits.js';
import { registerRequestChecks } from './plugins/request-checks.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import core, { type CoreOptions } from './composition/core.js';
import ops from './composition/ops.js';
import { prettyStream } from './ops/pretty-log.js';
import { requestIdOf } from './ops/request-id.js';
import accounts from './composition/accounts.js';
import billing, { type BillingOptions } from './composition/billing.js';
import conferences, { type ConferencesOptions } from './composition/conferences.js';
import captions from './composition/captions.js';
import jobs, { type JobsOptions } from './composition/jobs.js';
import records from './composition/records.js';
import magic from './composition/magic.js';
import media from './composition/media.js';
import recording from './composition/recording.js';
import workers from './composition/workers.js';
import realtime, { type RealtimeOptions } from './composition/realtime.js';
import routes from './routes/index.js';

export interface BuildOptions extends CoreOptions {
  logger?: FastifyServerOptions['logger'];
  /** Freeing seats of devices that never came (back); 0: off (tests sweep themselves). */
  seatSweepMs?: ConferencesOptions['seatSweepMs'];
  /** Bringing subscriptions up to date; 0: off (tests call billing.tick). */
  billingTickMs?: BillingOptions['tickMs'];
  /** The job queue's timings (tests shorten retries and lapses). */
  jobs?: JobsOptions['settings'];
  /** Sockets' flood control (on unless a test of something else turns it off). */
  floodControl?: RealtimeOptions['floodControl'];
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      ...(config.logFormat === 'pretty' ? { stream: prettyStream() } : {}),
    },
    // The caller's X-Request-Id when it is safe, else a new one (ops/request-id.ts).
    requestIdHeader: false,
    genReqId: requestIdOf,
    bodyLimit: 1024 * 1024,
    // Opening the embedded database and migrating it can pass Fastify's 10 s default on a busy
    // small machine (seen at a load average of 9 on 2 cores); a start that slow is still a start.
    pluginTimeout: 120_000,
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
    // Fastify's own request lines would log the URL with its query (tokens): the access line
    // of composition/ops.ts replaces them.
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await registerSecurityHeaders(app, { cluster: config.cluster });
  await app.register(formbody);
  registerRequestChecks(app);

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

  // The services, each plugin decorating `app` with its part, built on the ones it names.
  await app.register(core, { config, clock: options.clock, database: options.database });
  await app.register(ops);
  await app.register(accounts);
  await app.register(billing, { tickMs: options.billingTickMs });
  await app.register(conferences, { seatSweepMs: options.seatSweepMs });
  await app.register(captions);
  await app.register(jobs, { settings: options.jobs });
  await app.register(records);
  await app.register(magic);
  await app.register(media);
  // With several nodes, recording commands go to whichever node holds the meeting's room.
  const relay = new RecordingRelay(() => app.rooms?.recorder);
  await app.register(recording, { relay });
  await app.register(workers);
  await app.register(realtime, { relay, floodControl: options.floodControl });
  await app.register(routes, { role: config.role });
  return app;
}
