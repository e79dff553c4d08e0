/**
 * The Stripe provider, through the official SDK, against a local Stripe stand-in (this
 * machine has no network and no Stripe mock exists): the Checkout Session it asks for, webhook
 * events signed with the SDK's own test-header helper and the endpoint's signing secret, the
 * Billing Portal, and what happens to the plan for each event the service uses.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  PAYMENT_STATUS,
  PRO_MONTHLY_AI_CREDITS,
  SIGNUP_AI_CREDITS,
  RENEWAL_GRACE_MS,
} from '@meet/shared';
import { build, type TestApp } from './helper.js';
import { DAY, RETURN, SITE, paymentStatus, planOf, startCheckout } from './billing-fixture.js';
import { registered } from './room-members.js';
import { StripeStandIn } from './stripe-stand-in.js';

const SECRET = 'whsec_test_local_stand_in';
const PRICES = { monthly: 'price_monthly_test', yearly: 'price_yearly_test' };

let t: TestApp;
let stripe: StripeStandIn;
beforeAll(async () => {
  stripe = new StripeStandIn(SECRET);
  const apiUrl = await stripe.start();
  t = await build({
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_local',
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_PRICE_MONTHLY: PRICES.monthly,
    STRIPE_PRICE_YEARLY: PRICES.yearly,
    STRIPE_API_URL: apiUrl,
  });
});
afterAll(async () => {
  await t.close();
  await stripe.stop();
});

const deliver = (request: { payload: string; signature: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment/stripe/webhook',
    payload: request.payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': request.signature },
  });
const now = () => t.clock.now();

/** A user whose checkout Stripe completed and told us about. */
async function subscribed(productId = 'pro-monthly') {
  const user = await registered(t);
  const { sessionId } = await startCheckout(t, user.token, productId);
  const sub = stripe.complete(sessionId, now());
  const session = stripe.sessions.get(sessionId)!;
  const res = await deliver(stripe.event('checkout.session.completed', session, now()));
  expect(res.json().payload.outcome).toBe('applied');
  return { ...user, sessionId, sub };
}

describe('Stripe (local stand-in): checkout', () => {
  test('createSubscribeSession asks Stripe for a subscription-mode Checkout Session with our price, return addresses and user, and answers its id and url', async () => {
    const user = await registered(t);
    const { sessionId, url } = await startCheckout(t, user.token, 'pro-yearly');
    expect(sessionId).toMatch(/^cs_test_/);
    expect(url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
    const sent = stripe.requests.find(
      (r) => r.path === '/v1/checkout/sessions' && r.method === 'POST',
    )!;
    expect(sent.authorization).toBe('Bearer sk_test_local');
    expect(Object.fromEntries(sent.form)).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': PRICES.yearly,
      'line_items[0][quantity]': '1',
      success_url: RETURN.redirectUrl,
      cancel_url: RETURN.errorUrl,
      client_reference_id: String(user.userId),
      'subscription_data[metadata][userId]': String(user.userId),
    });
    expect(sent.form.get('customer_email')).toMatch(/@example\.com$/);
    expect(await paymentStatus(t, user.token, sessionId)).toBe(PAYMENT_STATUS.pending);
  });

  test('checkout.session.completed, signed with the endpoint secret by the SDK test helper, makes the user Pro with payType 3 and the period end as expiredTime', async () => {
    const user = await subscribed('pro-monthly');
    const end = user.sub.items.data[0]!.current_period_end * 1000;
    expect(await planOf(t, user.token)).toEqual({
      userType: 2,
      payType: 3,
      expiredTime: end,
      energyPoint: SIGNUP_AI_CREDITS + PRO_MONTHLY_AI_CREDITS,
    });
    expect(await paymentStatus(t, user.token, user.sessionId)).toBe(PAYMENT_STATUS.success);
    // The customer Stripe made is used for the next checkout and the portal.
    const portal = await t.post(
      '/api/payment/stripe/customerPortal',
      { returnUrl: `${SITE}/home/meetings` },
      user.token,
    );
    expect(portal.json().payload.url).toMatch(
      /^https:\/\/billing\.stripe\.test\/p\/session\/bps_test_/,
    );
    const sent = stripe.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!;
    expect(sent.form.get('customer')).toBe(user.sub.customer);
    expect(sent.form.get('return_url')).toBe(`${SITE}/home/meetings`);
  });

  test('paymentStatus asks Stripe when the webhook has not arrived yet, and applies what it finds once', async () => {
    const user = await registered(t);
    const { sessionId } = await startCheckout(t, user.token);
    stripe.complete(sessionId, now());
    expect(await paymentStatus(t, user.token, sessionId)).toBe(PAYMENT_STATUS.success);
    expect((await planOf(t, user.token)).userType).toBe(2);
    // The webhook, arriving late, changes nothing more.
    await deliver(
      stripe.event('checkout.session.completed', stripe.sessions.get(sessionId), now()),
    );
    expect((await planOf(t, user.token)).energyPoint).toBe(
      SIGNUP_AI_CREDITS + PRO_MONTHLY_AI_CREDITS,
    );
  });

  test('an expired Checkout Session fails the payment', async () => {
    const user = await registered(t);
    const { sessionId } = await startCheckout(t, user.token);
    const session = stripe.sessions.get(sessionId)!;
    session.status = 'expired';
    await deliver(stripe.event('checkout.session.expired', session, now()));
    expect(await paymentStatus(t, user.token, sessionId)).toBe(PAYMENT_STATUS.failed);
    expect((await planOf(t, user.token)).userType).toBe(1);
  });
});

