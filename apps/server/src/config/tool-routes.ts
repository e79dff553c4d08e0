/** Utility calls: server time, which servers to use, the region check, and the avatars' list. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { shippedAvatars } from '@meet/shared';
import { contract, getContract } from '../lib/contract.js';
import { requestLanguage } from '../lib/language.js';
import { ok } from '../lib/reply.js';
import { authenticate } from '../plugins/auth.js';
import { mediaServerOf, mediaServerUrl } from '../cluster/media-node.js';

export default async function toolRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { clock, config } = app;

  app.get(
    '/getTimestamp',
    {
      schema: { tags: ['utility'], ...getContract('getTimestamp') },
    },
    async (request) => ok(request, { timestamp: clock.now() }),
  );

  const serverConfigHandler = async (request: FastifyRequest, conferenceId: string | undefined) => {
    const base = mediaServerUrl(request);
    const ws = base.replace(/^http/, 'ws');
    return ok(request, {
      webServer: base,
      mediaServer: conferenceId ? await mediaServerOf(request, conferenceId) : base,
      longLink: `${ws}/message`,
      mobileAppUrl: config.mobileAppUrl ?? null,
      // Named only when set, so replies stay as they were where the operator has none.
      ...(config.legalLinks.privacyUrl ? { privacyUrl: config.legalLinks.privacyUrl } : {}),
      ...(config.legalLinks.termsUrl ? { termsUrl: config.legalLinks.termsUrl } : {}),
      systemSetting: {
        isVVoiceEnabled: config.effects.voiceChanger,
        isVHumanEnabled: config.effects.avatars,
        appEnv: config.env,
        vvoiceEnv: 'browser',
        interpretEnv: config.engines.translate.join(','),
        subtitleEnv: config.engines.asr.engine,
        useSimulcast: true,
      },
    });
  };
  // The GET takes as its query what the POST takes as its body.
  const { body: serverConfigQuery, response } = contract('getServerConfig');
  app.get(
    '/getServerConfig',
    { schema: { tags: ['utility'], querystring: serverConfigQuery, response } },
    (request) => serverConfigHandler(request, request.query.conferenceId),
  );
  app.post(
    '/getServerConfig',
    { schema: { tags: ['utility'], ...contract('getServerConfig') } },
    (request) => serverConfigHandler(request, request.body.conferenceId),
  );

  app.post(
    '/tool/checkLimitRegion',
    {
      schema: { tags: ['utility'], ...contract('tool/checkLimitRegion') },
    },
    async (request) => {
      // No geo-IP database ships offline; operators list blocked address prefixes instead.
      const limited = config.limitedIpPrefixes.some((prefix) => request.ip.startsWith(prefix));
      return ok(request, { limited, isLimit: limited ? 1 : 0 });
    },
  );

  // The avatars that ship (issue 15): drawn in the browser, so the list is all the server holds.
  app.post(
    '/tool/getVirtualPersonList',
    {
      onRequest: authenticate,
      schema: { tags: ['utility'], ...contract('tool/getVirtualPersonList') },
    },
    async (request) =>
      ok(request, {
        // AVATARS=off: none are offered.
        list: config.effects.avatars ? shippedAvatars(requestLanguage(request)) : [],
      }),
  );
}
