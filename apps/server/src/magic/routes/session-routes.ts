/**
 * Opening a metered Magic Cam session (`getToken` in a meeting or elsewhere,
 * `getHomePageToken`), and what I keep between visits: the style in use and my celebrity names.
 * Visitors may use Magic Cam too; it is paid from the caller's own credits.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contract } from '../../lib/contract.js';
import { ok } from '../../lib/reply.js';
import { authenticate, signedInUser } from '../../plugins/auth.js';

export default async function sessionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', authenticate);
  const { cam, settings } = app.magic;
  const tags = ['magic'];

  app.post('/getToken', { schema: { tags, ...contract('magic/getToken') } }, async (request) =>
    ok(request, await cam.open(signedInUser(request), request.body)),
  );

  app.post(
    '/getHomePageToken',
    { schema: { tags, ...contract('magic/getHomePageToken') } },
    async (request) => ok(request, await cam.open(signedInUser(request), { type: 1 })),
  );

  app.post(
    '/updateMagicType',
    { schema: { tags, ...contract('magic/updateMagicType') } },
    async (request) => ok(request, await settings.setType(signedInUser(request).id, request.body)),
  );

  app.post(
    '/getMyFamousManNames',
    { schema: { tags, ...contract('magic/getMyFamousManNames') } },
    async (request) => ok(request, { names: await settings.famousNames(signedInUser(request).id) }),
  );

  app.post(
    '/updateMyFamousManNames',
    { schema: { tags, ...contract('magic/updateMyFamousManNames') } },
    async (request) =>
      ok(request, {
        names: await settings.setFamousNames(signedInUser(request).id, request.body.names),
      }),
  );
}
