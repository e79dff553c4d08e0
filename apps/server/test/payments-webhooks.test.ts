/**
 * The webhook path every provider event takes (the sandbox's deliveries too): signatures are
 * checked before anything is read (tampered, unsigned, wrongly signed or stale events are
 * refused and change nothing), replays are recognised by their id, and events arriving out of
 * order cannot move a subscription backwards because it is read back from the provider.
 */
import { asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PAYMENT_STATUS, PRO_MONTHLY_AI_CREDITS, SIGNUP_AI_CREDITS } from '@meet/shared';
import { paymentEvents, sandboxEvents, subscriptions } from '../src/db/schema/index.js';
import { signPayload } from '../src/payments/payment-provider.js';
import type { SandboxProvider } from '../src/payments/sandbox/sandbox-provider.js';
import { build, type TestApp } from './helper.js';
import {
  openPortal,
  payOnPage,
  paymentStatus,
  planOf,
  portalAction,
  startCheckout,
} from './billing-fixture.js';
import { registered } from './room-members.js';

let t: TestApp;
let sandbox: SandboxProvider;
beforeAll(async () => {
  t = await build();
  sandbox = t.app.billing.provider as SandboxProvider;
});
afterAll(() => t.close());

const db = () => t.app.database.db;
const deliver = (payload: string, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment/stripe/webhook',
    payload,
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'stripe-signature': signature }),
    },
  });
const sign = (payload: string, at = t.clock.now()) =>
  signPayload(payload, sandbox.webhookSecret, at);
/** Takes the sandbox's events into the test's hands instead of delivering them. */
const holdDeliveries = () =>
  sandbox.attach(async () => {
    throw new Error('held by the test');
  });
const resumeDeliveries = () =>
  sandbox.attach(async (payload, signature) => {
    await t.app.billing.receiveWebhook(payload, signature);
  });
const pending = () =>
  db()
    .select()
    .from(sandboxEvents)
    .where(isNull(sandboxEvents.deliveredAt))
    .orderBy(asc(sandboxEvents.id));

async function paidUser(productId = 'pro-monthly') {
  const user = await registered(t);
  const { sessionId, url } = await startCheckout(t, user.token, productId);
  await payOnPage(t, url);
  return { ...user, sessionId };
}

function event(
  type: string,
  object: Record<string, unknown>,
  id = `evt_test_${Math.random().toString(36).slice(2)}`,
) {
  return JSON.stringify({
    id,
    object: 'event',
    created: Math.floor(t.clock.now() / 1000),
    type,
    data: { object },
  });
}

describe('signatures', () => {
  test('a correctly signed event is taken; the same event with a changed body is refused with 400 and changes nothing', async () => {
    const user = await paidUser();
    const [sub] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.userId));
    const payload = event('customer.subscription.updated', { id: sub!.id, status: 'canceled' });
    const signature = sign(payload);

    const tampered = payload.replace(
      'customer.subscription.updated',
      'customer.subscription.deleted',
    );
    const refused = await deliver(tampered, signature);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: -1, key: 'webhookSignatureInvalid' });
    expect(
      await db()
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.eventId, JSON.parse(payload).id)),
    ).toEqual([]);

    const taken = await deliver(payload, signature);
    expect(taken.statusCode).toBe(200);
    expect(taken.json().payload.outcome).toBe('applied');
    // What the event claimed ("canceled") is not what happened: the sandbox says active.
    expect((await planOf(t, user.token)).userType).toBe(2);
  });

  test('no signature, a signature made with another secret, or one older than five minutes is refused and changes nothing', async () => {
    const user = await paidUser();
    const [sub] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.userId));
    const payload = event('customer.subscription.deleted', { id: sub!.id });
    const cases: [string, string | undefined][] = [
      ['no header', undefined],
      ['an empty header', ''],
      ['garbage', 't=1,v1=00'],
      ['another secret', signPayload(payload, 'whsec_someone_else', t.clock.now())],
      ['six minutes old', sign(payload, t.clock.now() - 6 * 60_000)],
      ['a header 3000 characters long', `t=1,v1=${'a'.repeat(3000)}`],
    ];
    for (const [name, signature] of cases) {
      const res = await deliver(payload, signature);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().key, name).toBe('webhookSignatureInvalid');
    }
    const formBody = await t.app.inject({
      method: 'POST',
      url: '/api/payment/stripe/webhook',
      payload: 'a=1',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'stripe-signature': sign('a=1'),
      },
    });
    expect(formBody.statusCode).toBe(400);
    expect((await planOf(t, user.token)).userType).toBe(2);
  });
});

