/**
 * Free styles under /api/magic/freeStyle, for real accounts: publish and favorite (multipart:
 * name, prompt, optional `cover`), then the author's republish, publish/retry, cancel and
 * delete, and anyone's subscribe(/cancel) and favorite/cancel.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Language, MagicStyle } from '@meet/shared';
import type { UserRow } from '../../db/schema/index.js';
import { contract } from '../../lib/contract.js';
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

  // The two forms with a picture, in a context of their own so only they parse multipart.
  await app.register(async (uploads: FastifyInstance) => {
    await acceptUploads(uploads);
    uploads.post(
      '/publish',
      { schema: { tags, ...contract('magic/freeStyle/publish') } },
      async (request) => {
        const form = await readStyleForm(request);
        return ok(
          request,
          await styles.publish(signedInUser(request), form, requestLanguage(request)),
        );
      },
    );
    uploads.post(
      '/favorite',
      { schema: { tags, ...contract('magic/freeStyle/favorite') } },
      async (request) => {
        const form = await readStyleForm(request);
        return ok(
          request,
          await styles.favoriteNew(signedInUser(request), form, requestLanguage(request)),
        );
      },
    );
  });

  /** The calls on one style by its id, each answering the style as the caller now sees it. */
  type Action = (user: UserRow, id: string, language: Language) => Promise<MagicStyle>;
  const byId = [
    ['republish', (user, id, language) => styles.sendAgain(user, id, 'publishable', language)],
    ['publish/retry', (user, id, language) => styles.sendAgain(user, id, 'failed', language)],
    ['cancel', (user, id, language) => styles.cancel(user, id, language)],
    ['subscribe', (user, id, language) => styles.subscribe(user, id, true, language)],
    ['subscribe/cancel', (user, id, language) => styles.subscribe(user, id, false, language)],
    ['favorite/cancel', (user, id, language) => styles.unfavorite(user, id, language)],
  ] as const satisfies readonly (readonly [string, Action])[];
  for (const [path, action] of byId)
    app.post(
      `/${path}`,
      { schema: { tags, ...contract(`magic/freeStyle/${path}`) } },
      async (request) =>
        ok(request, await action(signedInUser(request), request.body.id, requestLanguage(request))),
    );

  app.post(
    '/delete',
    { schema: { tags, ...contract('magic/freeStyle/delete') } },
    async (request) => {
      await styles.remove(signedInUser(request), request.body.id);
      return ok(request, null);
    },
  );
}
