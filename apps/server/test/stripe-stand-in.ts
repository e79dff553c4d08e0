/**
 * A local stand-in for the parts of Stripe's API this service calls (no Stripe mock exists in
 * npm or Debian): Checkout Sessions (create, retrieve), Subscriptions (retrieve) and Billing
 * Portal sessions (create), with Stripe's form-encoded requests and error shapes. Tests move its
 * state (a checkout completes, a subscription is cancelled…) and sign the matching webhook
 * events with the stripe SDK's own test-header helper, as Stripe would sign them.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Stripe from 'stripe';

export interface RecordedRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  authorization: string | undefined;
}

interface StandInSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: { price: { id: string }; current_period_start: number; current_period_end: number }[];
  };
}

interface StandInSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  url: string;
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  subscription: string | null;
  success_url: string;
  cancel_url: string;
  metadata: Record<string, string>;
  price: string;
}

export class StripeStandIn {
  readonly requests: RecordedRequest[] = [];
  readonly sessions = new Map<string, StandInSession>();
  readonly subscriptions = new Map<string, StandInSubscription>();
  /** When set, every request answers 500 (Stripe having a bad day). */
  down = false;
  private server: Server | undefined;
  private serial = 0;

  constructor(readonly webhookSecret: string) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const form = new URLSearchParams(body);
    this.requests.push({
      method: req.method ?? '',
      path: url.pathname,
      form,
      authorization: req.headers.authorization,
    });
    const send = (status: number, value: unknown) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${++this.serial}`,
      });
      res.end(JSON.stringify(value));
    };
    const missing = (what: string) =>
      send(404, {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such ${what}`,
        },
      });
    if (this.down) return send(500, { error: { type: 'api_error', message: 'stand-in is down' } });

    let m: RegExpExecArray | null;
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const id = `cs_test_${++this.serial}`;
      const session: StandInSession = {
        id,
        object: 'checkout.session',
        mode: form.get('mode') ?? '',
        status: 'open',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        customer: form.get('customer'),
        customer_email: form.get('customer_email'),
        client_reference_id: form.get('client_reference_id'),
        subscription: null,
        success_url: form.get('success_url') ?? '',
        cancel_url: form.get('cancel_url') ?? '',
        metadata: { userId: form.get('metadata[userId]') ?? '' },
        price: form.get('line_items[0][price]') ?? '',
      };
      this.sessions.set(id, session);
      return send(200, session);
    }
    if (req.method === 'GET' && (m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname))) {
      const session = this.sessions.get(m[1]!);
      return session ? send(200, session) : missing('checkout.session');
    }
    if (req.method === 'GET' && (m = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname))) {
      const sub = this.subscriptions.get(m[1]!);
      return sub ? send(200, sub) : missing('subscription');
    }
    if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      const id = `bps_test_${++this.serial}`;
      return send(200, {
        id,
        object: 'billing_portal.session',
        customer: form.get('customer'),
        return_url: form.get('return_url'),
        url: `https://billing.stripe.test/p/session/${id}`,
      });
    }
    return missing('route');
  }

  /** The customer pays a checkout: a subscription is made for the session's price. */
  complete(sessionId: string, nowMs: number, periodDays = 30): StandInSubscription {
    const session = this.sessions.get(sessionId)!;
    const start = Math.floor(nowMs / 1000);
    const customer = session.customer ?? `cus_test_${++this.serial}`;
    const sub: StandInSubscription = {
      id: `sub_test_${++this.serial}`,
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      metadata: { userId: session.metadata.userId ?? '' },
      items: {
        object: 'list',
        data: [
          {
            price: { id: session.price },
            current_period_start: start,
            current_period_end: start + periodDays * 86_400,
          },
        ],
      },
    };
    this.subscriptions.set(sub.id, sub);
    Object.assign(session, { status: 'complete', subscription: sub.id, customer });
    return sub;
  }

  /** A webhook request as Stripe sends it: the event's JSON and its Stripe-Signature header. */
  event(
    type: string,
    object: unknown,
    nowMs: number,
    options: { id?: string; secret?: string } = {},
  ): { id: string; payload: string; signature: string } {
    const id = options.id ?? `evt_test_${++this.serial}`;
    const payload = JSON.stringify({
      id,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(nowMs / 1000),
      livemode: false,
      type,
      data: { object },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? this.webhookSecret,
      timestamp: Math.floor(nowMs / 1000),
    });
    return { id, payload, signature };
  }
}