describe('replays and order', () => {
  test('replayed events are recognised by their id: nothing is applied or granted twice', async () => {
    const user = await paidUser('pro-monthly');
    const before = await planOf(t, user.token);
    const delivered = await db().select().from(sandboxEvents);
    expect(delivered.length).toBeGreaterThan(0);
    for (const e of delivered) {
      const res = await deliver(e.payload, sign(e.payload));
      expect(res.statusCode).toBe(200);
      expect(res.json().payload.outcome).toBe('duplicate');
    }
    expect(await planOf(t, user.token)).toEqual(before);
    expect(before.energyPoint).toBe(SIGNUP_AI_CREDITS + PRO_MONTHLY_AI_CREDITS);
  });

  test('a new event about the same paid month grants no second month of credits', async () => {
    const user = await paidUser('pro-monthly');
    const [sub] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.userId));
    for (let i = 0; i < 3; i++) {
      const payload = event('invoice.paid', {
        id: `in_${i}`,
        parent: { subscription_details: { subscription: sub!.id } },
      });
      expect((await deliver(payload, sign(payload))).json().payload.outcome).toBe('applied');
    }
    expect((await planOf(t, user.token)).energyPoint).toBe(
      SIGNUP_AI_CREDITS + PRO_MONTHLY_AI_CREDITS,
    );
  });

  test('events delivered newest first end where the subscription is: Pro until a cancelled period ends, credits once', async () => {
    holdDeliveries();
    const user = await registered(t);
    const { sessionId, url } = await startCheckout(t, user.token, 'pro-monthly');
    await payOnPage(t, url);
    const portal = await openPortal(t, user.token).catch(() => undefined);
    // Nothing delivered yet, so no customer is known to us and there is no portal yet.
    expect(portal).toBeUndefined();
    expect((await planOf(t, user.token)).userType).toBe(1);

    const held = await pending();
    expect(held.map((e) => JSON.parse(e.payload).type)).toEqual([
      'customer.subscription.created',
      'invoice.paid',
      'checkout.session.completed',
    ]);
    for (const e of [...held].reverse()) {
      expect((await deliver(e.payload, sign(e.payload))).statusCode).toBe(200);
    }
    resumeDeliveries();
    expect(await paymentStatus(t, user.token, sessionId)).toBe(PAYMENT_STATUS.success);
    const plan = await planOf(t, user.token);
    expect(plan).toMatchObject({
      userType: 2,
      payType: 3,
      energyPoint: SIGNUP_AI_CREDITS + PRO_MONTHLY_AI_CREDITS,
    });
  });

  test('an old "active" update arriving after the deletion does not bring Pro back', async () => {
    const user = await paidUser('pro-monthly');
    const [sub] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.userId));
    const created = (await db().select().from(sandboxEvents)).find(
      (e) =>
        JSON.parse(e.payload).type === 'customer.subscription.created' &&
        e.payload.includes(sub!.id),
    )!;
    const portal = await openPortal(t, user.token);
    await portalAction(t, portal, 'cancel');
    t.clock.set(sub!.currentPeriodEnd + 1000);
    await t.app.billing.tick();
    expect((await planOf(t, user.token)).userType).toBe(1);

    // The creation event (status active) again under a new id, as if a late retry.
    const late = JSON.parse(created.payload);
    late.id = `${late.id}_late`;
    const payload = JSON.stringify(late);
    expect((await deliver(payload, sign(payload))).json().payload.outcome).toBe('applied');
    expect(await planOf(t, user.token)).toMatchObject({ userType: 1, payType: 0 });
    const [held] = await db().select().from(subscriptions).where(eq(subscriptions.id, sub!.id));
    expect(held!.status).toBe('canceled');
  });

  test('a delivery the endpoint does not take is retried later, and applied once', async () => {
    holdDeliveries();
    const user = await registered(t);
    const { sessionId, url } = await startCheckout(t, user.token, 'pro-monthly');
    await payOnPage(t, url);
    expect((await pending()).length).toBe(3);
    resumeDeliveries();
    await t.app.billing.tick();
    expect(await pending()).toEqual([]);
    expect(await paymentStatus(t, user.token, sessionId)).toBe(PAYMENT_STATUS.success);
    expect((await planOf(t, user.token)).energyPoint).toBe(
      SIGNUP_AI_CREDITS + PRO_MONTHLY_AI_CREDITS,
    );
  });

  test('an event about a subscription nobody knows, or of a type we do not use, is noted and changes nothing', async () => {
    for (const [type, object] of [
      ['customer.subscription.updated', { id: 'sub_nobody' }],
      ['invoice.paid', { id: 'in_x', subscription: 'sub_nobody' }],
      ['charge.refunded', { id: 'ch_1' }],
      ['checkout.session.completed', { id: 'cs_x', subscription: null }],
    ] as const) {
      const payload = event(type, object);
      const res = await deliver(payload, sign(payload));
      expect(res.statusCode, type).toBe(200);
      expect(res.json().payload.outcome, type).toBe('ignored');
    }
  });
});
