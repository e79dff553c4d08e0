/**
 * The operator's reading room, behind the ADMIN_TOKEN setting (a bearer token; without the
 * setting every call is refused): the feedback users sent (`GET /admin/feedback`, newest first,
 * with each screenshot at `/admin/feedback/:id/screenshot`) and a user's client logs
 * (`GET /admin/client-logs?email=`). Refusals are 203 like any failed sign-in, and a few a
 * minute per address, so the token cannot be guessed by trying.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FEEDBACK_PAGE_SIZE,
  ResultCode,
  emailField,
  feedbackList,
  feedbackListQuery,
  replySchema,
  type FeedbackItem,
} from '@meet/shared';
import { AppError } from '../lib/app-error.js';
import { ok } from '../lib/reply.js';
import { bearerToken } from '../plugins/auth.js';
import { ClientLogsRepository } from './client-logs-repository.js';
import { FeedbackRepository } from '../feedback/feedback-repository.js';

/** Calls a minute per client address (right or wrong token). */
const ADMIN_CALLS_PER_MINUTE = 60;
const CLIENT_LOGS_SHOWN = 500;

const digest = (text: string) => createHash('sha256').update(text).digest();

/** True when the request carries the operator's token (compared in constant time). */
export function isOperator(request: FastifyRequest, adminToken: string | undefined): boolean {
  const token = bearerToken(request);
  if (!adminToken || !token) return false;
  return timingSafeEqual(digest(token), digest(adminToken));
}

const clientLogsQuery = z.object({ email: emailField });
const clientLogItem = z.object({
  id: z.number(),
  logTime: z.number(),
  eventType: z.string(),
  agent: z.string(),
  peerId: z.string(),
  roomId: z.string(),
  meetingId: z.string(),
  value: z.unknown(),
  receivedAt: z.number(),
});

export default async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database, clock, blobs, users, config } = app;
  const feedback = new FeedbackRepository(database.db, clock);
  const logs = new ClientLogsRepository(database.db, clock);
  // After the per-address limit (an onRequest hook), so wrong guesses are counted too.
  app.addHook('preValidation', async (request) => {
    if (!isOperator(request, config.adminToken)) {
      throw new AppError(ResultCode.authFailed, 401, 'adminAuthFailed');
    }
  });
  const common = {
    config: { rateLimit: { max: ADMIN_CALLS_PER_MINUTE, timeWindow: 60_000 } },
  };
  const tags = ['admin'];

  app.get(
    '/feedback',
    {
      ...common,
      schema: {
        tags,
        security: [{ bearer: [] }],
        querystring: feedbackListQuery,
        response: { 200: replySchema(feedbackList) },
      },
    },
    async (request) => {
      const rows = await feedback.list({
        before: request.query.before,
        limit: FEEDBACK_PAGE_SIZE + 1,
      });
      const list: FeedbackItem[] = rows.slice(0, FEEDBACK_PAGE_SIZE).map((row) => ({
        id: row.id,
        userId: row.userId,
        userName: row.userName,
        email: row.email,
        content: row.content,
        clientVersion: row.clientVersion,
        device: row.device,
        screenshotUrl: row.screenshotKey ? `/admin/feedback/${row.id}/screenshot` : null,
        createdAt: row.createdAt.getTime(),
      }));
      return ok(request, { list, hasMore: rows.length > FEEDBACK_PAGE_SIZE });
    },
  );

  app.get(
    '/feedback/:id/screenshot',
    {
      ...common,
      schema: {
        tags,
        security: [{ bearer: [] }],
        params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
      },
    },
    async (request, reply) => {
      const row = await feedback.get(request.params.id);
      const blob = row?.screenshotKey ? await blobs.get(row.screenshotKey) : null;
      if (!row?.screenshotKey || !blob) throw AppError.notFound();
      return reply
        .type(row.screenshotKey.endsWith('.png') ? 'image/png' : 'image/jpeg')
        .header('content-length', blob.size)
        .header('cache-control', 'private, no-store')
        .send(blob.stream);
    },
  );

  app.get(
    '/client-logs',
    {
      ...common,
      schema: {
        tags,
        security: [{ bearer: [] }],
        querystring: clientLogsQuery,
        response: { 200: replySchema(z.object({ list: z.array(clientLogItem) })) },
      },
    },
    async (request) => {
      const user = await users.findByEmail(request.query.email);
      if (!user) throw AppError.notFound();
      const rows = await logs.ofUser(user.id, CLIENT_LOGS_SHOWN);
      return ok(request, {
        list: rows.map((row) => ({
          id: row.id,
          logTime: row.logTime,
          eventType: row.eventType,
          agent: row.agent,
          peerId: row.peerId,
          roomId: row.roomId,
          meetingId: row.meetingId,
          value: row.value === null ? null : (JSON.parse(row.value) as unknown),
          receivedAt: row.receivedAt.getTime(),
        })),
      });
    },
  );
}
