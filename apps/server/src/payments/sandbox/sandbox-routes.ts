/**
 * The sandbox provider's pages, served by this server when PAYMENTS_PROVIDER is sandbox: the
 * checkout a payment session's url opens (card form → paid → back to the app; a declined card
 * stays on the form with the reason), its cancel confirmation, and the subscription portal
 * (cancel, resume, switch plan, change card).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { productById } from '@meet/shared';
import { requestLanguage } from '../../lib/language.js';
import { cancelPage, checkoutPage, messagePage, portalPage } from './sandbox-pages.js';
import { SandboxProvider, type PortalAction } from './sandbox-provider.js';
import type { CardInput } from './test-cards.js';

type Form = CardInput & { name?: unknown; action?: unknown };
type Params = { Params: { id: string } };

const ACTIONS: readonly PortalAction[] = ['cancel', 'resume', 'switch', 'card'];
const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 100) : '');

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(body);
}

export default async function sandboxRoutes(app: FastifyInstance) {
  const sandbox = app.billing.provider;
  if (!(sandbox instanceof SandboxProvider)) return;
  const hide = { schema: { hide: true } };

  app.get<Params>('/sandbox-pay/checkout/:id', hide, async (request, reply) => {
    const language = requestLanguage(request);
    const row = await sandbox.findCheckout(request.params.id);
    const product = row && productById(row.productId);
    if (!row || !product) return html(reply, 404, messagePage('sessionGone', language));
    if (row.status === 'complete') {
      return html(reply, 200, messagePage('sessionPaid', language, row.successUrl));
    }
    if (!sandbox.isOpen(row))
      return html(reply, 410, messagePage('sessionGone', language, row.cancelUrl));
    return html(
      reply,
      200,
      checkoutPage({ id: row.id, product, email: row.customerEmail }, language),
    );
  });

  app.post<Params & { Body: Form | undefined }>(
    '/sandbox-pay/checkout/:id',
    hide,
    async (request, reply) => {
      const language = requestLanguage(request);
      const form: Form = request.body ?? {};
      const outcome = await sandbox.pay(request.params.id, form);
      if (outcome.kind === 'paid') return reply.redirect(outcome.redirect, 303);
      const row = await sandbox.findCheckout(request.params.id);
      const product = row && productById(row.productId);
      if (outcome.kind === 'gone' || !row || !product) {
        return html(reply, 410, messagePage('sessionGone', language, row?.cancelUrl));
      }
      return html(
        reply,
        400,
        checkoutPage(
          {
            id: row.id,
            product,
            email: row.customerEmail,
            // The number and expiry come back for correction; the security code never does.
            values: {
              cardNumber: text(form.cardNumber),
              expiry: text(form.expiry),
              name: text(form.name),
            },
            problems: outcome.problems,
          },
          language,
        ),
      );
    },
  );

  app.get<Params>('/sandbox-pay/checkout/:id/cancel', hide, async (request, reply) => {
    const language = requestLanguage(request);
    const row = await sandbox.findCheckout(request.params.id);
    if (!row || !sandbox.isOpen(row)) {
      return html(reply, 410, messagePage('sessionGone', language, row?.cancelUrl));
    }
    return html(reply, 200, cancelPage(row.id, language));
  });

  app.post<Params>('/sandbox-pay/checkout/:id/cancel', hide, async (request, reply) => {
    const row = await sandbox.expireCheckout(request.params.id);
    if (!row) return html(reply, 404, messagePage('sessionGone', requestLanguage(request)));
    if (row.status === 'complete') return reply.redirect(row.successUrl, 303);
    return reply.redirect(row.cancelUrl, 303);
  });

  app.get<Params & { Querystring: { saved?: unknown } }>(
    '/sandbox-pay/portal/:id',
    hide,
    async (request, reply) => {
      const language = requestLanguage(request);
      const found = await sandbox.portal(request.params.id);
      if (!found) return html(reply, 410, messagePage('portalGone', language));
      const sub = found.subscription;
      return html(
        reply,
        200,
        portalPage(
          {
            id: request.params.id,
            returnUrl: found.returnUrl,
            subscription: sub,
            product: sub && sandbox.productOf(sub),
            saved: request.query.saved === '1',
          },
          language,
        ),
      );
    },
  );

  app.post<Params & { Body: Form | undefined }>(
    '/sandbox-pay/portal/:id',
    hide,
    async (request, reply) => {
      const language = requestLanguage(request);
      const form: Form = request.body ?? {};
      const action = ACTIONS.find((a) => a === form.action);
      const found = await sandbox.portal(request.params.id);
      if (!found || !action)
        return html(reply, found ? 400 : 410, messagePage('portalGone', language));
      const outcome = await sandbox.portalAction(request.params.id, action, form);
      if (outcome.kind === 'saved') {
        return reply.redirect(
          `/sandbox-pay/portal/${encodeURIComponent(request.params.id)}?saved=1`,
          303,
        );
      }
      const again = await sandbox.portal(request.params.id);
      const sub = again?.subscription;
      return html(
        reply,
        outcome.kind === 'gone' ? 410 : 400,
        portalPage(
          {
            id: request.params.id,
            returnUrl: found.returnUrl,
            subscription: sub,
            product: sub && sandbox.productOf(sub),
            values: { cardNumber: text(form.cardNumber), expiry: text(form.expiry) },
            ...(outcome.kind === 'invalid' ? { problems: outcome.problems } : {}),
          },
          language,
        ),
      );
    },
  );
}
