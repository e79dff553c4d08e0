/**
 * Pro through the built-in sandbox checkout, end to end over HTTP: the products and prices, the
 * checkout page and its test cards, the payment status, the plan that follows the subscription
 * (userType 2, payType 3, expiredTime; video recording, 10 GB, monthly AI credits) and every
 * refusal. The subscription over time is in payments-lifecycle.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  PAYMENT_STATUS,
  PRO_MONTHLY_AI_CREDITS,
  PRO_STORAGE_BYTES,
  SIGNUP_AI_CREDITS,
  addMonths,
} from '@meet/shared';
import { build, type TestApp } from './helper.js';
import {
  CARD,
  DAY,
  RETURN,
  SITE,
  payOnPage,
  paymentStatus,
  planOf,
  startCheckout,
} from './billing-fixture.js';
import { createMeeting, registered, visitor } from './room-members.js';

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

describe('plans and prices', () => {
  test('getBenefitByUserType answers Pro with the monthly (4.99 USD) and yearly (49.90 USD, 4.16 a month) products, without signing in', async () => {
    const res = await t.post('/api/benefit/getBenefitByUserType', {});
    expect(res.statusCode).toBe(200);
    const [pro] = res.json().payload;
    expect(pro).toMatchObject({
      benefitId: 'pro',
      userType: 2,
      videoRecording: true,
      storageBytes: PRO_STORAGE_BYTES,
      monthlyAiCredits: PRO_MONTHLY_AI_CREDITS,
    });
    expect(pro.products).toEqual([
      expect.objectContaining({
        productId: 'pro-monthly',
        productType: 1,
        amount: '4.99',
        monthlyAmount: '4.99',
        currency: 'USD',
      }),
      expect.objectContaining({
        productId: 'pro-yearly',
        productType: 2,
        amount: '49.90',
        monthlyAmount: '4.16',
        freeMonths: 2,
      }),
    ]);
    // A form body names the types as "2,1"; only Pro is sold.
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/benefit/getBenefitByUserType',
      payload: 'userTypeList=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.json().payload).toEqual([]);
  });

  test('getBenefitByBenefitId answers Pro, and productNotFound for anything else', async () => {
    expect(
      (await t.post('/api/benefit/getBenefitByBenefitId', { benefitId: 'pro' })).json().payload
        .benefitId,
    ).toBe('pro');
    const other = await t.post('/api/benefit/getBenefitByBenefitId', { benefitId: 'gold' });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: -1, key: 'productNotFound' });
  });
});

describe('the sandbox checkout', () => {
  test('the checkout page has the card inputs and one submit button, under our Content Security Policy', async () => {
    const user = await registered(t);
    const { url } = await startCheckout(t, user.token, 'pro-monthly');
    expect(url).toMatch(/^http:\/\/localhost\/sandbox-pay\/checkout\/cs_sbx_\w+$/);
    const page = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    for (const name of ['cardNumber', 'expiry', 'cvc'])
      expect(page.body).toContain(`name="${name}"`);
    expect(page.body.match(/type="submit"/g)).toHaveLength(1);
    expect(page.body).not.toMatch(/<script/i);
    expect(page.body).toContain('4.99 USD per month');
    const zh = await t.app.inject({
      method: 'GET',
      url: new URL(url).pathname,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body).toContain('订阅 Meet Pro');
  });

  test('a basic user pays with 4242 4242 4242 4242 and becomes Pro: userType 2, payType 3, a future expiredTime, 600 AI credits, video recording', async () => {
    const user = await registered(t);
    expect(await planOf(t, user.token)).toMatchObject({ userType: 1, payType: 0 });
    const { sessionId, url } = await startCheckout(t, user.token, 'pro-yearly');
    expect(await paymentStatus(t, user.token, sessionId)).toBe(PAYMENT_STATUS.pending);

    const paid = await payOnPage(t, url);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(RETURN.redirectUrl);
    expect(await paymentStatus(t, user.token, sessionId)).toBe(PAYMENT_STATUS.success);

    const plan = await planOf(t, user.token);
    expect(plan).toEqual({
      userType: 2,
      payType: 3,
      expiredTime: addMonths(t.clock.now(), 12),
      energyPoint: SIGNUP_AI_CREDITS + PRO_MONTHLY_AI_CREDITS,
    });
    expect(plan.expiredTime).toBeGreaterThan(t.clock.now());

    const status = (await t.post('/api/frequency/status', {}, user.token)).json().payload;
    expect(status).toMatchObject({
      plan: 'pro',
      videoRecord: 1,
      storageBytes: PRO_STORAGE_BYTES,
      subscription: { productType: 2, status: 'active', cancelAtPeriodEnd: false },
    });

    // The meeting's recordFuncStatus says what the viewer's plan allows.
    const meeting = await createMeeting(t, user);
    const basic = await registered(t);
    const info = (token: string) =>
      t.post('/api/conference/getConferenceInfo', { conferenceId: meeting.id }, token);
    expect((await info(user.token)).json().payload.recordFuncStatus).toMatchObject({
      videoRecord: 1,
      videoReason: '',
    });
    expect((await info(basic.token)).json().payload.recordFuncStatus).toMatchObject({
      audioRecord: 1,
      videoRecord: 0,
      videoReason: 'videoRecordPro',
    });

    // Paying again on the same page does nothing more.
    const again = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(again.body).toContain('This checkout has been paid.');
    expect((await payOnPage(t, url)).statusCode).toBe(410);
    expect((await planOf(t, user.token)).energyPoint).toBe(
      SIGNUP_AI_CREDITS + PRO_MONTHLY_AI_CREDITS,
    );
  });

  test('the declined card 4000 0000 0000 0002 keeps the payer on the checkout with "Your card was declined." (both languages) and the plan; nothing is paid and another card still pays', async () => {
    const user = await registered(t);
    const { sessionId, url } = await startCheckout(t, user.token, 'pro-monthly');
    const res = await payOnPage(t, url, CARD.declined);
    // Not sent back to the app's error page: the same checkout, its plan, the reason.
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('Your card was declined.');
    expect(res.body).toContain('Meet Pro, monthly');
    expect(res.body).toContain(`action="${new URL(url).pathname}"`);
    expect(res.body).not.toContain('value="123"');
    const zh = await t.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      payload: `cardNumber=${encodeURIComponent(CARD.declined)}&expiry=12%2F34&cvc=123`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'zh' },
    });
    expect(zh.statusCode).toBe(400);
    expect(zh.body).toContain('您的卡被拒绝。');
    expect(zh.body).toContain('Meet Pro 月度套餐');
    expect(await paymentStatus(t, user.token, sessionId)).toBe(PAYMENT_STATUS.pending);
    expect(await planOf(t, user.token)).toMatchObject({
      userType: 1,
      payType: 0,
      energyPoint: SIGNUP_AI_CREDITS,
    });
    // The checkout is still open: a good card pays it.
    const paid = await payOnPage(t, url);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(RETURN.redirectUrl);
    expect(await paymentStatus(t, user.token, sessionId)).toBe(PAYMENT_STATUS.success);
  });

  test("a card form with mistakes comes back with the checkout's texts, in the request's language, and nothing is paid", async () => {
    const user = await registered(t);
    const { sessionId, url } = await startCheckout(t, user.token);
    const res = await payOnPage(t, url, '4242 4242 4242 4241', { expiry: '01/20', cvc: '1' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Your card number is not valid.');
    expect(res.body).toContain('Your card has expired.');
    expect(res.body).toContain('Your card&#39;s security code is not valid.');
    expect(res.body).not.toContain('value="1"');
    const zh = await t.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      payload: 'cardNumber=1&expiry=13%2F40&cvc=123',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'zh' },
    });
    expect(zh.body).toContain('卡号无效。');
    expect(zh.body).toContain('有效期格式不正确。');
    expect(await paymentStatus(t, user.token, sessionId)).toBe(PAYMENT_STATUS.pending);
  });

  test('cancelling on the checkout page goes back to errorUrl and fails the payment', async () => {
    const user = await registered(t);
    const { sessionId, url } = await startCheckout(t, user.token);
    const path = `${new URL(url).pathname}/cancel`;
    const confirm = await t.app.inject({ method: 'GET', url: path });
    expect(confirm.body).toContain('Cancel this payment?');
    const res = await t.app.inject({ method: 'POST', url: path });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(RETURN.errorUrl);
    expect(await paymentStatus(t, user.token, sessionId)).toBe(PAYMENT_STATUS.failed);
  });

  test('an unpaid checkout expires after a day and its payment fails', async () => {
    const user = await registered(t);
    const { sessionId, url } = await startCheckout(t, user.token);
    t.clock.advance(DAY + 1);
    await tick();
    expect(await paymentStatus(t, user.token, sessionId)).toBe(PAYMENT_STATUS.failed);
    expect((await t.app.inject({ method: 'GET', url: new URL(url).pathname })).statusCode).toBe(
      410,
    );
  });

  test('refusals: a Pro user cannot subscribe twice, visitors cannot subscribe, unknown products and return addresses of other sites are refused', async () => {
    const pro = await proUser();
    const twice = await t.post(
      '/api/payment/stripe/createSubscribeSession',
      { productId: 'pro-monthly', ...RETURN },
      pro.token,
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: -1,
      key: 'alreadyPro',
      msg: 'You already have Pro. Manage it under Subscription',
    });

    const guest = await visitor(t);
    const byGuest = await t.post(
      '/api/payment/stripe/createSubscribeSession',
      { productId: 'pro-monthly', ...RETURN },
      guest.token,
    );
    expect(byGuest.statusCode).toBe(403);
    expect(byGuest.json().key).toBe('realLoginRequired');

    const user = await registered(t);
    const unknown = await t.post(
      '/api/payment/stripe/createSubscribeSession',
      { productId: 'pro-weekly', ...RETURN },
      user.token,
    );
    expect(unknown.json()).toMatchObject({ code: -1, key: 'productNotFound' });

    for (const [field, value] of [
      ['redirectUrl', 'https://evil.example/steal'],
      ['errorUrl', 'javascript:alert(1)'],
      ['redirectUrl', '//evil.example/x'],
    ]) {
      const res = await t.post(
        '/api/payment/stripe/createSubscribeSession',
        { productId: 'pro-monthly', ...RETURN, [field!]: value },
        user.token,
      );
      expect(res.statusCode, `${field} ${value}`).toBe(400);
      expect(res.json().key).toBe('invalidReturnUrl');
    }
    const zh = await t.post(
      '/api/payment/stripe/createSubscribeSession',
      { productId: 'pro-monthly', ...RETURN, redirectUrl: 'https://evil.example/', language: 'zh' },
      user.token,
    );
    expect(zh.json().msg).toBe('返回地址必须是本站的页面');
  });

  test("paymentStatus of another user's session, or of no session, is not found", async () => {
    const owner = await registered(t);
    const { sessionId } = await startCheckout(t, owner.token);
    const other = await registered(t);
    for (const id of [sessionId, 'cs_sbx_doesnotexist']) {
      const res = await t.post('/api/payment/stripe/paymentStatus', { sessionId: id }, other.token);
      expect(res.statusCode).toBe(404);
      expect(res.json().key).toBe('paymentSessionNotFound');
    }
  });

  test('without a subscription there is no portal to open', async () => {
    const user = await registered(t);
    const res = await t.post('/api/payment/stripe/customerPortal', {}, user.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().key).toBe('noSubscription');
  });
});

test('SITE is where app.inject reaches the app', () => {
  expect(SITE).toBe('http://localhost');
});
