/**
 * The records calls of SPEC.md section 7 under /api/record: my recordings, one recording's page
 * (`getRecordInfoByUUID` also without signing in: the /rec/{id} page opens for anyone with the
 * link), rename, delete, and sharing with access requests (`permission/*`).
 * The rules live in RecordsService and AccessRequests.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { UserRow } from '../../db/schema/index.js';
import { contract } from '../../lib/contract.js';
import { requestLanguage } from '../../lib/language.js';
import { ok } from '../../lib/reply.js';
import { authenticate, bearerToken, requireRealUser, signedInUser } from '../../plugins/auth.js';

export default async function recordRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { records, accessRequests, sessions } = app;
  const tags = ['record'];

  /** The signed-in caller when the request carries a valid token; else nobody (not an error). */
  async function viewerOf(request: FastifyRequest): Promise<UserRow | null> {
    const token = bearerToken(request);
    return token ? ((await sessions.userOf(token)) ?? null) : null;
  }

  app.post(
    '/getMyRecords',
    {
      onRequest: authenticate,
      schema: { tags, ...contract('record/getMyRecords') },
    },
    async (request) => {
      const { pageNum = 1, pageSize = 20 } = request.body ?? {};
      return ok(request, await records.list(signedInUser(request), pageNum, pageSize));
    },
  );

  app.post(
    '/getRecordInfo',
    { onRequest: authenticate, schema: { tags, ...contract('record/getRecordInfo') } },
    async (request) =>
      ok(
        request,
        await records.info(request.user, request.body.recordId, requestLanguage(request)),
      ),
  );

  app.post(
    '/getRecordInfoByUUID',
    { schema: { tags, ...contract('record/getRecordInfoByUUID') } },
    async (request) =>
      ok(
        request,
        await records.info(await viewerOf(request), request.body.uuid, requestLanguage(request)),
      ),
  );

  app.post(
    '/updateRecordName',
    { onRequest: authenticate, schema: { tags, ...contract('record/updateRecordName') } },
    async (request) => {
      const { recordId, newRecordName } = request.body;
      await records.rename(signedInUser(request), recordId, newRecordName);
      return ok(
        request,
        await records.ownerInfo(signedInUser(request), recordId, requestLanguage(request)),
      );
    },
  );

  app.post(
    '/deleteRecord',
    { onRequest: authenticate, schema: { tags, ...contract('record/deleteRecord') } },
    async (request) => {
      await records.remove(signedInUser(request), request.body.recordId);
      return ok(request, null);
    },
  );

  app.post(
    '/deleteSharedRecord',
    { onRequest: authenticate, schema: { tags, ...contract('record/deleteSharedRecord') } },
    async (request) => {
      await records.removeShared(signedInUser(request), request.body.recordId);
      return ok(request, null);
    },
  );

  app.post(
    '/permission/set',
    { onRequest: authenticate, schema: { tags, ...contract('record/permission/set') } },
    async (request) => {
      const { recordId, shareScope } = request.body;
      await records.setShareScope(signedInUser(request), recordId, shareScope);
      return ok(
        request,
        await records.ownerInfo(signedInUser(request), recordId, requestLanguage(request)),
      );
    },
  );

  // Asking needs a real account: the answer arrives in the message center, on Home.
  app.post(
    '/permission/apply',
    { onRequest: requireRealUser, schema: { tags, ...contract('record/permission/apply') } },
    async (request) => {
      const { recordId, reason } = request.body;
      return ok(request, await accessRequests.apply(signedInUser(request), recordId, reason));
    },
  );

  app.post(
    '/permission/getApply',
    { onRequest: authenticate, schema: { tags, ...contract('record/permission/getApply') } },
    async (request) => {
      const { recordId, permissionRequestId } = request.body;
      return ok(
        request,
        await accessRequests.detail(signedInUser(request), recordId, permissionRequestId),
      );
    },
  );

  app.post(
    '/permission/updateApply',
    { onRequest: authenticate, schema: { tags, ...contract('record/permission/updateApply') } },
    async (request) => {
      const { recordId, permissionRequestId, status } = request.body;
      return ok(
        request,
        await accessRequests.decide(signedInUser(request), recordId, permissionRequestId, status),
      );
    },
  );
}
