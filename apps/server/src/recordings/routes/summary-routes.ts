/**
 * AI minutes and chapters of a recording (SPEC.md section 7, `/sm/*`), under /api/sm. The edits
 * come as multipart forms: `recordId` and `updateFile` (the minutes' text, or the chapters' JSON).
 * The rules live in Summaries.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordIdBody, recordInfo, replySchema, summaryRemainReply } from '@meet/shared';
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
  const infoReply = { 200: replySchema(recordInfo) };
  const upload = { tags, consumes: ['multipart/form-data'], response: infoReply };

  app.post(
    '/startSummary',
    { schema: { tags, body: recordIdBody, response: infoReply } },
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
    { schema: { tags, response: { 200: replySchema(summaryRemainReply) } } },
    async (request) => ok(request, await summaries.remain(signedInUser(request))),
  );

  app.post('/updateSummaryResult', { schema: upload }, async (request) => {
    const { recordId, text } = await readRecordUpload(request);
    await summaries.updateMinutes(signedInUser(request), recordId, text);
    return ok(
      request,
      await records.ownerInfo(signedInUser(request), recordId, requestLanguage(request)),
    );
  });

  app.post('/updateChapter', { schema: upload }, async (request) => {
    const { recordId, text } = await readRecordUpload(request);
    await summaries.updateChapters(signedInUser(request), recordId, text);
    return ok(
      request,
      await records.ownerInfo(signedInUser(request), recordId, requestLanguage(request)),
    );
  });

  app.post(
    '/convertToText',
    { schema: { tags, body: recordIdBody, response: infoReply } },
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
