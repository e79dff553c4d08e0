/**
 * Card payments (SPEC.md section 7, "Payments"), under /api/payment/stripe whichever provider
 * runs: `createSubscribeSession` starts a checkout, `paymentStatus` says how it went,
 * `customerPortal` opens the page where the subscription is managed; the provider's signed
 * events arrive at `webhook` (webhook.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contract } from '../../lib/contract.js';
import { ok } from '../../lib/reply.js';
import { siteUrlOf } from '../../lib/site-origin.js';
import { requireRealUser, signedInUser } from '../../plugins/auth.js';
import webhookRoutes from './webhook-routes.js';

export default async function paymentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { billing, config } = app;
  const tags = ['billing'];

  app.post(
    '/createSubscribeSession',
    {
      onRequest: requireRealUser,
      config: { accountLimit: { max: 20, by: 'user' } },
      schema: { tags, ...contract('payment/stripe/createSubscribeSession') },
    },
    async (request) =>
      ok(
        request,
        await billing.createSession(signedInUser(request), request.body, config.siteOrigins),
      ),
  );

  app.post(
    '/paymentStatus',
    {
      onRequest: requireRealUser,
      schema: { tags, ...contract('payment/stripe/paymentStatus') },
    },
    async (request) =>
      ok(request, await billing.paymentStatus(signedInUser(request), request.body.sessionId)),
  );

  app.post(
    '/customerPortal',
    {
      onRequest: requireRealUser,
      schema: { tags, ...contract('payment/stripe/customerPortal') },
    },
    async (request) => {
      const returnUrl = request.body?.returnUrl ?? `${siteUrlOf(request)}/home/meetings`;
      return ok(
        request,
        await billing.portal(signedInUser(request), returnUrl, config.siteOrigins),
      );
    },
  );

  await app.register(webhookRoutes);
}
