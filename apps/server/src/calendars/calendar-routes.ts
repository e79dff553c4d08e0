/**
 * Calendars (issue 16): the signed-in user's subscription address (`/api/user/getCalendarFeed`,
 * `resetCalendarFeed`), the feed at that address, and one meeting's event for "Add to calendar".
 * The feed and the single event are plain GETs with no token: calendar apps fetch them.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.js';
import { contract } from '../lib/contract.js';
import { requestLanguage } from '../lib/language.js';
import { contentDisposition } from '../lib/content-disposition.js';
import { ok } from '../lib/reply.js';
import { requireRealUser, signedInUser } from '../plugins/auth.js';
import { lookupCaller } from '../conferences/lookup-guard.js';
import { mediaServerUrl } from '../cluster/media-node.js';

const ICS = 'text/calendar; charset=utf-8';

/** `/api/user/*` calendar calls. */
export async function calendarUserRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { calendars } = app;
  const tags = ['calendar'];
  app.post(
    '/getCalendarFeed',
    { onRequest: requireRealUser, schema: { tags, ...contract('user/getCalendarFeed') } },
    async (request) =>
      ok(request, { url: await calendars.feedUrl(signedInUser(request), mediaServerUrl(request)) }),
  );
  app.post(
    '/resetCalendarFeed',
    { onRequest: requireRealUser, schema: { tags, ...contract('user/resetCalendarFeed') } },
    async (request) =>
      ok(request, {
        url: await calendars.resetFeed(signedInUser(request), mediaServerUrl(request)),
      }),
  );
}

/** The public `.ics` addresses. */
export async function calendarFileRoutes(app: FastifyInstance) {
  const { calendars, lookupGuard } = app;

  app.get<{ Params: { file: string } }>(
    '/calendar/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const token = /^([A-Za-z0-9_-]{16,64})\.ics$/.exec(request.params.file)?.[1];
      const text =
        token && (await calendars.feed(token, mediaServerUrl(request), requestLanguage(request)));
      if (!text) throw AppError.notFound();
      return reply.type(ICS).header('cache-control', 'private, max-age=300').send(text);
    },
  );

  // By meeting number, with no account: limited per address like the API's lookups, and
  // through the lookup guard, or it would tell a scanner which numbers exist (and their topics).
  app.get<{ Params: { file: string } }>(
    '/calendar/meeting/:file',
    { schema: { hide: true }, config: { rateLimit: { max: 120, timeWindow: 60_000 } } },
    async (request, reply) => {
      const id = /^(\d{9,10})\.ics$/.exec(request.params.file)?.[1];
      if (!id) throw AppError.notFound();
      const conf = await lookupGuard.find(lookupCaller(request), id);
      const text = calendars.meetingIcs(conf, mediaServerUrl(request), requestLanguage(request));
      if (!text) throw AppError.notFound();
      return reply
        .type(ICS)
        .header('content-disposition', contentDisposition(`meeting-${id}.ics`))
        .send(text);
    },
  );
}
