/**
 * Running in production: the drain that SIGTERM starts (ops/drain.ts; /livez and /readyz read it
 * in ops/probe-routes.ts); one access line per request with its id, echoed in X-Request-Id
 * (ops/request-id.ts); and with METRICS_PORT the Prometheus metrics on their own listener, every
 * answered request counted by its route pattern.
 */
import type { Server } from 'node:http';
import fp from 'fastify-plugin';
import { Drain } from '../ops/drain.js';
import { listenMetrics } from '../ops/metrics-listener.js';
import { Metrics } from '../ops/metrics.js';
import { REQUEST_ID_HEADER } from '../ops/request-id.js';
import { provide } from '../services.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set once SIGTERM came: /readyz fails and new meetings go elsewhere (ops/drain.ts). */
    drain: Drain;
  }
}

export default fp(
  async (app) => {
    provide(app, { drain: new Drain() });
    const { config } = app;
    const port = config.metricsPort;
    let metrics: Metrics | undefined;
    let listener: Server | undefined;

    app.addHook('onRequest', async (request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id);
    });
    app.addHook('onResponse', async (request, reply) => {
      // The pattern (`/api/record/:id`), never the URL: a path or query may hold a token (a
      // calendar feed's, a signed link's), and ids would make the series unbounded.
      const route = request.routeOptions.url ?? '(unmatched)';
      const ms = Math.round(reply.elapsedTime * 10) / 10;
      // request.log carries the request id (reqId).
      request.log.info({ method: request.method, route, status: reply.statusCode, ms }, 'request');
      metrics?.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime);
    });

    if (port === undefined) return;
    // Built once every service exists (the gauges read them); listening before the app does.
    app.addHook('onReady', async () => {
      metrics = new Metrics(app);
      listener = await listenMetrics(metrics.registry, port, config.host, (error) =>
        app.log.error({ err: error }, 'collecting metrics failed'),
      );
    });
    app.addHook('onClose', async () => {
      metrics?.close();
      const open = listener;
      if (!open) return;
      await new Promise<void>((resolve) => {
        open.close(() => resolve());
        // A scraper's kept-alive connection would hold the close up.
        open.closeAllConnections();
      });
    });
  },
  { name: 'ops', dependencies: ['core'] },
);
