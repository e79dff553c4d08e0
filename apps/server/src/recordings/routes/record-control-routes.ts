/**
 * Cloud recording of a meeting (SPEC.md section 7): `conference/startRecord` and `stopRecord`.
 * RecordingControl decides who may; these only read the call.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contract } from '../../lib/contract.js';
import { ok } from '../../lib/reply.js';
import { authenticate, signedInUser } from '../../plugins/auth.js';

export default async function recordControlRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Every recording call needs a signed-in account (visitors too): checked once, before the body.
  app.addHook('onRequest', authenticate);
  const { recordingControl } = app;
  const tags = ['conference'];
  const limit = { rateLimit: { max: 60, timeWindow: 60_000 } };

  app.post(
    '/startRecord',
    {
      config: limit,
      schema: { tags, ...contract('conference/startRecord') },
    },
    async (request) => {
      const recording = await recordingControl.start(signedInUser(request), request.body);
      return ok(request, { recordId: recording.recordId });
    },
  );

  app.post(
    '/stopRecord',
    {
      config: limit,
      schema: { tags, ...contract('conference/stopRecord') },
    },
    async (request) => {
      await recordingControl.stop(signedInUser(request), request.body.conferenceUri);
      return ok(request, null);
    },
  );
}