describe('Stripe (local stand-in): webhooks', () => {
  test('a tampered body, another secret, no signature and a stale signature are refused with 400 and change nothing', async () => {
    const user = await registered(t);
    const { sessionId } = await startCheckout(t, user.token);
    stripe.complete(sessionId, now());
    const good = stripe.event('checkout.session.completed', stripe.sessions.get(sessionId), now());
    const attempts = [
      { payload: good.payload.replace(String(user.userId), '1'), signature: good.signature },
      stripe.event('checkout.session.completed', stripe.sessions.get(sessionId), now(), {
        secret: 'whsec_other',
      }),
      { payload: good.payload, signature: '' },
      stripe.event(
        'checkout.session.completed',
        stripe.sessions.get(sessionId),
        now() - 10 * 60_000,
      ),
    ];
    for (const attempt of attempts) {
      const res = await deliver(attempt);
      expect(res.statusCode).toBe(400);
      expect(res.json().key).toBe('webhookSignatureInvalid');
    }
    expect((await planOf(t, user.token)).userType).toBe(1);
    expect((await deliver(good)).statusCode).toBe(200);
    expect((await planOf(t, user.token)).userType).toBe(2);
  });

  test('the same event delivered again is recognised and grants nothing twice', async () => {
    const user = await registered(t);
    const { sessionId } = await startCheckout(t, user.token);
    stripe.complete(sessionId, now());
    const e = stripe.event('checkout.session.completed', stripe.sessions.get(sessionId), now());
    expect((await deliver(e)).json().payload.outcome).toBe('applied');
    for (let i = 0; i < 3; i++) expect((await deliver(e)).json().payload.outcome).toBe('duplicate');
    expect((await planOf(t, user.token)).energyPoint).toBe(
      SIGNUP_AI_CREDITS + PRO_MONTHLY_AI_CREDITS,
    );
  });

  test('customer.subscription.updated with cancel_at_period_end keeps Pro to the period end, then the user is basic', async () => {
    const user = await subscribed();
    user.sub.cancel_at_period_end = true;
    await deliver(stripe.event('customer.subscription.updated', user.sub, now()));
    const end = user.sub.items.data[0]!.current_period_end * 1000;
    t.clock.set(end - 1000);
    await t.app.billing.tick();
    expect((await planOf(t, user.token)).userType).toBe(2);
    // No renewal grace for a cancelled subscription, even before Stripe sends the deletion.
    t.clock.set(end + 1000);
    expect((await planOf(t, user.token)).userType).toBe(1);
    await t.app.billing.tick();
    user.sub.status = 'canceled';
    await deliver(stripe.event('customer.subscription.deleted', user.sub, now()));
    expect(await planOf(t, user.token)).toMatchObject({ userType: 1, payType: 0 });
  });

  test("a renewing subscription keeps Pro through the renewal grace; the renewal (invoice.paid) extends it and adds the month's credits", async () => {
    const user = await subscribed();
    const item = user.sub.items.data[0]!;
    const end = item.current_period_end * 1000;
    t.clock.set(end + RENEWAL_GRACE_MS - 1000);
    await t.app.billing.tick();
    expect((await planOf(t, user.token)).userType).toBe(2);
    item.current_period_start = item.current_period_end;
    item.current_period_end += 30 * 86_400;
    await deliver(
      stripe.event(
        'invoice.paid',
        { id: 'in_1', parent: { subscription_details: { subscription: user.sub.id } } },
        now(),
      ),
    );
    expect(await planOf(t, user.token)).toMatchObject({
      userType: 2,
      expiredTime: item.current_period_end * 1000,
      energyPoint: SIGNUP_AI_CREDITS + 2 * PRO_MONTHLY_AI_CREDITS,
    });
  });

  test('invoice.payment_failed (the subscription past due) moves the user back to basic; customer.subscription.deleted ends it', async () => {
    const user = await subscribed();
    user.sub.status = 'past_due';
    await deliver(
      stripe.event('invoice.payment_failed', { id: 'in_2', subscription: user.sub.id }, now()),
    );
    expect(await planOf(t, user.token)).toMatchObject({ userType: 1, payType: 0 });
    user.sub.status = 'active';
    await deliver(stripe.event('customer.subscription.updated', user.sub, now()));
    expect((await planOf(t, user.token)).userType).toBe(2);
    user.sub.status = 'canceled';
    await deliver(stripe.event('customer.subscription.deleted', user.sub, now()));
    expect((await planOf(t, user.token)).userType).toBe(1);
  });

  test('an "active" customer.subscription.updated arriving after customer.subscription.deleted changes nothing: the subscription is read back from Stripe', async () => {
    const user = await subscribed();
    const stale = structuredClone(user.sub);
    user.sub.status = 'canceled';
    await deliver(stripe.event('customer.subscription.deleted', user.sub, now()));
    expect((await planOf(t, user.token)).userType).toBe(1);
    await deliver(stripe.event('customer.subscription.updated', stale, now() - 60_000));
    expect((await planOf(t, user.token)).userType).toBe(1);
  });

  test('a subscription Stripe reports as "canceled" never comes back from a read that crossed it', async () => {
    const user = await subscribed();
    user.sub.status = 'canceled';
    await deliver(stripe.event('customer.subscription.deleted', user.sub, now()));
    // Stripe itself answering "active" afterwards (a stale read) is dropped too.
    user.sub.status = 'active';
    await deliver(stripe.event('customer.subscription.updated', user.sub, now()));
    expect((await planOf(t, user.token)).userType).toBe(1);
  });
});

