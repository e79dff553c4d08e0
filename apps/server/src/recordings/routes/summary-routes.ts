/**
 * AI minutes and chapters of a recording (SPEC.md section 7, `/sm/*`), under /api/sm. The edits
 * come as multipart forms: `recordId` and `updateFile` (the minutes' text, or the chapters' JSON).
 * The rules live in Summaries.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contract } from '../../lib/contract.js';
import { requestLanguage } from '../../lib/language.js';
import { ok } from '../../lib/reply.js';
import { authenticate, signedInUser } from '../../plugins/auth.js';
import { readRecordUpload } from '../library/form-upload.js';
import { acceptUploads } from '../../plugins/uploads.js';

export default async function summaryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await acceptUploads(fastify);
  const { records, summaries } = app;
  app.addHook('onRequest', authenticate);
  const tags = ['record'];

  app.post(
    '/startSummary',
    { schema: { tags, ...contract('sm/startSummary') } },
    async (request) => {
      const { recordId } = request.body;
      await summaries.start(signedInUser(request), recordId);
      return ok(
        request,
        await records.ownerInfo(signedInUser(request), recordId, requestLanguage(request)),
      );
    },
  );

  app.post(
    '/getSummaryRemainTimes',
    { schema: { tags, ...contract('sm/getSummaryRemainTimes') } },
    async (request) => ok(request, await summaries.remain(signedInUser(request))),
  );

  app.post(
    '/updateSummaryResult',
    { schema: { tags, ...contract('sm/updateSummaryResult') } },
    async (request) => {
      const { recordId, text } = await readRecordUpload(request);
      await summaries.updateMinutes(signedInUser(request), recordId, text);
      return ok(
        request,
        await records.ownerInfo(signedInUser(request), recordId, requestLanguage(request)),
      );
    },
  );

  app.post(
    '/updateChapter',
    { schema: { tags, ...contract('sm/updateChapter') } },
    async (request) => {
      const { recordId, text } = await readRecordUpload(request);
      await summaries.updateChapters(signedInUser(request), recordId, text);
      return ok(
        request,
        await records.ownerInfo(signedInUser(request), recordId, requestLanguage(request)),
      );
    },
  );

  app.post(
    '/convertToText',
    { schema: { tags, ...contract('sm/convertToText') } },
    async (request) => {
      const { recordId } = request.body;
      await summaries.convertToText(signedInUser(request), recordId);
      return ok(
        request,
        await records.ownerInfo(signedInUser(request), recordId, requestLanguage(request)),
      );
    },
  );
}
