/**
 * `GET /api/magic/stream?token=…` (stream engine): the stylised frames of my running session.
 * The session's token is the key (a fetch from the page cannot add headers to an <img>-style
 * read, and the token is good only for this session); an unknown one is 203 like a bad sign-in.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { sendFrameStream } from '../frame-stream.js';

const streamQuery = z.object({ token: z.string().min(1).max(200).optional() });

export default async function streamRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { cam } = app.magic;

  app.get(
    '/stream',
    { schema: { tags: ['magic'], querystring: streamQuery } },
    async (request, reply) => {
      const { token } = request.query;
      if (!token) throw AppError.authFailed();
      const session = await cam.streamOf(token);
      if (session === 'unknown') throw AppError.authFailed();
      if (!session) throw AppError.notFound();
      return sendFrameStream(session, reply);
    },
  );
}
