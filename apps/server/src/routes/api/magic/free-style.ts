/**
 * Free styles under /api/magic/freeStyle, for real accounts: publish and favorite (multipart:
 * name, prompt, optional `cover`), then the author's republish, publish/retry, cancel and
 * delete, and anyone's subscribe(/cancel) and favorite/cancel.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emptyPayload, magicStyle, magicStyleIdBody, replySchema } from '@meet/shared';
import { requestLanguage } from '../../../lib/language.js';
import { ok } from '../../../lib/reply.js';
import { readStyleForm } from '../../../magic/style-form.js';
import { requireRealUser, signedInUser } from '../../../plugins/auth.js';
import { acceptUploads } from '../../../plugins/uploads.js';

export default async function freeStyleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireRealUser);
  const { styles } = app.services.magic;
  const tags = ['magic'];
  const schema = { tags, body: magicStyleIdBody, response: { 200: replySchema(magicStyle) } };

  // The two forms with a picture, in a context of their own so only they parse multipart.
  await app.register(async (uploads: FastifyInstance) => {
    await acceptUploads(uploads);
    const reply = { schema: { tags, response: { 200: replySchema(magicStyle) } } };
    uploads.post('/publish', reply, async (request) => {
      const form = await readStyleForm(request);
      return ok(
        request,
        await styles.publish(signedInUser(request), form, requestLanguage(request)),
      );
    });
    uploads.post('/favorite', reply, async (request) => {
      const form = await readStyleForm(request);
      return ok(
        request,
        await styles.favoriteNew(signedInUser(request), form, requestLanguage(request)),
      );
    });
  });

  app.post('/republish', { schema }, async (request) =>
    ok(
      request,
      await styles.sendAgain(
        signedInUser(request),
        request.body.id,
        'publishable',
        requestLanguage(request),
      ),
    ),
  );

  app.post('/publish/retry', { schema }, async (request) =>
    ok(
      request,
      await styles.sendAgain(
        signedInUser(request),
        request.body.id,
        'failed',
        requestLanguage(request),
      ),
    ),
  );

  app.post('/cancel', { schema }, async (request) =>
    ok(
      request,
      await styles.cancel(signedInUser(request), request.body.id, requestLanguage(request)),
    ),
  );

  app.post(
    '/delete',
    { schema: { tags, body: magicStyleIdBody, response: { 200: replySchema(emptyPayload) } } },
    async (request) => {
      await styles.remove(signedInUser(request), request.body.id);
      return ok(request, null);
    },
  );

  app.post('/subscribe', { schema }, async (request) =>
    ok(
      request,
      await styles.subscribe(
        signedInUser(request),
        request.body.id,
        true,
        requestLanguage(request),
      ),
    ),
  );

  app.post('/subscribe/cancel', { schema }, async (request) =>
    ok(
      request,
      await styles.subscribe(
        signedInUser(request),
        request.body.id,
        false,
        requestLanguage(request),
      ),
    ),
  );

  app.post('/favorite/cancel', { schema }, async (request) =>
    ok(
      request,
      await styles.unfavorite(signedInUser(request), request.body.id, requestLanguage(request)),
    ),
  );
}
