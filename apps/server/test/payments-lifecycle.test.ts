/**
 * A Pro subscription over time, through the sandbox: renewals at period ends (with each month's
 * AI credits, once), cancellation in the portal (Pro to the period's end, then basic), a renewal
 * the card fails (basic until a working card), plan switches, Pro that ran out read as basic at
 * once, and which provider runs in which environment.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PAYMENT_STATUS, PRO_MONTHLY_AI_CREDITS, SIGNUP_AI_CREDITS, addMonths } from '@meet/shared';
import { loadConfig } from '../src/config/config.js';
import { build, type TestApp } from './helper.js';
import {
  CARD,
  RETURN,
  openPortal,
  payOnPage,
  paymentStatus,
  planOf,
  portalAction,
  startCheckout,
} from './billing-fixture.js';
import { registered } from './room-members.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const tick = () => t.app.billing.tick();

/** A new user who paid for `productId` with the success card. */
async function proUser(productId = 'pro-yearly') {
  const user = await registered(t);
  const { sessionId, url } = await startCheckout(t, user.token, productId);
  expect((await payOnPage(t, url)).statusCode).toBe(303);
  expect(await paymentStatus(t, user.token, sessionId)).toBe(PAYMENT_STATUS.success);
  return user;
}

describe('the subscription over time', () => {
  test('a monthly subscription renews at its period end: still Pro, a new expiredTime and the next month of credits, granted once', async () => {
    const user = await proUser('pro-monthly');
    const first = await planOf(t, user.token);
    expect(first.energyPoint).toBe(SIGNUP_AI_CREDITS + PRO_MONTHLY_AI_CREDITS);
    t.clock.set(first.expiredTime + 1000);
    await tick();
    await tick();
    const renewed = await planOf(t, user.token);
    expect(renewed).toMatchObject({
      userType: 2,
      payType: 3,
      energyPoint: SIGNUP_AI_CREDITS + 2 * PRO_MONTHLY_AI_CREDITS,
    });
    expect(renewed.expiredTime).toBe(addMonths(first.expiredTime, 1));
  });

  test('cancelled in the portal: Pro until the period ends (Cancel shown as "Active until …"), then basic with no more credits', async () => {
    const user = await proUser('pro-monthly');
    const paid = await planOf(t, user.token);
    const portal = await openPortal(t, user.token);
    expect(portal).toMatch(/^http:\/\/localhost\/sandbox-pay\/portal\/bps_sbx_\w+$/);
    const cancel = await portalAction(t, portal, 'cancel');
    expect(cancel.statusCode).toBe(303);
    const page = await t.app.inject({ method: 'GET', url: new URL(portal).pathname + '?saved=1' });
    expect(page.body).toContain('Active until');
    expect(page.body).toContain('Don&#39;t cancel');

    // Still Pro up to the end of the paid period.
    t.clock.set(paid.expiredTime - 1000);
    await tick();
    expect((await planOf(t, user.token)).userType).toBe(2);
    const status = (await t.post('/api/frequency/status', {}, user.token)).json().payload;
    expect(status.subscription).toMatchObject({
      cancelAtPeriodEnd: true,
      currentPeriodEnd: paid.expiredTime,
    });

    t.clock.set(paid.expiredTime + 1000);
    await tick();
    const after = await planOf(t, user.token);
    expect(after).toMatchObject({ userType: 1, payType: 0, energyPoint: paid.energyPoint });
    const basic = (await t.post('/api/frequency/status', {}, user.token)).json().payload;
    expect(basic).toMatchObject({
      plan: 'basic',
      videoRecord: 0,
      subscription: { status: 'canceled' },
    });
    // A user whose Pro ended may subscribe again.
    await startCheckout(t, user.token, 'pro-monthly');
  });

  test('"Don\'t cancel" in the portal before the end keeps the subscription renewing', async () => {
    const user = await proUser('pro-monthly');
    const paid = await planOf(t, user.token);
    const portal = await openPortal(t, user.token);
    await portalAction(t, portal, 'cancel');
    await portalAction(t, portal, 'resume');
    t.clock.set(paid.expiredTime + 1000);
    await tick();
    expect(await planOf(t, user.token)).toMatchObject({
      userType: 2,
      expiredTime: addMonths(paid.expiredTime, 1),
    });
  });

  test('switching plan in the portal keeps Pro and changes the product', async () => {
    const user = await proUser('pro-monthly');
    const portal = await openPortal(t, user.token);
    expect((await portalAction(t, portal, 'switch')).statusCode).toBe(303);
    const status = (await t.post('/api/frequency/status', {}, user.token)).json().payload;
    expect(status).toMatchObject({
      plan: 'pro',
      subscription: { productType: 2, status: 'active' },
    });
  });

  test('a renewal the card fails (4000 0000 0000 0341) moves the user back to basic; a working card in the portal restores Pro', async () => {
    const user = await registered(t);
    const { url } = await startCheckout(t, user.token, 'pro-monthly');
    await payOnPage(t, url, CARD.renewalFails);
    const paid = await planOf(t, user.token);
    expect(paid.userType).toBe(2);

    t.clock.set(paid.expiredTime + 1000);
    await tick();
    expect(await planOf(t, user.token)).toMatchObject({ userType: 1, payType: 0 });
    // A second subscription while the provider retries the first could charge twice.
    const again = await t.post(
      '/api/payment/stripe/createSubscribeSession',
      { productId: 'pro-monthly', ...RETURN },
      user.token,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().key).toBe('subscriptionPastDue');
    const portal = await openPortal(t, user.token);
    const page = await t.app.inject({ method: 'GET', url: new URL(portal).pathname });
    expect(page.body).toContain('Payment failed: update your card to keep Pro');

    // The declined card is refused on the portal too.
    const declined = await portalAction(t, portal, 'card', {
      cardNumber: CARD.declined,
      expiry: '12/34',
      cvc: '123',
    });
    expect(declined.statusCode).toBe(400);
    expect(declined.body).toContain('Your card was declined.');
    expect(
      (
        await portalAction(t, portal, 'card', {
          cardNumber: CARD.succeeds,
          expiry: '12/34',
          cvc: '123',
        })
      ).statusCode,
    ).toBe(303);
    const restored = await planOf(t, user.token);
    expect(restored.userType).toBe(2);
    expect(restored.expiredTime).toBe(addMonths(t.clock.now(), 1));
  });

  test('Pro that ran out shows as basic at once, before the periodic check writes it down', async () => {
    const user = await proUser('pro-monthly');
    const portal = await openPortal(t, user.token);
    await portalAction(t, portal, 'cancel');
    const paid = await planOf(t, user.token);
    // No tick: the sandbox has not ended the subscription and the row still says Pro.
    t.clock.set(paid.expiredTime + 1);
    expect(await planOf(t, user.token)).toMatchObject({ userType: 1, payType: 0 });
    expect((await t.post('/api/frequency/status', {}, user.token)).json().payload.videoRecord).toBe(
      0,
    );
  });

  test('a yearly subscription adds its AI credits month by month, each month once', async () => {
    const user = await proUser('pro-yearly');
    const start = await planOf(t, user.token);
    const began = addMonths(start.expiredTime, -12);
    for (const month of [1, 2, 3]) {
      t.clock.set(addMonths(began, month) + 1000);
      await tick();
      await tick();
      expect((await planOf(t, user.token)).energyPoint).toBe(
        SIGNUP_AI_CREDITS + (month + 1) * PRO_MONTHLY_AI_CREDITS,
      );
    }
  });
});

describe('payments configuration', () => {
  test('PAYMENTS_PROVIDER=off: createSubscribeSession answers paymentsUnavailable', async () => {
    const off = await build({ PAYMENTS_PROVIDER: 'off' });
    try {
      const user = await registered(off);
      const res = await off.post(
        '/api/payment/stripe/createSubscribeSession',
        { productId: 'pro-monthly', ...RETURN },
        user.token,
      );
      expect(res.statusCode).toBe(403);
      expect(res.json().key).toBe('paymentsUnavailable');
      // No sandbox pages either (the web app's fallback answers the path, without a card form).
      const page = await off.app.inject({ method: 'GET', url: '/sandbox-pay/checkout/x' });
      expect(page.body).not.toContain('cardNumber');
    } finally {
      await off.close();
    }
  });

  test('the sandbox refuses to start in production, and production without Stripe has payments off', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENTS_PROVIDER: 'sandbox' })).toThrow(
      /development only/,
    );
    expect(loadConfig({ NODE_ENV: 'production' }).payments.provider).toBe('off');
    expect(loadConfig({ NODE_ENV: 'development' }).payments.provider).toBe('sandbox');
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      /STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_MONTHLY, STRIPE_PRICE_YEARLY/,
    );
  });
});
