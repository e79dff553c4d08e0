/**
 * Sign-in by QR code (SPEC.md section 7: `/user/upload-scan-info` and `/user/get-scan-result`,
 * no auth): the sign-in page uploads a description of itself and gets a code for its QR image
 * plus a key only it holds, then asks for the result until the code is approved, denied or
 * expired. A signed-in device that opens the code's link sees what asks (`/user/scan-info`) and
 * approves or denies it (`/user/approve-scan`).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  approveScanBody,
  getScanResultBody,
  parseUserAgent,
  replySchema,
  scanCodePayload,
  scanInfoBody,
  scanInfoPayload,
  scanResultPayload,
  scanStatus,
  uploadScanInfoBody,
} from '@meet/shared';
import { ok } from '../../../lib/reply.js';
import { requireRealUser, signedInUser } from '../../../plugins/auth.js';
import { scanStatusOf } from '../../../repositories/scan-logins-repository.js';
import { signInPayload } from './sign-in-reply.js';

const BROWSERS = {
  chrome: 'Chrome',
  edge: 'Edge',
  firefox: 'Firefox',
  safari: 'Safari',
  other: '',
};
const SYSTEMS = {
  windows: 'Windows',
  mac: 'macOS',
  linux: 'Linux',
  android: 'Android',
  ios: 'iOS',
  other: '',
};

/** "Chrome · Linux": names, not sentences, so they read the same in every language. */
function describeBrowser(userAgent: string): string {
  const info = parseUserAgent(userAgent);
  return [BROWSERS[info.name], SYSTEMS[info.os]].filter(Boolean).join(' · ');
}

export default async function scanRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { scanLogins, clock } = app.services;
  const { limits } = app.services.config;
  const tags = ['user'];

  app.post(
    '/upload-scan-info',
    {
      config: { rateLimit: { max: limits.authPerMinute, timeWindow: 60_000 } },
      schema: { tags, body: uploadScanInfoBody, response: { 200: replySchema(scanCodePayload) } },
    },
    async (request) => {
      const deviceName =
        request.body.deviceName || describeBrowser(request.headers['user-agent'] ?? '');
      const code = await scanLogins.create(deviceName);
      return ok(request, { ...code, path: `/scan/${code.scanId}` });
    },
  );

  app.post(
    '/get-scan-result',
    {
      schema: { tags, body: getScanResultBody, response: { 200: replySchema(scanResultPayload) } },
    },
    async (request, reply) => {
      const { scanId, pollKey } = request.body;
      const result = await scanLogins.collect(scanId, pollKey);
      const user =
        result.userId === null ? undefined : await app.services.users.findById(result.userId);
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
      schema: { tags, body: scanInfoBody, response: { 200: replySchema(scanInfoPayload) } },
    },
    async (request) => {
      const row = await scanLogins.open(request.body.scanId);
      return ok(request, {
        scanId: row.scanId,
        deviceName: row.deviceName,
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
      schema: {
        tags,
        body: approveScanBody,
        response: { 200: replySchema(z.object({ status: scanStatus })) },
      },
    },
    async (request) => {
      const { scanId, approve } = request.body;
      const row = await scanLogins.decide(scanId, signedInUser(request).id, approve);
      return ok(request, { status: scanStatusOf(row, clock.now()) });
    },
  );
}
