/**
 * Helpers for the payment tests: starting a checkout through the API, paying on the sandbox's
 * own checkout page (a form post, as a browser sends it), and reading the plan back.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './helper.js';

/** The site as app.inject reaches it: return addresses must be on it. */
export const SITE = 'http://localhost';
export const RETURN = {
  redirectUrl: `${SITE}/home/meetings?payment=1`,
  errorUrl: `${SITE}/home/meetings?payment=1`,
};
export const CARD = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  renewalFails: '4000 0000 0000 0341',
};

export const DAY = 24 * 60 * 60 * 1000;

export async function startCheckout(
  t: TestApp,
  token: string,
  productId = 'pro-yearly',
): Promise<{ sessionId: string; url: string }> {
  const res = await t.post(
    '/api/payment/stripe/createSubscribeSession',
    { productId, ...RETURN },
    token,
  );
  expect(res.json(), res.body).toMatchObject({ code: 0 });
  return res.json().payload;
}

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

/** Submits the sandbox card form at `url` (the session's url). */
export function payOnPage(
  t: TestApp,
  url: string,
  card = CARD.succeeds,
  extra: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: new URL(url).pathname,
    ...form({ cardNumber: card, expiry: '12/34', cvc: '123', name: 'Ada', ...extra }),
  });
}

/** Submits a form of the sandbox portal. */
export function portalAction(
  t: TestApp,
  url: string,
  action: 'cancel' | 'resume' | 'switch' | 'card',
  fields: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: new URL(url).pathname,
    ...form({ action, ...fields }),
  });
}

export async function paymentStatus(t: TestApp, token: string, sessionId: string): Promise<number> {
  const res = await t.post('/api/payment/stripe/paymentStatus', { sessionId }, token);
  expect(res.json(), res.body).toMatchObject({ code: 0 });
  return res.json().payload.paymentStatus;
}

export interface Plan {
  userType: number;
  payType: number;
  expiredTime: number;
  energyPoint: number;
}

export async function planOf(t: TestApp, token: string): Promise<Plan> {
  const { userType, payType, expiredTime, energyPoint } = (
    await t.post('/api/user/getUserInfo', {}, token)
  ).json().payload;
  return { userType, payType, expiredTime, energyPoint };
}

/** Opens the subscription portal; returns its url. */
export async function openPortal(t: TestApp, token: string): Promise<string> {
  const res = await t.post(
    '/api/payment/stripe/customerPortal',
    { returnUrl: `${SITE}/home/meetings` },
    token,
  );
  expect(res.json(), res.body).toMatchObject({ code: 0 });
  return res.json().payload.url;
}
