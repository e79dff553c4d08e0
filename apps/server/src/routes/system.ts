/** Health, the OpenAPI document, the dev mailbox and stored files. */
import type { FastifyInstance } from 'fastify';
import { CLIENT_VERSION } from '@meet/shared';
import { OutboxMailer } from '../mail/mailer.js';
import { AppError } from '../lib/app-error.js';
import { isLoopback } from '../lib/net.js';

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
  const { database, mailer, blobs, janus, engines } = app.services;

  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    const started = performance.now();
    try {
      await database.ping();
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      return reply
        .status(503)
        .send({ status: 'error', version: CLIENT_VERSION, database: 'unreachable' });
    }
    const media = janus
      ? {
          janus: janus.up ? 'up' : 'down',
          janusPid: janus.pid ?? null,
          janusRestarts: janus.restarts,
        }
      : { janus: 'off' };
    // With several nodes: this one, and how many the cluster has alive.
    const cluster = app.services.cluster
      ? {
          cluster: {
            node: app.services.cluster.nodes.nodeId,
            role: app.services.config.role,
            liveNodes: (await app.services.cluster.nodes.liveNodes()).length,
          },
        }
      : {};
    return {
      status: 'ok',
      version: CLIENT_VERSION,
      database: database.kind,
      databaseMs: Math.round((performance.now() - started) * 10) / 10,
      ...media,
      ...cluster,
      // The AI engine in use for each capability, or 'none'.
      engines: engines.describe(),
    };
  });

  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
  app.get('/api/docs/json', { schema: { hide: true } }, async () => app.swagger());

  if (mailer instanceof OutboxMailer && app.services.config.mailOutboxHttp) {
    // Development only (MAIL_OUTBOX_HTTP=1): one address's mail, to this machine only. A request
    // that came through a proxy is not from this machine, whatever its socket says.
    app.get<{ Querystring: { to?: unknown } }>(
      '/dev/mail',
      { schema: { hide: true } },
      async (request) => {
        const local = isLoopback(request.socket.remoteAddress);
        const proxied = request.headers['x-forwarded-for'] !== undefined;
        if (!local || proxied) throw AppError.notFound();
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
      // Recordings' files are private: only their signed links serve them (routes/recording-files.ts).
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
