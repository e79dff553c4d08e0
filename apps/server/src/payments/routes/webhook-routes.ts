/**
 * The payment provider's webhook: the raw body exactly as sent (its signature covers the
 * bytes), so this route reads every body as text; the signature is checked before anything is
 * read from it. Stripe retries what is not answered 2xx, so a refusal changes nothing.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { replySchema } from '@meet/shared';
import { ok } from '../../lib/reply.js';

const MAX_EVENT_BYTES = 512 * 1024;

export default async function webhookRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'string', bodyLimit: MAX_EVENT_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/webhook',
    {
      schema: {
        tags: ['billing'],
        response: { 200: replySchema(z.object({ outcome: z.string() })) },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const outcome = await app.billing.receiveWebhook(
        typeof request.body === 'string' ? request.body : '',
        typeof signature === 'string' ? signature : undefined,
      );
      return ok(request, { outcome });
    },
  );
}
