/**
 * Probes for an orchestrator or load balancer. `/livez`: the process answers (restart it if
 * not). `/readyz`: send it work — 503 while the database is unreachable, the media server of a
 * node that hosts meetings is down, or the node drains before stopping (ops/drain.ts). The body
 * names the failed checks and never an error's text (that goes to the log).
 */
import type { FastifyInstance } from 'fastify';

/** A database that has not answered in this long counts as unreachable. */
const DATABASE_TIMEOUT_MS = 2000;

export type ReadinessCheck = 'draining' | 'database' | 'janus';

async function databaseAnswers(ping: () => Promise<void>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database ping timed out')), DATABASE_TIMEOUT_MS);
  });
  try {
    await Promise.race([ping(), timeout]);
    return true;
  } finally {
    clearTimeout(timer);
  }
}

export default async function probeRoutes(app: FastifyInstance) {
  const { database, janus, drain } = app;

  app.get('/livez', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    const failed: ReadinessCheck[] = [];
    if (drain.draining) failed.push('draining');
    try {
      await databaseAnswers(() => database.ping());
    } catch (error) {
      request.log.warn({ err: error }, 'readiness: database unreachable');
      failed.push('database');
    }
    // Only on a node that hosts media (janus is absent elsewhere and with JANUS=off).
    if (janus && !janus.up) failed.push('janus');
    if (failed.length > 0) return reply.status(503).send({ status: 'unavailable', failed });
    return { status: 'ready', failed };
  });
}
