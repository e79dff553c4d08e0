/**
 * A recording's transcript edits (SPEC.md section 7, `/asr/updateRecordMemberName`,
 * `updateAsrFile`), under /api/asr: speakers' names, and a whole edited transcript (multipart
 * `recordId` + `updateFile`, the lines as JSON). Only the recording's owner edits.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contract } from '../../lib/contract.js';
import { requestLanguage } from '../../lib/language.js';
import { ok } from '../../lib/reply.js';
import { authenticate, signedInUser } from '../../plugins/auth.js';
import { readRecordUpload } from '../library/form-upload.js';
import { acceptUploads } from '../../plugins/uploads.js';

export default async function asrRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await acceptUploads(fastify);
  const { records, recordTranscript } = app;
  app.addHook('onRequest', authenticate);
  const tags = ['record'];

  app.post(
    '/updateRecordMemberName',
    { schema: { tags, ...contract('asr/updateRecordMemberName') } },
    async (request) => {
      const { recordId, memberInfo } = request.body;
      const view = await records.owned(signedInUser(request), recordId);
      await recordTranscript.nameSpeakers(view, memberInfo);
      return ok(
        request,
        await records.ownerInfo(signedInUser(request), recordId, requestLanguage(request)),
      );
    },
  );

  app.post(
    '/updateAsrFile',
    { schema: { tags, ...contract('asr/updateAsrFile') } },
    async (request) => {
      const { recordId, text } = await readRecordUpload(request);
      const view = await records.owned(signedInUser(request), recordId);
      await recordTranscript.replaceFrom(view, text);
      return ok(
        request,
        await records.ownerInfo(signedInUser(request), recordId, requestLanguage(request)),
      );
    },
  );
}
