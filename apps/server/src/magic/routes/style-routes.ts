/**
 * The style lists (system templates, the community's hot list, mine, my favourites), the
 * publishing state of some styles, and favouriting one by id (real accounts only).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  magicPageBody,
  magicStatusReply,
  magicStyle,
  magicStyleIdBody,
  magicStyleList,
  queryMagicStatusBody,
  replySchema,
} from '@meet/shared';
import { requestLanguage } from '../../lib/language.js';
import { ok } from '../../lib/reply.js';
import { authenticate, requireRealUser, signedInUser } from '../../plugins/auth.js';

export default async function styleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', authenticate);
  const { styles } = app.magic;
  const tags = ['magic'];
  const list = { 200: replySchema(magicStyleList) };

  app.post('/getSystemStyleMagic', { schema: { tags, response: list } }, async (request) =>
    ok(request, await styles.system(signedInUser(request), requestLanguage(request))),
  );

  app.post(
    '/getHotFreeStyleMagic',
    { schema: { tags, body: magicPageBody, response: list } },
    async (request) => ok(request, await styles.hot(signedInUser(request), request.body)),
  );

  app.post(
    '/getMyFreeStyleMagicList',
    { schema: { tags, body: magicPageBody, response: list } },
    async (request) => ok(request, await styles.mine(signedInUser(request), request.body)),
  );

  app.post(
    '/getMyFavoriteMagic',
    { schema: { tags, body: magicPageBody, response: list } },
    async (request) =>
      ok(
        request,
        await styles.favorites(signedInUser(request), request.body, requestLanguage(request)),
      ),
  );

  app.post(
    '/queryFreeStyleMagicStatus',
    {
      schema: {
        tags,
        body: queryMagicStatusBody,
        response: { 200: replySchema(magicStatusReply) },
      },
    },
    async (request) =>
      ok(request, { list: await styles.statuses(signedInUser(request), request.body.ids) }),
  );

  app.post(
    '/favoriteById',
    {
      onRequest: requireRealUser,
      schema: { tags, body: magicStyleIdBody, response: { 200: replySchema(magicStyle) } },
    },
    async (request) =>
      ok(
        request,
        await styles.favorite(signedInUser(request), request.body.id, requestLanguage(request)),
      ),
  );
}
