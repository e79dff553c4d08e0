/** Utility calls: server time, which servers to use, and the region check. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replySchema, serverConfig } from '@meet/shared';
import { ok } from '../../lib/reply.js';

/** The address clients use for this node: PUBLIC_URL, or how the request reached us. */
export function mediaServerUrl(request: FastifyRequest): string {
  const configured = request.server.services.config.publicUrl;
  if (configured) return configured.replace(/\/$/, '');
  return `${request.protocol}://${request.host}`;
}

export default async function toolRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { clock, config } = app.services;

  app.get(
    '/getTimestamp',
    {
      schema: {
        tags: ['utility'],
        response: { 200: replySchema(z.object({ timestamp: z.number() })) },
      },
    },
    async (request) => ok(request, { timestamp: clock.now() }),
  );

  const serverConfigHandler = async (request: FastifyRequest) => {
    const base = mediaServerUrl(request);
    const ws = base.replace(/^http/, 'ws');
    return ok(request, {
      webServer: base,
      mediaServer: base,
      longLink: `${ws}/message`,
      mobileAppUrl: config.mobileAppUrl ?? null,
    });
  };
  const serverConfigSchema = { tags: ['utility'], response: { 200: replySchema(serverConfig) } };
  app.get('/getServerConfig', { schema: serverConfigSchema }, serverConfigHandler);
  app.post('/getServerConfig', { schema: serverConfigSchema }, serverConfigHandler);

  app.post(
    '/tool/checkLimitRegion',
    {
      schema: {
        tags: ['utility'],
        response: { 200: replySchema(z.object({ limited: z.boolean(), isLimit: z.number() })) },
      },
    },
    async (request) => {
      // No geo-IP database ships offline; operators list blocked address prefixes instead.
      const limited = config.limitedIpPrefixes.some((prefix) => request.ip.startsWith(prefix));
      return ok(request, { limited, isLimit: limited ? 1 : 0 });
    },
  );
}
