/**
 * The waiting-room calls of SPEC.md section 7: the host's list, admitting, denying (optionally
 * for good) and turning the waiting room on or off. Host only; WaitingRoomService holds the rules.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contract } from '../../lib/contract.js';
import { ok } from '../../lib/reply.js';
import { authenticate, signedInUser } from '../../plugins/auth.js';

const userIds = (list: string[]) => [...new Set(list.map(Number).filter(Number.isSafeInteger))];

export default async function waitingRoomRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Every waiting-room call needs a signed-in account (visitors too): checked once, first.
  app.addHook('onRequest', authenticate);
  const { waitingRoom } = app;
  const tags = ['conference'];
  const limit = { rateLimit: { max: 240, timeWindow: 60_000 } };

  app.post(
    '/getWaitingRoomMemberList',
    {
      config: limit,
      schema: { tags, ...contract('conference/getWaitingRoomMemberList') },
    },
    async (request) => {
      const conf = await waitingRoom.hostedBy(signedInUser(request), request.body);
      return ok(request, await waitingRoom.list(conf, request.body.codeList));
    },
  );

  app.post(
    '/approveJoin',
    {
      config: limit,
      schema: { tags, ...contract('conference/approveJoin') },
    },
    async (request) => {
      const conf = await waitingRoom.hostedBy(signedInUser(request), request.body);
      await waitingRoom.approve(conf, userIds(request.body.userIdList));
      return ok(request, null);
    },
  );

  app.post(
    '/denyJoin',
    {
      config: limit,
      schema: { tags, ...contract('conference/denyJoin') },
    },
    async (request) => {
      const conf = await waitingRoom.hostedBy(signedInUser(request), request.body);
      await waitingRoom.deny(
        conf,
        userIds(request.body.userIdList),
        request.body.addToBlackList === 1,
      );
      return ok(request, null);
    },
  );

  app.post(
    '/updateWaitingRoomStatus',
    {
      config: limit,
      schema: { tags, ...contract('conference/updateWaitingRoomStatus') },
    },
    async (request) => {
      const conf = await waitingRoom.hostedBy(signedInUser(request), request.body);
      await waitingRoom.setEnabled(conf, request.body.status === 1);
      return ok(request, null);
    },
  );
}
