/**
 * Client logs (SPEC.md section 7, `/client-log/report`), under /api/client-log: a signed-in
 * client's batch of entries (`log`, a JSON string of them), kept CLIENT_LOG_RETENTION_MS and at
 * most CLIENT_LOG_PER_USER_CAP per user. Visitors log too: guests meet device errors in meetings.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contract } from '../lib/contract.js';
import { ok } from '../lib/reply.js';
import { authenticate, signedInUser } from '../plugins/auth.js';
import { ClientLogsRepository } from './client-logs-repository.js';

/** Reports one account may send a minute (the client sends one at most every 200 ms). */
const REPORTS_PER_MINUTE = 120;

export default async function clientLogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const logs = new ClientLogsRepository(app.database.db, app.clock);
  app.post(
    '/report',
    {
      onRequest: authenticate,
      config: { accountLimit: { max: REPORTS_PER_MINUTE, by: 'user' } },
      schema: { tags: ['client-log'], ...contract('client-log/report') },
    },
    async (request) =>
      ok(request, { stored: await logs.add(signedInUser(request).id, request.body.log) }),
  );
}
