/**
 * Free styles under /api/magic/freeStyle, for real accounts: publish and favorite (multipart:
 * name, prompt, optional `cover`), then the author's republish, publish/retry, cancel and
 * delete, and anyone's subscribe(/cancel) and favorite/cancel.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  emptyPayload,
  magicStyle,
  magicStyleIdBody,
  replySchema,
  type Language,
  type MagicStyle,
} from '@meet/shared';
import type { UserRow } from '../../db/schema/index.js';
import { requestLanguage } from '../../lib/language.js';
import { ok } from '../../lib/reply.js';
import { readStyleForm } from '../style-form.js';
import { requireRealUser, signedInUser } from '../../plugins/auth.js';
import { acceptUploads } from '../../plugins/uploads.js';

export default async function freeStyleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireRealUser);
  const { styles } = app.magic;
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

  /** The calls on one style by its id, each answering the style as the caller now sees it. */
  type Action = (user: UserRow, id: string, language: Language) => Promise<MagicStyle>;
  const byId: [string, Action][] = [
    ['/republish', (user, id, language) => styles.sendAgain(user, id, 'publishable', language)],
    ['/publish/retry', (user, id, language) => styles.sendAgain(user, id, 'failed', language)],
    ['/cancel', (user, id, language) => styles.cancel(user, id, language)],
    ['/subscribe', (user, id, language) => styles.subscribe(user, id, true, language)],
    ['/subscribe/cancel', (user, id, language) => styles.subscribe(user, id, false, language)],
    ['/favorite/cancel', (user, id, language) => styles.unfavorite(user, id, language)],
  ];
  for (const [path, action] of byId)
    app.post(path, { schema }, async (request) =>
      ok(request, await action(signedInUser(request), request.body.id, requestLanguage(request))),
    );

  app.post(
    '/delete',
    { schema: { tags, body: magicStyleIdBody, response: { 200: replySchema(emptyPayload) } } },
    async (request) => {
      await styles.remove(signedInUser(request), request.body.id);
      return ok(request, null);
    },
  );
}