describe('Stripe (local stand-in): when Stripe does not answer', () => {
  test('createSubscribeSession says the payment service did not answer (502), and the webhook asks to be retried, changing nothing', async () => {
    const user = await registered(t);
    const { sessionId } = await startCheckout(t, user.token);
    stripe.complete(sessionId, now());
    const event = stripe.event('checkout.session.completed', stripe.sessions.get(sessionId), now());
    stripe.down = true;
    try {
      const res = await t.post(
        '/api/payment/stripe/createSubscribeSession',
        { productId: 'pro-monthly', ...RETURN },
        (await registered(t)).token,
      );
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: -1, key: 'paymentProviderError' });
      expect(res.body).not.toContain('stand-in');
      const hook = await deliver(event);
      expect(hook.statusCode).toBe(502);
      expect((await planOf(t, user.token)).userType).toBe(1);
      // The app keeps waiting rather than failing.
      expect(await paymentStatus(t, user.token, sessionId)).toBe(PAYMENT_STATUS.pending);
    } finally {
      stripe.down = false;
    }
    // Stripe's retry, once it is back, is applied.
    expect((await deliver(event)).json().payload.outcome).toBe('applied');
    expect((await planOf(t, user.token)).userType).toBe(2);
  });
});

test('one day is a day', () => {
  expect(DAY).toBe(86_400_000);
});
