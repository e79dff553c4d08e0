/**
 * `/frequency/status` (SPEC.md section 7, "Other"): what the caller's plan lets them do now —
 * video recording, storage, monthly AI credits, translation — and the subscription behind it.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contract } from '../../lib/contract.js';
import { ok } from '../../lib/reply.js';
import { authenticate, signedInUser } from '../../plugins/auth.js';

export default async function frequencyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/status',
    {
      onRequest: authenticate,
      schema: { tags: ['billing'], ...contract('frequency/status') },
    },
    async (request) => ok(request, await app.billing.status(signedInUser(request))),
  );
}
