/**
 * Feedback (SPEC.md section 7, `/user/report`), under /api/user: what happened and an optional
 * screenshot, sent as a multipart form with the client's version, device (user agent) and the
 * user's email. Stored for the operator (`GET /admin/feedback`); the screenshot goes to the blob
 * store under `feedback/`, which `/files/*` never serves.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isValidEmail } from '@meet/shared';
import { contract } from '../../lib/contract.js';
import { randomCode } from '../../lib/crypto.js';
import { ok } from '../../lib/reply.js';
import { requireRealUser, signedInUser } from '../../plugins/auth.js';
import { acceptUploads } from '../../plugins/uploads.js';
import { readFeedbackForm } from '../../feedback/feedback-form.js';
import { FeedbackRepository } from '../../feedback/feedback-repository.js';

/** Reports one account may send a minute (each may carry a 5 MB screenshot). */
const REPORTS_PER_MINUTE = 6;

export default async function reportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await acceptUploads(fastify);
  const { blobs, database, clock } = app;
  const feedback = new FeedbackRepository(database.db, clock);

  app.post(
    '/report',
    {
      onRequest: requireRealUser,
      config: { accountLimit: { max: REPORTS_PER_MINUTE, by: 'user' } },
      schema: { tags: ['user'], ...contract('user/report') },
    },
    async (request) => {
      const user = signedInUser(request);
      const { fields, screenshot } = await readFeedbackForm(request);
      let screenshotKey: string | null = null;
      if (screenshot) {
        screenshotKey = `feedback/${user.code}-${randomCode(16)}.${screenshot.ext}`;
        await blobs.put(screenshotKey, screenshot.data, screenshot.contentType);
      }
      const sentEmail = fields.email && isValidEmail(fields.email) ? fields.email : '';
      const userAgent = request.headers['user-agent'] ?? '';
      const row = await feedback.add({
        userId: user.id,
        email: user.email || sentEmail,
        content: fields.content,
        clientVersion: fields.version ?? '',
        device: fields.useragent || userAgent.slice(0, 512),
        screenshotKey,
      });
      return ok(request, { id: row.id });
    },
  );
}
