/**
 * Captions, translation, interpretation and AI credits (SPEC.md section 7): `/audio/*`,
 * `/conference/setAsrStatus` and `/energyPoint/*`. CaptionsService holds the rules.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ApiPath } from '@meet/shared';
import { contract, fileContract } from '../lib/contract.js';
import { requestLanguage } from '../lib/language.js';
import { ok } from '../lib/reply.js';
import { authenticate, signedInUser } from '../plugins/auth.js';
import { contentDisposition } from '../lib/content-disposition.js';
import { transcriptFile } from './transcript-file.js';

export default async function captionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const captions = app.captions;
  app.addHook('onRequest', authenticate);
  const tags = ['captions'];
  const route = <P extends ApiPath>(path: P) => ({ schema: { tags, ...contract(path) } });

  app.post('/audio/startSubtitle', route('audio/startSubtitle'), async (request) =>
    ok(request, await captions.startSubtitle(signedInUser(request), request.body.conferenceUri)),
  );
  app.post('/audio/stopSubtitle', route('audio/stopSubtitle'), async (request) =>
    ok(request, await captions.stopSubtitle(signedInUser(request), request.body.conferenceUri)),
  );
  app.post('/audio/getCaptionSettings', route('audio/getCaptionSettings'), async (request) =>
    ok(request, await captions.mine(signedInUser(request), request.body.conferenceUri)),
  );
  app.post('/conference/setAsrStatus', route('conference/setAsrStatus'), async (request) => {
    const { conferenceUri, asrStatus } = request.body;
    return ok(
      request,
      await captions.setAsrStatus(signedInUser(request), conferenceUri, asrStatus),
    );
  });

  app.post('/audio/getTranslateLanguage', route('audio/getTranslateLanguage'), async (request) => {
    const ui = requestLanguage(request);
    const { asr, translate, tts } = app.engines.describe();
    return ok(request, { list: captions.abilities(ui), engines: { asr, translate, tts } });
  });

  app.post('/audio/updateVoiceLanguage', route('audio/updateVoiceLanguage'), async (request) => {
    const { conferenceUri, language } = request.body;
    return ok(
      request,
      await captions.updateVoiceLanguage(signedInUser(request), conferenceUri, language),
    );
  });

  app.post('/audio/startTranslate', route('audio/startTranslate'), async (request) => {
    const { conferenceUri, dstLanguage, actionType } = request.body;
    return ok(
      request,
      await captions.startTranslate(
        signedInUser(request),
        conferenceUri,
        dstLanguage,
        actionType,
        requestLanguage(request),
      ),
    );
  });

  app.post('/audio/stopTranslate', route('audio/stopTranslate'), async (request) => {
    const { conferenceUri, actionType } = request.body;
    return ok(
      request,
      await captions.stopTranslate(signedInUser(request), conferenceUri, actionType),
    );
  });

  for (const [path, allowed] of [
    ['audio/enableTranslate', true],
    ['audio/disableTranslate', false],
  ] as const) {
    app.post(`/${path}`, route(path), async (request) => {
      const { conferenceUri } = request.body;
      return ok(
        request,
        await captions.setTranslateAllowed(signedInUser(request), conferenceUri, allowed),
      );
    });
  }

  app.post('/audio/startInterpret', route('audio/startInterpret'), async (request) => {
    const b = request.body;
    return ok(
      request,
      await captions.startInterpret(
        signedInUser(request),
        b.conferenceUri,
        {
          source: b.sourceLanguage,
          target: b.translateLanguage,
          tone: b.translateTone,
          useTTS: b.useTTS,
        },
        requestLanguage(request),
      ),
    );
  });

  app.post('/audio/stopInterpret', route('audio/stopInterpret'), async (request) => {
    const { conferenceUri } = request.body;
    return ok(request, await captions.stopInterpret(signedInUser(request), conferenceUri));
  });

  app.post('/audio/getTranscript', route('audio/getTranscript'), async (request) => {
    const { conferenceUri } = request.body;
    return ok(request, { list: await captions.transcript(signedInUser(request), conferenceUri) });
  });

  /** The transcript as a file: WebVTT (with cue times) or plain text. */
  app.post(
    '/audio/downloadTranscript',
    { schema: { tags, ...fileContract('audio/downloadTranscript') } },
    async (request, reply) => {
      const { conferenceUri, format } = request.body;
      const conf = await captions.meetingOf(signedInUser(request), conferenceUri);
      const lines = await captions.transcript(signedInUser(request), conferenceUri);
      const file = transcriptFile(conf, lines, format, requestLanguage(request));
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition(file.filename))
        .send(file.body);
    },
  );

  app.post(
    '/energyPoint/getCreatorEnergyPointInfo',
    route('energyPoint/getCreatorEnergyPointInfo'),
    async (request) => {
      const { conferenceUri } = request.body;
      return ok(request, await captions.creatorPoints(signedInUser(request), conferenceUri));
    },
  );
  app.post(
    '/energyPoint/getMyEnergyPointInfo',
    route('energyPoint/getMyEnergyPointInfo'),
    async (request) => ok(request, await captions.myPoints(signedInUser(request))),
  );
  app.post(
    '/energyPoint/getConsumeDetailRecord',
    route('energyPoint/getConsumeDetailRecord'),
    async (request) => {
      const pageNum = request.body?.pageNum ?? 1;
      const pageSize = request.body?.pageSize ?? 20;
      return ok(request, {
        pageNum,
        list: await captions.spending(signedInUser(request), pageNum, pageSize),
      });
    },
  );
}
