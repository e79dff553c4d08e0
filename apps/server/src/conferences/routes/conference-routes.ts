/** The meeting calls of SPEC.md section 7 ("Meeting"), under /api/conference. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CONFERENCE_STATUS, serverText } from '@meet/shared';
import { AppError } from '../../lib/app-error.js';
import { contract } from '../../lib/contract.js';
import { requestLanguage } from '../../lib/language.js';
import { ok } from '../../lib/reply.js';
import { authenticate, signedInUser } from '../../plugins/auth.js';
import { listItemOf } from '../present.js';
import { lookupCaller } from '../lookup-guard.js';
import type { ConferenceRow, UserRow } from '../../db/schema/index.js';
import { mediaNodeOf } from '../../cluster/media-node.js';
import { refusesNewMeeting } from '../../ops/drain.js';
import hostRoutes from './host-routes.js';
import recordControlRoutes from '../../recordings/routes/record-control-routes.js';
import waitingRoomRoutes from './waiting-room-routes.js';
import reserveRoutes from './reserve-routes.js';

export default async function conferenceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { conferenceService, conferences, lookupGuard } = app;
  const tags = ['conference'];
  const lookupLimit = { rateLimit: { max: 120, timeWindow: 60_000 } };

  /** Finds a meeting by number through the lookup guard (misses count against the caller). */
  const lookup = (request: FastifyRequest, conferenceId: string): Promise<ConferenceRow> =>
    lookupGuard.find(lookupCaller(request), conferenceId);

  /** List items with the polls this user may see in each meeting (Home's poll entry). */
  async function listItems(rows: ConferenceRow[], user: UserRow) {
    const names = await conferences.userNames(rows.map((r) => r.creatorId));
    const polls = await Promise.all(rows.map((r) => app.pollService.listFor(user, r)));
    return rows.map((r, i) => ({
      ...listItemOf(r, names.get(r.creatorId) ?? ''),
      voteList: polls[i] ?? [],
    }));
  }

  app.post(
    '/createConference',
    {
      onRequest: authenticate,
      schema: { tags, ...contract('conference/createConference') },
    },
    async (request) => {
      const user = signedInUser(request);
      if (user.isVisitor) throw AppError.realLoginRequired();
      const topic =
        request.body?.topic ||
        serverText('defaultMeetingTopic', requestLanguage(request), { name: user.userName });
      const now = app.clock.now();
      const row = await conferences.create({
        topic,
        creatorId: user.id,
        reserved: false,
        timezone: 'UTC',
        startTime: now,
        endTime: null,
        asrStatus: 0,
      });
      return ok(request, await conferenceService.info(row, user.id));
    },
  );

  for (const path of ['conferenceInfo', 'v2/conferenceInfo'] as const) {
    app.post(
      `/${path}`,
      {
        config: lookupLimit,
        schema: { tags, ...contract(`conference/${path}`) },
      },
      async (request) =>
        ok(request, await conferenceService.info(await lookup(request, request.body.conferenceId))),
    );
  }

  app.post(
    '/getConferenceInfo',
    {
      onRequest: authenticate,
      config: lookupLimit,
      schema: { tags, ...contract('conference/getConferenceInfo') },
    },
    async (request) =>
      ok(
        request,
        await conferenceService.info(
          await lookup(request, request.body.conferenceId),
          signedInUser(request).id,
        ),
      ),
  );

  app.post(
    '/getConferenceStatus',
    {
      onRequest: authenticate,
      config: lookupLimit,
      schema: { tags, ...contract('conference/getConferenceStatus') },
    },
    async (request) => {
      const row = await lookup(request, request.body.conferenceId);
      const info = await conferenceService.info(row);
      return ok(request, {
        conferenceId: row.conferenceId,
        status: row.status,
        num: info.num,
        hostId: row.hostId,
        myState: await conferenceService.stateOf(
          row,
          signedInUser(request).id,
          request.body.deviceId,
        ),
      });
    },
  );

  app.post(
    '/joinConference',
    {
      onRequest: authenticate,
      config: lookupLimit,
      schema: { tags, ...contract('conference/joinConference') },
    },
    async (request) => {
      await lookup(request, request.body.conferenceId);
      // Stopping soon: members of meetings running here may come back, nobody starts a new one.
      if (refusesNewMeeting(app, request.body.conferenceId)) throw AppError.noMediaNode();
      const user = signedInUser(request);
      const result = await conferenceService.join(user, request.body);
      const { conference } = result;
      const names = await conferences.userNames([conference.hostId]);
      const media = await mediaNodeOf(request, conference.id);
      return ok(request, {
        conferenceId: conference.conferenceId,
        conferenceUri: conference.conferenceUri,
        conferenceName: conference.topic,
        conferenceProperties: conferenceService.properties(conference),
        asrStatus: conference.asrStatus,
        endTime: conference.endTime,
        hostId: conference.hostId,
        hostName: names.get(conference.hostId) ?? '',
        creatorId: conference.creatorId,
        memberId: result.memberId,
        userId: user.id,
        ...media,
        roomPass: app.roomPasses.issue({
          rowId: conference.id,
          conferenceId: conference.conferenceId,
          userId: user.id,
          deviceId: request.body.deviceId,
          node: media.mediaNode,
        }),
      });
    },
  );

  app.post(
    '/quitConference',
    {
      onRequest: authenticate,
      schema: { tags, ...contract('conference/quitConference') },
    },
    async (request) => {
      await lookup(request, request.body.conferenceId);
      await conferenceService.quit(
        signedInUser(request).id,
        request.body.conferenceId,
        request.body.deviceId,
      );
      return ok(request, null);
    },
  );

  app.post(
    '/updateUserConferenceNickname',
    {
      onRequest: authenticate,
      schema: { tags, ...contract('conference/updateUserConferenceNickname') },
    },
    async (request) => {
      await lookup(request, request.body.conferenceId);
      await conferenceService.rename(
        request.body.conferenceId,
        signedInUser(request).id,
        request.body.userConferenceName,
      );
      return ok(request, null);
    },
  );

  app.post(
    '/addEvaluate',
    {
      onRequest: authenticate,
      schema: { tags, ...contract('conference/addEvaluate') },
    },
    async (request) => {
      const row = await lookup(request, request.body.conferenceId);
      const took = await conferences.membersOfUser(row.id, signedInUser(request).id);
      if (took.length === 0) throw AppError.forbidden('notInMeeting');
      await conferences.addEvaluation(
        row.id,
        signedInUser(request).id,
        request.body.score,
        request.body.comment,
      );
      return ok(request, null);
    },
  );

  app.post(
    '/getMyRunningConferenceList',
    {
      onRequest: authenticate,
      schema: { tags, ...contract('conference/getMyRunningConferenceList') },
    },
    async (request) =>
      ok(
        request,
        await listItems(
          await conferences.listForUser(signedInUser(request).id, CONFERENCE_STATUS.running),
          signedInUser(request),
        ),
      ),
  );

  app.post(
    '/v2/getMyFinishedConferenceList',
    {
      onRequest: authenticate,
      schema: { tags, ...contract('conference/v2/getMyFinishedConferenceList') },
    },
    async (request) => {
      const page = request.body?.page ?? 1;
      const pageSize = request.body?.pageSize ?? 20;
      const rows = await conferences.listForUser(
        signedInUser(request).id,
        CONFERENCE_STATUS.finished,
        {
          limit: pageSize,
          offset: (page - 1) * pageSize,
        },
      );
      return ok(request, await listItems(rows, signedInUser(request)));
    },
  );

  await app.register(reserveRoutes, { prefix: '/reserve' });
  await app.register(hostRoutes);
  await app.register(recordControlRoutes);
  await app.register(waitingRoomRoutes);
}
