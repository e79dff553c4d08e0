/** Scheduled meetings: create, update, delete and list (/api/conference/reserve/*). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CONFERENCE_STATUS } from '@meet/shared';
import { AppError } from '../../lib/app-error.js';
import { contract } from '../../lib/contract.js';
import { ok } from '../../lib/reply.js';
import { requireRealUser, signedInUser } from '../../plugins/auth.js';
import { listItemOf } from '../present.js';
import { lookupCaller } from '../lookup-guard.js';
import type { ConferenceRow } from '../../db/schema/index.js';

export default async function reserveRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Reservations belong to real accounts, never to visitors: checked once, before the body.
  app.addHook('onRequest', requireRealUser);
  const { conferenceService, conferences, clock, calendars, lookupGuard } = app;
  const tags = ['reservation'];

  /** A reservation its creator may still change: it exists, is theirs, and has not started. */
  async function ownReservation(
    request: FastifyRequest,
    conferenceId: string,
  ): Promise<ConferenceRow> {
    const user = signedInUser(request);
    // Through the lookup guard: "not yours" would otherwise tell a scanner the number exists.
    const row = await lookupGuard.find(lookupCaller(request), conferenceId);
    if (row.creatorId !== user.id) throw AppError.forbidden('notCreator');
    if (row.status !== CONFERENCE_STATUS.reserved) throw AppError.badRequest('meetingStarted');
    return row;
  }

  function checkNotPast(endTime: number) {
    if (endTime <= clock.now()) throw AppError.badRequest('meetingInPast');
  }

  app.post(
    '/create',
    {
      schema: { tags, ...contract('conference/reserve/create') },
    },
    async (request) => {
      const { topic, timezone, startTime, endTime, subtitle } = request.body;
      checkNotPast(endTime);
      const row = await conferences.create({
        topic,
        timezone,
        startTime,
        endTime,
        asrStatus: subtitle ? 1 : 0,
        creatorId: signedInUser(request).id,
        reserved: true,
      });
      const synced = (await calendars.hasFeed(signedInUser(request).id))
        ? await conferences.update(row.id, { syncCalendar: 1 })
        : row;
      return ok(request, await conferenceService.info(synced, signedInUser(request).id));
    },
  );

  app.post(
    '/update',
    {
      schema: { tags, ...contract('conference/reserve/update') },
    },
    async (request) => {
      const { conferenceId, topic, timezone, startTime, endTime, subtitle } = request.body;
      const row = await ownReservation(request, conferenceId);
      checkNotPast(endTime);
      const updated = await conferences.update(row.id, {
        topic,
        timezone,
        startTime,
        endTime,
        asrStatus: subtitle ? 1 : 0,
        // Calendars holding the event take the change.
        calendarSequence: row.calendarSequence + 1,
      });
      return ok(request, await conferenceService.info(updated, signedInUser(request).id));
    },
  );

  app.post(
    '/delete',
    {
      schema: { tags, ...contract('conference/reserve/delete') },
    },
    async (request) => {
      const row = await ownReservation(request, request.body.conferenceId);
      // Subscribed calendars remove the event (a cancellation with a higher SEQUENCE).
      await calendars.cancelled(row);
      await conferences.delete(row.id);
      return ok(request, null);
    },
  );

  app.post(
    '/list',
    {
      schema: { tags, ...contract('conference/reserve/list') },
    },
    async (request) => {
      const rows = await conferences.listForUser(
        signedInUser(request).id,
        CONFERENCE_STATUS.reserved,
        {
          onlyCreated: true,
        },
      );
      const names = await conferences.userNames(rows.map((r) => r.creatorId));
      return ok(
        request,
        rows.map((r) => listItemOf(r, names.get(r.creatorId) ?? '')),
      );
    },
  );
}
