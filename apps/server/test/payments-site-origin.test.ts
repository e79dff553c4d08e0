/**
 * Payment return addresses are checked against the site's configured origins (SITE_ORIGINS,
 * PUBLIC_URL, else this machine's addresses), never against the request's Host header: a forged
 * Host cannot send the payer, after the checkout or from the portal, to another site. The
 * helper's app has SITE_ORIGINS=http://localhost (SITE) and no PUBLIC_URL.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PAYMENT_STATUS } from '@meet/shared';
import { build, type TestApp } from './helper.js';
import { RETURN, SITE, payOnPage, paymentStatus } from './billing-fixture.js';
import { registered } from './room-members.js';

const EVIL = 'http://evil.example';
const EVIL_RETURN = {
  redirectUrl: `${EVIL}/home/meetings?payment=1`,
  errorUrl: `${EVIL}/home/meetings?payment=1`,
};
/** PUBLIC_URL of the second app. */
const PUBLIC = 'https://meet.example.com';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

/** A POST as if the client had reached us at `host`. */
const postAt = (app: TestApp, host: string, url: string, body: unknown, token: string) =>
  app.post(url, body, token, { headers: { host, authorization: `Bearer ${token}` } });

const startAt = (
  app: TestApp,
  host: string,
  token: string,
  urls: { redirectUrl: string; errorUrl: string },
) =>
  postAt(
    app,
    host,
    '/api/payment/stripe/createSubscribeSession',
    { productId: 'pro-monthly', ...urls },
    token,
  );

const portalAt = (app: TestApp, host: string, token: string, body: unknown) =>
  postAt(app, host, '/api/payment/stripe/customerPortal', body, token);

/** A user who paid, so has a customer at the provider and a portal to open. */
async function payer(app: TestApp) {
  const user = await registered(app);
  const res = await startAt(app, 'localhost', user.token, RETURN);
  expect(res.json(), res.body).toMatchObject({ code: 0 });
  expect((await payOnPage(app, res.json().payload.url)).statusCode).toBe(303);
  return user;
}

/** The addresses of every link on a page. */
const links = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);
const onSite = (url: string) => url.startsWith('/') || url.startsWith(`${SITE}/`);

describe('createSubscribeSession', () => {
  test('with Host: evil.example, return addresses on evil.example are refused with invalidReturnUrl', async () => {
    const user = await registered(t);
    for (const urls of [
      EVIL_RETURN,
      { ...RETURN, redirectUrl: EVIL_RETURN.redirectUrl },
      { ...RETURN, errorUrl: EVIL_RETURN.errorUrl },
    ]) {
      const res = await startAt(t, 'evil.example', user.token, urls);
      expect(res.statusCode, JSON.stringify(urls)).toBe(400);
      expect(res.json()).toMatchObject({ code: -1, key: 'invalidReturnUrl' });
    }
  });

  test("with Host: evil.example, the site's own return addresses are accepted and the checkout is on the site", async () => {
    const user = await registered(t);
    const res = await startAt(t, 'evil.example', user.token, RETURN);
    expect(res.json(), res.body).toMatchObject({ code: 0 });
    expect(res.json().payload.url).toMatch(/^http:\/\/localhost\/sandbox-pay\/checkout\/cs_sbx_/);
  });

  test("the sandbox checkout's links and its cancel never point off the site, whatever Host the pages are asked with", async () => {
    const user = await registered(t);
    const started = await startAt(t, 'evil.example', user.token, RETURN);
    const { sessionId, url } = started.json().payload;
    const path = new URL(url).pathname;
    const headers = { host: 'evil.example' };
    const page = await t.app.inject({ method: 'GET', url: path, headers });
    expect(page.statusCode).toBe(200);
    const confirm = await t.app.inject({ method: 'GET', url: `${path}/cancel`, headers });
    for (const href of [...links(page.body), ...links(confirm.body)])
      expect(onSite(href), href).toBe(true);

    const cancelled = await t.app.inject({ method: 'POST', url: `${path}/cancel`, headers });
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(RETURN.errorUrl);
    // The closed checkout's page: its one link, "Back to Meet", goes to the site.
    const gone = await t.app.inject({ method: 'GET', url: path, headers });
    expect(gone.statusCode).toBe(410);
    expect(links(gone.body)).toEqual([RETURN.errorUrl]);
    expect(await paymentStatus(t, user.token, sessionId)).toBe(PAYMENT_STATUS.failed);
  });
});

describe('customerPortal', () => {
  test('with Host: evil.example, a returnUrl on evil.example is refused with invalidReturnUrl', async () => {
    const user = await payer(t);
    const res = await portalAt(t, 'evil.example', user.token, {
      returnUrl: `${EVIL}/home/meetings`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: -1, key: 'invalidReturnUrl' });
  });

  test("with Host: evil.example, the site's returnUrl is accepted, and without one the portal and its Back link are the site's", async () => {
    const user = await payer(t);
    const given = await portalAt(t, 'evil.example', user.token, {
      returnUrl: `${SITE}/home/meetings`,
    });
    expect(given.json(), given.body).toMatchObject({ code: 0 });

    const defaulted = await portalAt(t, 'evil.example', user.token, {});
    expect(defaulted.json(), defaulted.body).toMatchObject({ code: 0 });
    const portal = new URL(defaulted.json().payload.url);
    expect(portal.origin).toBe(SITE);
    const page = await t.app.inject({
      method: 'GET',
      url: portal.pathname,
      headers: { host: 'evil.example' },
    });
    expect(page.statusCode).toBe(200);
    expect(links(page.body)).toContain(`${SITE}/home/meetings`);
    for (const href of links(page.body)) expect(onSite(href), href).toBe(true);
  });
});

describe('PUBLIC_URL', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await build({ PUBLIC_URL: `${PUBLIC}/`, SITE_ORIGINS: '' });
  });
  afterAll(() => p.close());

  test("PUBLIC_URL's origin is the site: its return addresses are accepted whatever the Host, others refused", async () => {
    const user = await registered(p);
    const urls = { redirectUrl: `${PUBLIC}/home/meetings?payment=1`, errorUrl: `${PUBLIC}/home` };
    for (const host of ['evil.example', 'localhost', 'meet.example.com']) {
      const res = await startAt(p, host, user.token, urls);
      expect(res.json(), res.body).toMatchObject({ code: 0 });
      expect(res.json().payload.url.startsWith(`${PUBLIC}/sandbox-pay/checkout/`)).toBe(true);
    }
    for (const refused of [EVIL_RETURN, RETURN]) {
      const res = await startAt(p, 'evil.example', user.token, refused);
      expect(res.json().key, refused.redirectUrl).toBe('invalidReturnUrl');
    }
    const portal = await portalAt(p, 'evil.example', user.token, {
      returnUrl: `${EVIL}/home/meetings`,
    });
    expect(portal.json().key).toBe('invalidReturnUrl');
  });
});
