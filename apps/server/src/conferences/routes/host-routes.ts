/**
 * Host controls of SPEC.md section 7: `conference/set` with its command types, and
 * `conference/changeHost`. HostControl decides who may do what; these only read the call.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { contract } from '../../lib/contract.js';
import { ok } from '../../lib/reply.js';
import { authenticate, signedInUser } from '../../plugins/auth.js';
import { lookupCaller } from '../lookup-guard.js';

export default async function hostRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Every host command needs a signed-in account (visitors too): checked once, before the body.
  app.addHook('onRequest', authenticate);
  const { hostControl, lookupGuard } = app;
  /** A meeting named by number is found through the lookup guard. */
  const byNumber = (request: FastifyRequest) => (conferenceId: string) =>
    lookupGuard.find(lookupCaller(request), conferenceId);
  const tags = ['conference'];
  const limit = { rateLimit: { max: 240, timeWindow: 60_000 } };

  app.post(
    '/set',
    {
      config: limit,
      schema: { tags, ...contract('conference/set') },
    },
    async (request) => {
      const { conferenceUri, conferenceId, setContent } = request.body;
      await hostControl.command(
        signedInUser(request),
        { conferenceUri, conferenceId, byNumber: byNumber(request) },
        setContent,
      );
      return ok(request, null);
    },
  );

  app.post(
    '/changeHost',
    {
      config: limit,
      schema: { tags, ...contract('conference/changeHost') },
    },
    async (request) => {
      const { conferenceUri, conferenceId, newHostCode, userId } = request.body;
      const newHost = newHostCode ?? userId;
      if (newHost === undefined)
        throw AppError.badRequest('fieldRequired', { field: 'newHostCode' });
      await hostControl.changeHost(
        signedInUser(request),
        { conferenceUri, conferenceId, byNumber: byNumber(request) },
        newHost,
      );
      return ok(request, null);
    },
  );
}
