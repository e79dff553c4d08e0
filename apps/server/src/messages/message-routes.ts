/**
 * The message center (SPEC.md section 7, `/message/getMessages`), under /api/message: a page of
 * my messages, newest first (`messageTime`: the time of the oldest shown, for the page after
 * it), and marking some or all read. New messages also arrive over the `/message` socket.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contract } from '../lib/contract.js';
import { ok } from '../lib/reply.js';
import { authenticate, signedInUser } from '../plugins/auth.js';

export default async function messageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { messageCenter } = app;
  app.addHook('onRequest', authenticate);
  const tags = ['message'];

  app.post(
    '/getMessages',
    { schema: { tags, ...contract('message/getMessages') } },
    async (request) => {
      const { messageTime, pageSize } = request.body ?? {};
      return ok(
        request,
        await messageCenter.list(signedInUser(request).id, { messageTime, pageSize }),
      );
    },
  );

  app.post('/markRead', { schema: { tags, ...contract('message/markRead') } }, async (request) =>
    ok(request, await messageCenter.markRead(signedInUser(request).id, request.body.messageIds)),
  );
}
