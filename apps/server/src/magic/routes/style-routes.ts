/**
 * The style lists (system templates, the community's hot list, mine, my favourites), the
 * publishing state of some styles, and favouriting one by id (real accounts only).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contract } from '../../lib/contract.js';
import { requestLanguage } from '../../lib/language.js';
import { ok } from '../../lib/reply.js';
import { authenticate, requireRealUser, signedInUser } from '../../plugins/auth.js';

export default async function styleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', authenticate);
  const { styles } = app.magic;
  const tags = ['magic'];

  app.post(
    '/getSystemStyleMagic',
    { schema: { tags, ...contract('magic/getSystemStyleMagic') } },
    async (request) =>
      ok(request, await styles.system(signedInUser(request), requestLanguage(request))),
  );

  app.post(
    '/getHotFreeStyleMagic',
    { schema: { tags, ...contract('magic/getHotFreeStyleMagic') } },
    async (request) => ok(request, await styles.hot(signedInUser(request), request.body)),
  );

  app.post(
    '/getMyFreeStyleMagicList',
    { schema: { tags, ...contract('magic/getMyFreeStyleMagicList') } },
    async (request) => ok(request, await styles.mine(signedInUser(request), request.body)),
  );

  app.post(
    '/getMyFavoriteMagic',
    { schema: { tags, ...contract('magic/getMyFavoriteMagic') } },
    async (request) =>
      ok(
        request,
        await styles.favorites(signedInUser(request), request.body, requestLanguage(request)),
      ),
  );

  app.post(
    '/queryFreeStyleMagicStatus',
    {
      schema: { tags, ...contract('magic/queryFreeStyleMagicStatus') },
    },
    async (request) =>
      ok(request, { list: await styles.statuses(signedInUser(request), request.body.ids) }),
  );

  app.post(
    '/favoriteById',
    {
      onRequest: requireRealUser,
      schema: { tags, ...contract('magic/favoriteById') },
    },
    async (request) =>
      ok(
        request,
        await styles.favorite(signedInUser(request), request.body.id, requestLanguage(request)),
      ),
  );
}
