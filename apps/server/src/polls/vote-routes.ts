/** The poll calls of SPEC.md section 7 ("Votes"), under /api/vote. Rules live in PollService. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ResultCode, XLSX_MEDIA_TYPE, formatMessage, type ErrorKey } from '@meet/shared';
import { contract, fileContract } from '../lib/contract.js';
import { requestLanguage } from '../lib/language.js';
import { ok } from '../lib/reply.js';
import { authenticate, signedInUser } from '../plugins/auth.js';
import { contentDisposition } from '../lib/content-disposition.js';

/** A success reply whose `msg` says what happened (shared / no longer shared). */
function okSaying<T>(request: FastifyRequest, key: ErrorKey, payload: T) {
  return { code: ResultCode.success, msg: formatMessage(key, requestLanguage(request)), payload };
}

export default async function voteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const polls = app.pollService;
  const tags = ['vote'];
  // Visitors take part in meetings too, so any signed-in account may call these; the service
  // decides per meeting who is host and who is a member.
  // Every poll call needs a signed-in account: checked once for the folder, before the body.
  app.addHook('onRequest', authenticate);

  app.post('/create', { schema: { tags, ...contract('vote/create') } }, async (request) => {
    const { conferenceUri, voteList } = request.body;
    return ok(request, await polls.create(signedInUser(request), conferenceUri, voteList));
  });

  app.post('/update', { schema: { tags, ...contract('vote/update') } }, async (request) => {
    const { conferenceUri, voteId, voteList } = request.body;
    return ok(request, await polls.update(signedInUser(request), conferenceUri, voteId, voteList));
  });

  app.post('/list', { schema: { tags, ...contract('vote/list') } }, async (request) =>
    ok(request, await polls.list(signedInUser(request), request.body.conferenceUri)),
  );

  // get and result answer the same detail; counts are in it only for hosts or once published.
  for (const path of ['get', 'result'] as const) {
    app.post(`/${path}`, { schema: { tags, ...contract(`vote/${path}`) } }, async (request) =>
      ok(request, await polls.detail(signedInUser(request), request.body.voteId)),
    );
  }

  app.post('/launch', { schema: { tags, ...contract('vote/launch') } }, async (request) =>
    ok(request, await polls.launch(signedInUser(request), request.body.voteId)),
  );

  app.post('/stop', { schema: { tags, ...contract('vote/stop') } }, async (request) =>
    ok(request, await polls.stop(signedInUser(request), request.body.voteId)),
  );

  app.post('/delete', { schema: { tags, ...contract('vote/delete') } }, async (request) => {
    await polls.delete(signedInUser(request), request.body.voteId);
    return ok(request, null);
  });

  app.post(
    '/publishResult',
    { schema: { tags, ...contract('vote/publishResult') } },
    async (request) =>
      okSaying(
        request,
        'pollResultShared',
        await polls.setResultPublished(signedInUser(request), request.body.voteId, true),
      ),
  );

  app.post(
    '/unPublishResult',
    { schema: { tags, ...contract('vote/unPublishResult') } },
    async (request) =>
      okSaying(
        request,
        'pollResultHidden',
        await polls.setResultPublished(signedInUser(request), request.body.voteId, false),
      ),
  );

  app.post('/participate', { schema: { tags, ...contract('vote/participate') } }, async (request) =>
    ok(request, await polls.participate(signedInUser(request), request.body)),
  );

  /** The xlsx itself on success; failures are the usual JSON reply. */
  app.post(
    '/export',
    { schema: { tags, ...fileContract('vote/export') } },
    async (request, reply) => {
      const file = await polls.exportWorkbook(
        signedInUser(request),
        request.body.voteId,
        requestLanguage(request),
      );
      return reply
        .header('content-type', XLSX_MEDIA_TYPE)
        .header('content-disposition', contentDisposition(file.filename))
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  );
}
