/**
 * Health (its details for the operator), the OpenAPI document (in development or with
 * API_DOCS=on), the dev mailbox and stored files.
 */
import type { FastifyInstance } from 'fastify';
import { CLIENT_VERSION } from '@meet/shared';
import { OutboxMailer } from '../mail/mailer.js';
import { AppError } from '../lib/app-error.js';
import { isFromThisMachine } from '../lib/net.js';
import { isOperator } from './admin-routes.js';

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  webm: 'video/webm',
  mp4: 'video/mp4',
  opus: 'audio/ogg',
  json: 'application/json',
};

export default async function systemRoutes(app: FastifyInstance) {
  const { database, mailer, blobs, janus, engines } = app;

  // A load balancer needs only `status` (200 ok or degraded, 503 error); the version, Janus's
  // process and the engines are the operator's (ADMIN_TOKEN, as for /admin/*), not everyone's.
  app.get('/healthz', { schema: { hide: true } }, async (request, reply) => {
    const operator = isOperator(request, app.config.adminToken);
    const started = performance.now();
    try {
      await database.ping();
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      return reply
        .status(503)
        .send(
          operator
            ? { status: 'error', version: CLIENT_VERSION, database: 'unreachable' }
            : { status: 'error' },
        );
    }
    // The media server restarting: the API still answers, meetings on this node do not.
    const status = janus && !janus.up ? 'degraded' : 'ok';
    if (!operator) return { status };
    const media = janus
      ? {
          janus: janus.up ? 'up' : 'down',
          janusPid: janus.pid ?? null,
          janusRestarts: janus.restarts,
        }
      : { janus: 'off' };
    // With several nodes: this one, and how many the cluster has alive.
    const cluster = app.cluster
      ? {
          cluster: {
            node: app.cluster.nodes.nodeId,
            role: app.config.role,
            liveNodes: (await app.cluster.nodes.liveNodes()).length,
          },
        }
      : {};
    return {
      status,
      version: CLIENT_VERSION,
      database: database.kind,
      databaseMs: Math.round((performance.now() - started) * 10) / 10,
      ...media,
      ...cluster,
      // The AI engine in use for each capability, or 'none'.
      engines: engines.describe(),
    };
  });

  // The OpenAPI document maps every call: always in development, in production only when the
  // operator publishes it (API_DOCS=on).
  if (app.config.apiDocs) {
    app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
    app.get('/api/docs/json', { schema: { hide: true } }, async () => app.swagger());
  }

  if (mailer instanceof OutboxMailer && app.config.mailOutboxHttp) {
    // Development only (MAIL_OUTBOX_HTTP=1): one address's mail, to this machine only. A request
    // that came through a proxy is not from this machine, whatever its socket says.
    app.get<{ Querystring: { to?: unknown } }>(
      '/dev/mail',
      { schema: { hide: true } },
      async (request) => {
        if (!isFromThisMachine(request)) throw AppError.notFound();
        const to = request.query.to;
        if (typeof to !== 'string' || to.trim() === '')
          throw AppError.badRequest('fieldRequired', { field: 'to' });
        return mailer.list(to);
      },
    );
  }

  app.get<{ Params: { '*': string } }>(
    '/files/*',
    { schema: { hide: true } },
    async (request, reply) => {
      const key = request.params['*'];
      // Recordings' files are private: only their signed links serve them (recordings/routes/recording-files.ts).
      // Feedback screenshots are the operator's: only `/admin/feedback` serves them.
      if (key.startsWith('recordings/') || key.startsWith('feedback/')) throw AppError.notFound();
      const blob = await blobs.get(key);
      if (!blob) throw AppError.notFound();
      const ext = key.split('.').pop()?.toLowerCase() ?? '';
      return reply
        .header('content-type', CONTENT_TYPES[ext] ?? 'application/octet-stream')
        .header('content-length', blob.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(blob.stream);
    },
  );
}
