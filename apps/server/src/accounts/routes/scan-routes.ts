/**
 * Sign-in by QR code (SPEC.md section 7: `/user/upload-scan-info` and `/user/get-scan-result`,
 * no auth): the sign-in page asks for a code for its QR image plus a key only it holds, then
 * asks for the result until the code is approved, denied or expired. A device signed in to an
 * account (not a guest) that opens the code's link sees what asks (`/user/scan-info`: what the
 * server saw of it, sign-in/scan-requester.ts) and approves or denies it (`/user/approve-scan`);
 * an approval signs the waiting page in to the approver's own account, nobody else's.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { maskEmail } from '@meet/shared';
import { contract } from '../../lib/contract.js';
import { ok } from '../../lib/reply.js';
import { requireRealUser, signedInUser } from '../../plugins/auth.js';
import { scanStatusOf } from '../../sign-in/scan-logins-repository.js';
import { deviceLabel, readRequester, requesterOf } from '../../sign-in/scan-requester.js';
import { signInPayload } from './sign-in-reply.js';

export default async function scanRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { scanLogins, clock } = app;
  const { limits } = app.config;
  const tags = ['user'];

  app.post(
    '/upload-scan-info',
    {
      config: { rateLimit: { max: limits.authPerMinute, timeWindow: 60_000 } },
      schema: { tags, ...contract('user/upload-scan-info') },
    },
    async (request) => {
      const requester = requesterOf(request.headers['user-agent'] ?? '', request.ip);
      const code = await scanLogins.create(requester);
      return ok(request, { ...code, path: `/scan/${code.scanId}` });
    },
  );

  app.post(
    '/get-scan-result',
    {
      schema: { tags, ...contract('user/get-scan-result') },
    },
    async (request, reply) => {
      const { scanId, pollKey } = request.body;
      const result = await scanLogins.collect(scanId, pollKey);
      const user = result.userId === null ? undefined : await app.users.findById(result.userId);
      if (!user)
        return ok(request, {
          status: result.status === 'approved' ? 'used' : result.status,
          login: null,
        });
      return ok(request, {
        status: 'approved' as const,
        login: await signInPayload(app, user, reply),
      });
    },
  );

  app.post(
    '/scan-info',
    {
      onRequest: requireRealUser,
      schema: { tags, ...contract('user/scan-info') },
    },
    async (request) => {
      const approver = signedInUser(request);
      const row = await scanLogins.open(request.body.scanId);
      const requester = readRequester(row.deviceName);
      return ok(request, {
        scanId: row.scanId,
        deviceName: deviceLabel(requester),
        browser: requester.browser,
        os: requester.os,
        ip: requester.ip,
        sameNetwork: requester.ip !== '' && requester.ip === request.ip,
        signInAs: { userName: approver.userName, email: maskEmail(approver.email ?? '') },
        status: scanStatusOf(row, clock.now()),
        createdAt: row.createdAt.getTime(),
        expiresAt: row.expiresAt.getTime(),
      });
    },
  );

  app.post(
    '/approve-scan',
    {
      onRequest: requireRealUser,
      schema: { tags, ...contract('user/approve-scan') },
    },
    async (request) => {
      const { scanId, approve } = request.body;
      const row = await scanLogins.decide(scanId, signedInUser(request).id, approve);
      return ok(request, { status: scanStatusOf(row, clock.now()) });
    },
  );
}
